package dev.vitrine.core.contract;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Arbitrary bytes as the first contract fixture's file of every registered format, through the
 * contract's open/read/verify path. The corpus (FormatFuzzTestInputs/everyFormat/: small real
 * files and damaged ones, named by the format they were made for) is replayed for every format
 * by plain `mvn test`, here and, named per format, in {@link FormatContractTest}; with
 * `JAZZER_FUZZ=1` Jazzer fuzzes from it. Any exception or problem outside the file is a finding.
 */
class FormatFuzzTest {
    private static List<ContractFixture> targets;

    private static synchronized List<ContractFixture> targets() throws Exception {
        if (targets == null)
            targets = FormatContractTest.fixtures().values().stream()
                    .map(List::getFirst)
                    .toList();
        return targets;
    }

    /** Every seed, sorted. */
    static List<Path> seeds() throws IOException, URISyntaxException {
        Path root = Path.of(FormatFuzzTest.class
                .getResource("FormatFuzzTestInputs/everyFormat")
                .toURI());
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @FuzzTest(maxDuration = "60s")
    void everyFormat(byte[] data) throws Exception {
        for (ContractFixture f : targets()) Exerciser.exercise(f, data, true);
    }
}
