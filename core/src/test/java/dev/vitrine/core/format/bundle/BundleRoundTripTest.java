package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Our writer, then our reader: every codec, empty, all-zero and large files, many shards, Unicode names. */
class BundleRoundTripTest {
    @TempDir
    Path tmp;

    static Map<String, byte[]> inputFiles(Path in) throws Exception {
        Map<String, byte[]> m = new HashMap<>();
        try (Stream<Path> s = Files.walk(in)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (Files.isRegularFile(p))
                    m.put(in.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
        }
        return m;
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "zlib", "snappy", "none"})
    void everyCodecRoundTrips(String codec) throws Exception {
        Path in = BundleTestFiles.sampleInput(tmp.resolve("in"));
        Path out = tmp.resolve("out.bundle");
        BundleWriter.Result res =
                BundleWriter.write(in, out, BundleWriter.defaults().withCompression(codec));
        assertEquals(6, res.files());
        assertEquals(4, res.folders()); // b, b/d, emptydir, emptydir/sub
        Map<String, byte[]> want = inputFiles(in);
        try (BundleArchive a = BundleTestFiles.open(out)) {
            assertTrue(a.openProblems().isEmpty(), a.openProblems()::toString);
            List<FileListing.Entry> entries = a.entries();
            assertEquals(
                    want.keySet(),
                    new java.util.HashSet<>(
                            entries.stream().map(FileListing.Entry::name).toList()));
            for (FileListing.Entry e : entries) {
                assertArrayEquals(want.get(e.name()), BundleTestFiles.read(a.content(e)), e.name());
                assertEquals(want.get(e.name()).length, e.size());
            }
            assertEquals(List.of(), BundleTestFiles.verify(a), "a bundle we wrote verifies clean");
            List<String> folders = a.allEntries().stream()
                    .filter(BundleEntry::isFolder)
                    .map(BundleEntry::name)
                    .toList();
            assertEquals(List.of("b", "b/d", "emptydir", "emptydir/sub"), folders);
            ExportReport r = BundleTestFiles.exportAll(a, tmp.resolve("x"));
            assertTrue(r.ok(), r::toString);
        }
        assertEquals(want.keySet(), inputFiles(tmp.resolve("x")).keySet());
        for (var e : want.entrySet())
            assertArrayEquals(e.getValue(), Files.readAllBytes(tmp.resolve("x").resolve(e.getKey())));
    }

