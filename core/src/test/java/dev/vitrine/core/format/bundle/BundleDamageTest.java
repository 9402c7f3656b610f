package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleConfig;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleFileMetadata;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleRecordMetadata;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.Problem;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bundles damaged in the test: each damage reported, exactly the right files marked, intact files still exported. */
class BundleDamageTest {
    @TempDir
    Path tmp;

    static final int RECORD = 64 * 1024;

    /** f00..f09, 50,000 random bytes each (incompressible), in 64 KiB zlib records. */
    Path bundle(String codec, long maxShard) throws Exception {
        Path in = tmp.resolve("in");
        for (int i = 0; i < 10; i++)
            BundleTestFiles.write(in, String.format("f%02d", i), BundleTestFiles.random(50_000, i));
        Path out = tmp.resolve("b");
        BundleWriter.write(
                in,
                out,
                BundleWriter.defaults()
                        .withCompression(codec)
                        .withRecordSize(RECORD)
                        .withMaxShardSize(maxShard));
        return out;
    }

    /** The files whose bytes lie in stream range [from, to) of a single-shard bundle of {@link #bundle}. */
    static Set<String> filesIn(long from, long to) {
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < 10; i++)
            if (i * 50_000L < to && (i + 1) * 50_000L > from) out.add(String.format("f%02d", i));
        return out;
    }

    static final Pattern DAMAGED = Pattern.compile("file \"?([^\" ]+)\"?( is damaged|: CRC-32C mismatch)");

    static Set<String> damagedFiles(List<Problem> ps) {
        Set<String> out = new TreeSet<>();
        for (Problem p : ps) {
            Matcher m = DAMAGED.matcher(p.message());
            if (m.find()) out.add(m.group(1));
        }
        return out;
    }

    static void flip(Path file, long at) throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            var b = java.nio.ByteBuffer.allocate(1);
            ch.read(b, at);
            b.put(0, (byte) (b.get(0) ^ 0x5a)).rewind();
            ch.write(b, at);
        }
    }

    /** Export everything; the exported set must be exactly the intact files, byte for byte. */
    void exportsExactlyTheIntact(Path bundle, Set<String> damaged) throws Exception {
        Path dest = tmp.resolve("x");
        try (BundleArchive a = BundleTestFiles.open(bundle)) {
            ExportReport r = BundleTestFiles.exportAll(a, dest);
            Set<String> exported =
                    r.exported().stream().map(e -> e.name()).collect(Collectors.toCollection(TreeSet::new));
            Set<String> want = new TreeSet<>();
            for (int i = 0; i < 10; i++) want.add(String.format("f%02d", i));
            want.removeAll(damaged);
            assertEquals(want, exported, r::toString);
            assertEquals(
                    damaged, r.failed().stream().map(f -> f.name()).collect(Collectors.toCollection(TreeSet::new)));
        }
        for (String f : filesIn(0, Long.MAX_VALUE)) {
            if (damaged.contains(f)) assertFalse(Files.exists(dest.resolve(f)));
            else
                assertArrayEquals(
                        BundleTestFiles.random(50_000, Integer.parseInt(f.substring(1))),
                        Files.readAllBytes(dest.resolve(f)));
        }
    }

    @Test
    void flippedByteInARecordMarksExactlyItsFiles() throws Exception {
        Path b = bundle("zlib", Long.MAX_VALUE);
        long boff;
        try (BundleArchive a = BundleTestFiles.open(b)) {
            boff = a.records(0).byteOffsets()[3];
        }
        flip(b.resolve("shard-00000000"), boff + 1000);
        Set<String> want = filesIn(3L * RECORD, 4L * RECORD);
        assertEquals(Set.of("f03", "f04", "f05"), want);
        try (BundleArchive a = BundleTestFiles.open(b)) {
            List<Problem> ps = BundleTestFiles.verify(a);
            assertEquals(want, damagedFiles(ps), ps::toString);
            Problem rec = ps.stream()
                    .filter(p -> p.message().startsWith("record at stream offset " + 3 * RECORD))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(ps));
            assertEquals(FileRef.of("shard-00000000"), rec.ref());
            assertEquals(boff, rec.offset());
            assertTrue(rec.message().contains("\"f03\"") || rec.message().contains("f03"), rec.message());
            assertTrue(rec.message().startsWith("record at stream offset " + 3 * RECORD + ": zlib"), rec.message());
            assertTrue(
                    ps.stream().noneMatch(p -> p.message().contains("padding")),
                    "the damaged record's bytes are not called padding: " + ps);
        }
        exportsExactlyTheIntact(b, want);
    }

    @Test
    void aPartVerifyOfOneShardChecksThatShardOnly() throws Exception {
        Path b = bundle("zlib", 120_000); // two files per shard: f00 f01 | f02 f03 | ...
        long[] at = new long[3];
        try (BundleArchive a = BundleTestFiles.open(b)) {
            at[0] = a.records(0).byteOffsets()[0];
            at[1] = a.records(3).byteOffsets()[0];
            at[2] = a.records(3).byteOffsets()[1];
        }
        flip(b.resolve("shard-00000000"), at[0] + 1000);
        flip(b.resolve("shard-00000003"), at[1] + 1000);
        try (BundleArchive a = BundleTestFiles.open(b)) {
            var whole = dev.vitrine.core.format.PartVerifyRun.of(a, null);
            assertEquals(
                    Set.of("f00", "f01", "f06", "f07"), damagedFiles(whole.problems()), whole.problems()::toString);
            FileRef three = FileRef.of("shard-00000003");
            var part =
                    dev.vitrine.core.format.PartVerifyRun.of(a, dev.vitrine.core.model.ByteRange.in(three, at[1], 10));
            assertEquals(Set.of("f06", "f07"), damagedFiles(part.problems()), part.problems()::toString);
            assertTrue(part.problems().stream().allMatch(p -> p.ref().equals(three)), part.problems()::toString);
            assertTrue(part.problems().stream().anyMatch(p -> p.offset() == at[1]), part.problems()::toString);
            assertEquals(RECORD, part.progressTotal(), "the shard's first record, which holds f06 and the head of f07");
            assertEquals(500_000, whole.progressTotal());
            assertEquals(
                    "1 record of shard-00000003 in [" + at[1] + ", " + at[2] + ") and the CRC-32C of the 1 file wholly"
                            + " in them; whole-archive checks not run: the index's own checks, the other records and"
                            + " shards, the CRC-32C of 1 file only partly in the part",
                    part.report().scope());
        }
    }

    @Test
    void truncatedShard() throws Exception {
        Path b = bundle("zstd", Long.MAX_VALUE);
        Path shard = b.resolve("shard-00000000");
        long cut;
        try (BundleArchive a = BundleTestFiles.open(b)) {
            cut = a.records(0).byteOffsets()[6] + 100;
        }
        try (FileChannel ch = FileChannel.open(shard, StandardOpenOption.WRITE)) {
            ch.truncate(cut);
        }
        Set<String> want = filesIn(6L * RECORD, Long.MAX_VALUE);
        try (BundleArchive a = BundleTestFiles.open(b)) {
            List<Problem> ps = BundleTestFiles.verify(a);
            assertEquals(want, damagedFiles(ps), ps::toString);
        }
        exportsExactlyTheIntact(b, want);
    }

    @Test
    void missingShard() throws Exception {
        Path b = bundle("snappy", 120_000); // two files per shard: f00 f01 | f02 f03 | ...
        Files.delete(b.resolve("shard-00000001"));
        try (BundleArchive a = BundleTestFiles.open(b)) {
            assertEquals(5, a.shardCount());
            List<Problem> ps = BundleTestFiles.verify(a);
            assertEquals(Set.of("f02", "f03"), damagedFiles(ps), ps::toString);
            assertTrue(ps.stream().anyMatch(p -> p.message().contains("shard 1 is missing")), ps::toString);
        }
        exportsExactlyTheIntact(b, Set.of("f02", "f03"));
    }

    @Test
    void badConfigMagic() throws Exception {
        Path b = bundle("zstd", Long.MAX_VALUE);
        BundleConfig c = BundleConfig.parseFrom(BundleTestFiles.getIndex(b, BundleLayout.CONFIG_KEY));
        BundleTestFiles.editIndex(
                b,
                BundleTestFiles.kv(
                        BundleLayout.CONFIG_KEY,
                        c.toBuilder().setVersionMagic("daBundleV9").build().toByteArray()));
        try (BundleArchive a = BundleTestFiles.open(b)) {
            assertTrue(a.unreadable());
            List<Problem> ps = BundleTestFiles.verify(a);
            assertTrue(
                    ps.stream()
                            .anyMatch(p -> p.message().contains("config magic")
                                    && p.actual().equals("daBundleV9")),
                    ps::toString);
        }
    }

    @Test
    void recordOverlappingTheNext() throws Exception {
        Path b = bundle("zlib", Long.MAX_VALUE);
        long b2;
        try (BundleArchive a = BundleTestFiles.open(b)) {
            b2 = a.records(0).byteOffsets()[2];
        }
        // record 3 now claims to start one block into record 2's compressed bytes
        byte[] key = BundleLayout.recordKey(0, 3L * RECORD);
        BundleTestFiles.editIndex(
                b,
                BundleTestFiles.kv(
                        key,
                        BundleRecordMetadata.newBuilder()
                                .setShardIndex(0)
                                .setShardUncompressedOffset(3L * RECORD)
                                .setShardByteOffset(b2 + 4096)
                                .build()
                                .toByteArray()));
        try (BundleArchive a = BundleTestFiles.open(b)) {
            List<Problem> ps = BundleTestFiles.verify(a);
            assertTrue(ps.stream().anyMatch(p -> p.message().contains("overlaps the next record")), ps::toString);
            Set<String> d = damagedFiles(ps);
            assertTrue(d.containsAll(filesIn(3L * RECORD, 4L * RECORD)), d::toString);
            assertTrue(
                    d.stream().allMatch(f -> filesIn(2L * RECORD, 4L * RECORD).contains(f)), d::toString);
        }
    }

    @Test
    void crcMismatch() throws Exception {
        Path b = bundle("none", Long.MAX_VALUE);
        byte[] key = BundleLayout.fileKey("f07");
        BundleFileMetadata m = BundleFileMetadata.parseFrom(BundleTestFiles.getIndex(b, key));
        BundleTestFiles.editIndex(
                b,
                BundleTestFiles.kv(
                        key, m.toBuilder().setCrc32C(m.getCrc32C() ^ 1).build().toByteArray()));
        try (BundleArchive a = BundleTestFiles.open(b)) {
            List<Problem> ps = BundleTestFiles.verify(a);
            assertEquals(Set.of("f07"), damagedFiles(ps), ps::toString);
            assertEquals(
                    FileRef.of("shard-00000000"),
                    ps.stream()
                            .filter(p -> p.message().contains("CRC"))
                            .findFirst()
                            .orElseThrow()
                            .ref());
        }
        exportsExactlyTheIntact(b, Set.of("f07"));
    }

    @Test
    void allZeroFileHeldByZeroRecordsIsIntact() throws Exception {
        Path in = tmp.resolve("zin");
        BundleTestFiles.write(in, "zeros", new byte[3 * RECORD]);
        BundleTestFiles.write(in, "empty", new byte[0]);
        Path b = tmp.resolve("zb");
        BundleWriter.write(in, b, BundleWriter.defaults().withRecordSize(RECORD));
        try (BundleArchive a = BundleTestFiles.open(b)) {
            BundleShards.Records r = a.records(0);
            assertEquals(3, r.count());
            for (int i = 0; i < 3; i++) assertTrue(r.zeros(i));
            assertEquals(List.of(), BundleTestFiles.verify(a));
            assertEquals(4096, Files.size(b.resolve("shard-00000000")), "header and padding only: no record stored");
        }
    }

    @Test
    void hostileNamesReportedAndNeverExportedOutside() throws Exception {
        Path b = bundle("zstd", Long.MAX_VALUE);
        byte[] f00 = BundleTestFiles.getIndex(b, BundleLayout.fileKey("f00"));
        byte[] dir = BundleFileMetadata.newBuilder()
                .setType(BundleFileMetadata.FileType.DIRECTORY)
                .build()
                .toByteArray();
        BundleTestFiles.editIndex(
                b,
                BundleTestFiles.kv(BundleLayout.utf8("FILE_METADATA # ../ # up"), f00),
                BundleTestFiles.kv(BundleLayout.utf8("FILE_METADATA # / # .."), f00),
                BundleTestFiles.kv(BundleLayout.utf8("FILE_METADATA # //etc/ # passwd"), f00),
                BundleTestFiles.kv(BundleLayout.utf8("FILE_METADATA # a//b/ # x"), f00),
                BundleTestFiles.kv(BundleLayout.utf8("FILE_METADATA # / # nul\0x"), f00),
                BundleTestFiles.kv(BundleLayout.utf8("FILE_METADATA # / # "), f00),
                BundleTestFiles.kv(
                        new byte[] {
                            'F',
                            'I',
                            'L',
                            'E',
                            '_',
                            'M',
                            'E',
                            'T',
                            'A',
                            'D',
                            'A',
                            'T',
                            'A',
                            ' ',
                            '#',
                            ' ',
                            '/',
                            ' ',
                            '#',
                            ' ',
                            (byte) 0xff
                        },
                        f00),
                BundleTestFiles.kv(BundleLayout.utf8("FILE_METADATA # ghost/ # f"), f00),
                BundleTestFiles.kv(
                        BundleLayout.utf8("FILE_METADATA # / # junkvalue"), new byte[] {(byte) 0xff, (byte) 0xff}),
                BundleTestFiles.kv(BundleLayout.utf8("FILE_METADATA # / # d"), dir));
        Path parent = Files.createDirectories(tmp.resolve("parent"));
        Path dest = parent.resolve("dest");
        try (BundleArchive a = BundleTestFiles.open(b)) {
            List<Problem> ps = BundleTestFiles.verify(a);
            String all = ps.toString();
            for (String s : List.of(
                    "unsafe name (folder segment ..)",
                    "unsafe name (name ..)",
                    "unsafe name (absolute folder)",
                    "unsafe name (empty folder segment)",
                    "unsafe name (name holds NUL)",
                    "unsafe name (empty name)",
                    "not FILE_METADATA",
                    "folder \"ghost\"",
                    "not a BundleFileMetadata",
                    "overlaps")) {
                assertTrue(all.contains(s), s + " in " + all);
            }
            new dev.vitrine.core.export.Exporter(dev.vitrine.core.export.ExportOptions.DEFAULT)
                    .export(dev.vitrine.core.export.ListingSelection.all(a).contents(), dest);
        }
        try (Stream<Path> s = Files.list(parent)) {
            assertEquals(List.of(dest), s.toList(), "nothing written beside the export folder");
        }
        try (Stream<Path> s = Files.walk(dest)) {
            assertTrue(s.allMatch(p -> p.normalize().startsWith(dest)));
        }
    }
}
