package dev.vitrine.core.contract;

import java.util.List;

/**
 * What a format's test package gives the format contract: its small fixtures. Registered in
 * src/test/resources/META-INF/services/dev.vitrine.core.contract.ContractFixtures, so that the
 * contract never names a format; a registered format without fixtures fails the contract.
 * The first fixture of a format is where the fuzz seeds and random bytes go.
 */
public interface ContractFixtures {
    List<ContractFixture> fixtures() throws Exception;
}
