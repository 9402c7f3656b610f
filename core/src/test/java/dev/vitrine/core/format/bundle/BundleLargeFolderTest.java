package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleConfig;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleFileMetadata;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/** A folder of 100,000 files is paged from prefix scans; hostile config values are refused, not obeyed. */
class BundleLargeFolderTest {
    @TempDir
    Path tmp;

    static final int N = 100_000;

    @Test
    void hundredThousandFilesArePaged() throws Exception {
        Path in = tmp.resolve("in");
        BundleTestFiles.write(in, "a.txt", "a".getBytes());
        Path b = tmp.resolve("b");
        BundleWriter.write(in, b, BundleWriter.defaults());
        byte[] empty = BundleFileMetadata.newBuilder()
                .setType(BundleFileMetadata.FileType.REGULAR)
                .setShardUncompressedOffset(1)
                .build()
                .toByteArray();
        RocksDB.loadLibrary();
        try (Options o = new Options();
                RocksDB db = RocksDB.open(o, b.resolve("index").toString());
                WriteBatch batch = new WriteBatch();
                WriteOptions wo = new WriteOptions()) {
            batch.put(
                    BundleLayout.fileKey("big"),
                    BundleFileMetadata.newBuilder()
                            .setType(BundleFileMetadata.FileType.DIRECTORY)
                            .build()
                            .toByteArray());
            for (int i = 0; i < N; i++) batch.put(BundleLayout.fileKey(String.format("big/f%06d", i)), empty);
            db.write(wo, batch);
        }
        try (BundleArchive a = BundleTestFiles.open(b)) {
            Node files = a.root().children(1, 1).getFirst();
            assertEquals(2, files.childCount());
            Node big = files.children(0, 10).stream()
                    .filter(n -> n.name().equals("big"))
                    .findFirst()
                    .orElseThrow();
            long t0 = System.nanoTime();
            assertEquals(N, big.childCount());
            List<Node> page = big.children(99_990, 20);
            assertEquals(10, page.size());
            assertEquals("f099990", page.getFirst().name());
            assertEquals("f050000", big.children(50_000, 3).getFirst().name());
            assertEquals("f000000", big.children(0, 1).getFirst().name());
            System.out.println("paging a 100,000-file folder: " + (System.nanoTime() - t0) / 1_000_000
                    + " ms"); // a figure, not an assertion
            List<Problem> ps = BundleTestFiles.verify(a);
            assertEquals(List.of(), ps);
            assertEquals(N + 1, a.entries().size());
        }
    }

    @Test
    void hostileConfigValuesAreProblemsNotAllocations() throws Exception {
        Path in = tmp.resolve("in");
        BundleTestFiles.write(in, "a.txt", BundleTestFiles.text(5000, 1));
        Path b = tmp.resolve("b");
        BundleWriter.write(in, b, BundleWriter.defaults());
        BundleConfig c = BundleConfig.parseFrom(BundleTestFiles.getIndex(b, BundleLayout.CONFIG_KEY));
        BundleTestFiles.editIndex(
                b,
                BundleTestFiles.kv(
                        BundleLayout.CONFIG_KEY,
                        c.toBuilder()
                                .setRecordSize(Long.MAX_VALUE)
                                .setShardCount(-1L)
                                .setBlockSize(0)
                                .build()
                                .toByteArray()));
        try (BundleArchive a = new BundleFormat().open(b, Limits.DEFAULT)) {
            String all = BundleTestFiles.verify(a).toString();
            assertTrue(all.contains("record_size"), all);
            assertTrue(all.contains("shard_count"), all);
            assertTrue(all.contains("block_size"), all);
            assertTrue(a.unreadable());
            a.root().children(0, 10);
            a.info();
        }
    }
}
