package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Problem;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A small zlib bundle whose shard has every byte of its header region and a spread of the rest
 * flipped, and cuts at many lengths: each copy opens, lists, reads, walks and verifies without
 * an exception, and every copy must be reported damaged.
 */
class BundleCorruptionSweepTest {
    private static Path template;

    /** One template bundle per JVM (the shard is what the sweep and the fuzz test vary). */
    static synchronized Path template() throws Exception {
        if (template != null) return template;
        Path root = Files.createTempDirectory("vitrine-bundle-template");
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
        Runtime.getRuntime().addShutdownHook(new Thread(() -> BundleIndex.deleteTree(root)));
        return template = root.resolve("b");
    }

    static byte[] goodShard() throws Exception {
        return Files.readAllBytes(template().resolve("shard-00000000"));
    }

    /** The template bundle with {@code shard} as its shard, in a fresh folder; everything a user can do. Returns the problems. */
    static List<Problem> exercise(byte[] shard) throws Exception {
        Path dir = Files.createTempDirectory("vitrine-bundle-sweep");
        try {
            BundleIndex.copyTree(template().resolve("index"), dir.resolve("index"));
            Files.write(dir.resolve("shard-00000000"), shard);
            try (BundleArchive a = BundleTestFiles.open(dir)) {
                a.info();
                for (FileListing.Entry e : a.entries()) {
                    try (InputStream in = a.content(e).open()) {
                        in.transferTo(OutputStream.nullOutputStream());
                    } catch (java.io.IOException expected) {
                        // damage: reported as an IOException naming the shard offset
                    }
                }
                BundleUnchangedTest.browse(a.root(), 5);
                return BundleTestFiles.verify(a);
            }
        } catch (UncheckedIOException e) {
            throw e;
        } finally {
            BundleIndex.deleteTree(dir);
        }
    }

    @Test
    void goodShardIsClean() throws Exception {
        assertTrue(exercise(goodShard()).isEmpty());
    }

    @Test
    void everyFlipIsReported() throws Exception {
        byte[] good = goodShard();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < Math.min(good.length, 300); i++) positions.add(i);
        for (int i = 300; i < good.length; i += 13) positions.add(i);
        List<Integer> unnoticed = new ArrayList<>();
        for (int i : positions) {
            byte[] b = good.clone();
            b[i] ^= (byte) 0x41;
            if (exercise(b).isEmpty()) unnoticed.add(i);
        }
        assertTrue(unnoticed.isEmpty(), "flips not reported at " + unnoticed + " of " + good.length);
    }

    @Test
    void everyCutIsReported() throws Exception {
        byte[] good = goodShard();
        for (int len = 0; len < good.length; len += (len < 64 ? 1 : 97)) {
            assertTrue(!exercise(Arrays.copyOf(good, len)).isEmpty(), "cut at " + len + " went unnoticed");
        }
    }
}