    @Test
    void layoutFollowsTheContract() throws Exception {
        Path in = BundleTestFiles.sampleInput(tmp.resolve("in"));
        Path out = tmp.resolve("out");
        BundleWriter.write(in, out, BundleWriter.defaults().withCompression("zlib"));
        byte[] shard = Files.readAllBytes(out.resolve("shard-00000000"));
        assertEquals("daBS", new String(shard, 0, 4, StandardCharsets.US_ASCII));
        assertEquals(0, shard.length % 4096, "the last record is padded to a block too");
        try (BundleArchive a = BundleTestFiles.open(out)) {
            BundleShards.Records r = a.records(0);
            // stream: a.txt 1000, b/c.bin 300000, b/d/zeros 600000, b/empty 0, big.bin 1.5M, z.txt 10
            // records of 256 KiB; big.bin (>= 1 MiB) starts a record of its own
            long bigStart = 1000 + 300_000 + 600_000;
            assertTrue(java.util.Arrays.binarySearch(r.offsets(), bigStart) >= 0, "big.bin starts a record");
            for (int i = 0; i < r.count(); i++) {
                assertTrue(r.length(i) <= 262144);
                if (!r.zeros(i)) assertEquals(0, r.byteOffsets()[i] % 4096);
            }
            long zeros = 0;
            for (int i = 0; i < r.count(); i++) if (r.zeros(i)) zeros++;
            assertTrue(zeros >= 1, "the all-zero file's full records are not stored");
            assertEquals(bigStart + 1_500_000 + 10, a.streamEnd(0));
            var empty = a.catalog().entries().stream()
                    .filter(e -> e.path().equals("b/empty"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(
                    1000 + 300_000 + 600_000,
                    empty.start(),
                    "an empty file gets the current stream offset (b/d/zeros sorts before b/empty)");
        }
        assertArrayEquals(BundleLayout.ascii("FILE_METADATA # b/d/ # zeros"), BundleLayout.fileKey("b/d/zeros"));
        assertArrayEquals(BundleLayout.ascii("FILE_METADATA # / # a.txt"), BundleLayout.fileKey("a.txt"));
        assertArrayEquals(
                BundleLayout.ascii("SHARD_METADATA # 00000000000000000000 # 00000000000000262144"),
                BundleLayout.recordKey(0, 262144));
    }

    @Test
    void manyShardsAndUnicodeNames() throws Exception {
        Path in = tmp.resolve("in");
        for (int i = 0; i < 40; i++)
            BundleTestFiles.write(in, "d" + (i % 3) + "/f" + i + ".txt", BundleTestFiles.text(5000 + i, i));
        BundleTestFiles.write(in, "ünïcödé/日本語.txt", "héllo".getBytes(StandardCharsets.UTF_8));
        BundleTestFiles.write(in, "name # with # separators", "x".getBytes(StandardCharsets.UTF_8));
        BundleTestFiles.write(in, "# leading", "y".getBytes(StandardCharsets.UTF_8));
        Path out = tmp.resolve("out");
        BundleWriter.Result res = BundleWriter.write(
                in,
                out,
                BundleWriter.defaults()
                        .withMaxShardSize(20_000)
                        .withRecordSize(4096)
                        .withBlockSize(512));
        assertTrue(res.shards() >= 10, "shards: " + res.shards());
        Map<String, byte[]> want = inputFiles(in);
        try (BundleArchive a = BundleTestFiles.open(out)) {
            assertEquals(res.shards(), a.files().size());
            assertEquals(want.size(), a.entries().size());
            for (FileListing.Entry e : a.entries())
                assertArrayEquals(want.get(e.name()), BundleTestFiles.read(a.content(e)), e.name());
            assertEquals(List.of(), BundleTestFiles.verify(a));
            // the tree: config, files, shards, index keys
            Node root = a.root();
            List<Node> top = root.children(0, 10);
            assertEquals(
                    List.of("config", "files", "shards", "index keys"),
                    top.stream().map(Node::name).toList());
            Node files = top.get(1);
            assertTrue(files.is(Role.FOLDER));
            List<String> names = files.children(0, 100).stream().map(Node::name).toList();
            assertTrue(names.contains("ünïcödé"), names::toString);
            assertTrue(names.contains("name # with # separators"), names::toString);
            Node shards = top.get(2);
            assertEquals(res.shards(), shards.childCount());
            Node shard0 = shards.children(0, 1).getFirst();
            List<Node> parts = shard0.children(0, 100);
            assertTrue(parts.getFirst().is(Role.HEADER));
            assertTrue(parts.get(1).is(Role.DATA_BLOCK));
            assertTrue(parts.get(1).decoded().isPresent());
            assertTrue(top.get(3).childCount() > 40);
        }
    }

    @Test
    void writerIsDeterministicAndRefusesToOverwrite() throws Exception {
        Path in = BundleTestFiles.sampleInput(tmp.resolve("in"));
        BundleWriter.write(in, tmp.resolve("one"), BundleWriter.defaults());
        BundleWriter.write(in, tmp.resolve("two"), BundleWriter.defaults());
        assertArrayEquals(
                Files.readAllBytes(tmp.resolve("one/shard-00000000")),
                Files.readAllBytes(tmp.resolve("two/shard-00000000")));
        List<String> k1 = new ArrayList<>();
        List<String> k2 = new ArrayList<>();
        try (BundleArchive a = BundleTestFiles.open(tmp.resolve("one"));
                BundleArchive b = BundleTestFiles.open(tmp.resolve("two"))) {
            a.index()
                    .scan(
                            new byte[0],
                            null,
                            (k, v) -> k1.add(BundleLayout.printable(k) + "="
                                    + java.util.HexFormat.of().formatHex(v)));
            b.index()
                    .scan(
                            new byte[0],
                            null,
                            (k, v) -> k2.add(BundleLayout.printable(k) + "="
                                    + java.util.HexFormat.of().formatHex(v)));
        }
        assertEquals(k1, k2);
        assertThrows(
                FileAlreadyExistsException.class,
                () -> BundleWriter.write(in, tmp.resolve("one"), BundleWriter.defaults()));
        BundleWriter.write(
                in,
                tmp.resolve("one"),
                BundleWriter.defaults().withOverwrite(true).withCompression("snappy"));
        try (Stream<Path> s = Files.list(tmp)) {
            assertFalse(s.anyMatch(p -> p.getFileName().toString().contains(".vitrine-")), "no temp folder left");
        }
    }

    @Test
    void listingHasFoldersAndPerEntryAttributes() throws Exception {
        Path in = BundleTestFiles.sampleInput(tmp.resolve("in"));
        Path out = tmp.resolve("out");
        BundleWriter.write(in, out, BundleWriter.defaults());
        try (BundleArchive a = BundleTestFiles.open(out)) {
            List<FileListing.Entry> l = a.listing();
            assertEquals(
                    List.of(
                            "a.txt",
                            "b",
                            "b/c.bin",
                            "b/d",
                            "b/d/zeros",
                            "b/empty",
                            "big.bin",
                            "emptydir",
                            "emptydir/sub",
                            "z.txt"),
                    l.stream().map(FileListing.Entry::name).toList());
            FileListing.Entry b = l.get(1);
            assertTrue(b.isFolder());
            assertEquals(Map.of("type", "folder"), b.attributes());
            FileListing.Entry c = l.get(2);
            assertEquals(
                    List.of("type", "shard", "offset", "crc32c"),
                    List.copyOf(c.attributes().keySet()));
            assertEquals("file", c.attributes().get("type"));
            assertEquals(1000L, c.attributes().get("offset"));
            java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
            crc.update(Files.readAllBytes(in.resolve("b/c.bin")));
            assertEquals(crc.getValue(), c.attributes().get("crc32c"));
            assertTrue(a.entries().stream().noneMatch(FileListing.Entry::isFolder), "export never sees folders");
        }
    }

    @Test
    void fileNodesFrameTheirRecordsAndDecodedBytes() throws Exception {
        Path in = BundleTestFiles.sampleInput(tmp.resolve("in"));
        Path out = tmp.resolve("out");
        BundleWriter.write(in, out, BundleWriter.defaults().withCompression("snappy"));
        byte[] z = Files.readAllBytes(in.resolve("z.txt"));
        try (BundleArchive a = BundleTestFiles.open(out)) {
            Node files = a.root().children(1, 1).getFirst();
            Node zNode = files.children(0, 100).stream()
                    .filter(n -> n.name().equals("z.txt"))
                    .findFirst()
                    .orElseThrow();
            assertTrue(zNode.is(Role.FILE));
            assertEquals(
                    dev.vitrine.core.io.FileRef.of("shard-00000000"),
                    zNode.range().file());
            var d = zNode.decoded().orElseThrow();
            assertTrue(d.container().encloses(zNode.range()) || d.container().equals(zNode.range()));
            try (var src = d.open()) {
                assertArrayEquals(z, src.read(d.offset(), (int) d.length()));
            }
            assertArrayEquals(z, BundleTestFiles.read(zNode.content().orElseThrow()));
            // the byte under the file's record selects that record through the shards node
            Node shards = a.root().children(2, 1).getFirst();
            Node shard = shards.childCovering(zNode.range().start()).orElseThrow();
            Node rec = shard.childCovering(zNode.range().start()).orElseThrow();
            assertTrue(rec.is(Role.DATA_BLOCK));
            assertEquals(zNode.range().offset(), rec.range().offset());
            assertTrue(rec.fields().stream().anyMatch(f -> f.name().equals("compressed_length")));
            // raw index keys with decoded values
            Node keys = a.root().children(3, 1).getFirst();
            assertTrue(keys.is(Role.INDEX));
            Node first = keys.children(0, 1).getFirst();
            assertEquals("BUNDLE_CONFIG #", first.name());
            assertTrue(first.fields().stream()
                    .anyMatch(f -> f.name().equals("version_magic") && f.value().equals("daBundleV1")));
            Node fileKey = keys.children(1, 1).getFirst();
            assertTrue(fileKey.fields().stream().anyMatch(f -> f.name().equals("name")), fileKey.fields()::toString);
        }
    }

    @Test
    void optionsFromCommandLineWords() {
        BundleWriter.Options o = BundleWriter.options(Map.of(
                "--compression",
                "ZLIB",
                "--record-size",
                "64K",
                "--block-size",
                "512",
                "--max-shard-size",
                "1.5G",
                "--overwrite",
                "true"));
        assertEquals(new BundleWriter.Options("zlib", 65536, 512, 3L << 29, true), o);
        assertEquals(BundleWriter.defaults(), BundleWriter.options(Map.of()));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> BundleWriter.options(Map.of("--compression", "lz4")));
        assertTrue(e.getMessage().startsWith("--compression: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BundleWriter.options(Map.of("--record-size", "lots")));
        assertTrue(e.getMessage().startsWith("--record-size: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> BundleWriter.options(Map.of("--record-size", "1G")));
        assertTrue(e.getMessage().contains("record size"), e.getMessage());
    }

    @Test
    void detectedAsAFolderFormat() throws Exception {
        Path in = BundleTestFiles.sampleInput(tmp.resolve("in"));
        Path out = tmp.resolve("out");
        BundleWriter.write(in, out, BundleWriter.defaults());
        assertEquals(Detection.BY_STRUCTURE, new BundleFormat().detect(new Probe(out, null)));
        assertEquals(Detection.NO, new BundleFormat().detect(new Probe(in, null)));
        assertEquals(
                "bundle",
                FormatRegistry.get().detect(out).orElseThrow().id(),
                "no other format claims a bundle folder");
    }
}
