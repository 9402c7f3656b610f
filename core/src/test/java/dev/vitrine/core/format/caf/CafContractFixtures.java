package dev.vitrine.core.format.caf;

import static dev.vitrine.core.contract.Sweep.*;

import dev.vitrine.core.contract.ContractFixture;
import dev.vitrine.core.contract.ContractFixtures;
import dev.vitrine.core.contract.Nodes;
import dev.vitrine.core.contract.SingleFileFixture;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.limits.Limits;
import java.nio.file.Files;
import java.util.List;

/**
 * The reference sample. CAF has no checksum: its file data is raw bytes, so flips there are only
 * survived, and a flip in the index (JSON) may only rename a file. What is checked is the
 * footer (u32 index size; its flips are reported) and the index's syntax: every byte of the
 * index and footer changed four ways (xor 0x01, 0x20, 0x80, 0xff) is survived and more than
 * half of the changes reported, six JSON-significant values are survived, and every cut in the
 * index and footer (and 64 bytes before) is reported like every other cut.
 */
public final class CafContractFixtures implements ContractFixtures {
    @Override
    public List<ContractFixture> fixtures() throws Exception {
        byte[] sample = Files.readAllBytes(CafTestFiles.sample());
        SingleFileFixture f = new SingleFileFixture("caf", "sample-ts-reference.caf", sample);
        long index;
        try (Archive a = f.open(sample, Limits.DEFAULT)) {
            index = Nodes.range(a.root(), "index").offset();
        }
        int footer = sample.length - 4;
        f.covered(i -> i >= footer)
                .extra(g -> List.of(
                        bytes(
                                        "index and footer, every byte flipped 4 ways",
                                        g,
                                        range(index, g.length),
                                        xor(0x01),
                                        xor(0x20),
                                        xor(0x80),
                                        xor(0xff))
                                .safe(0.5, c -> {}),
                        bytes(
                                        "index and footer, every byte set to { \" [ \\ 9 0",
                                        g,
                                        range(index, g.length),
                                        set('{'),
                                        set('"'),
                                        set('['),
                                        set('\\'),
                                        set('9'),
                                        set(0))
                                .safe(),
                        cuts(
                                "every cut in the index and footer, and 64 bytes before",
                                g,
                                range(index - 64, g.length))));
        return List.of(f);
    }
}
