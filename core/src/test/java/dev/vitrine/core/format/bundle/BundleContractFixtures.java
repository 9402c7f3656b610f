package dev.vitrine.core.format.bundle;

import static dev.vitrine.core.contract.Sweep.*;

import dev.vitrine.core.contract.ContractFixture;
import dev.vitrine.core.contract.ContractFixtures;
import dev.vitrine.core.contract.FolderFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A small zlib bundle written by our writer (two text files, an empty one, a zero-filled one, a
 * random one) and its one shard. Every byte of the shard is covered: its header (magic,
 * metadata) is checked against the index's config, each record is a zlib stream (Adler-32) at
 * an offset the index records, the padding between records must be zeros, and each file's
 * CRC32C in the index covers its bytes. So every flip and every cut is reported; the old
 * sweep's changes (the first 300 bytes and every 13th after, xor 0x41) stay.
 */
public final class BundleContractFixtures implements ContractFixtures {
    private static Path template;

    /** One template bundle per JVM. */
    static synchronized Path template() throws Exception {
        if (template != null) return template;
        Path root = Files.createTempDirectory("vitrine-bundle-template");
        dev.vitrine.core.testing.TempTrees.deleteOnExit(root);
        Path in = root.resolve("in");
        BundleTestFiles.write(in, "a.txt", BundleTestFiles.text(3000, 1));
        BundleTestFiles.write(in, "d/b.txt", BundleTestFiles.text(2500, 2));
        BundleTestFiles.write(in, "d/empty", new byte[0]);
        BundleTestFiles.write(in, "d/zeros", new byte[2048]);
        BundleTestFiles.write(in, "z.bin", BundleTestFiles.random(700, 3));
        BundleWriter.write(
                in,
                root.resolve("b"),
                BundleWriter.defaults()
                        .withCompression("zlib")
                        .withRecordSize(2048)
                        .withBlockSize(256));
        return template = root.resolve("b");
    }

    @Override
    public List<ContractFixture> fixtures() throws Exception {
        return List.of(new FolderFixture("bundle", template(), "shard-00000000")
                .extra(g -> List.of(bytes(
                        "the first 300 bytes and every 13th after, xor 0x41, reported",
                        g,
                        concat(range(0, Math.min(g.length, 300)), every(300, g.length, 13)),
                        xor(0x41)))));
    }
}
