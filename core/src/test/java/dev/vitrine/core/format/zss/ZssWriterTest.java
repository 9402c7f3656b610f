package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.ZssTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.io.Uleb128;
import dev.vitrine.core.json.PythonJson;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ZssWriterTest {
    @TempDir
    Path dir;

    /** Sorted records with the awkward cases: empty, duplicates, 0x00/0xFF bytes, one large record. */
    static List<byte[]> sampleRecords(int n, long seed) {
        Random rnd = new Random(seed);
        List<byte[]> out = new ArrayList<>();
        out.add(new byte[0]);
        out.add(new byte[0]);
        for (int i = 0; i < n; i++) {
            byte[] r = new byte[rnd.nextInt(24)];
            rnd.nextBytes(r);
            out.add(r);
            if (rnd.nextInt(10) == 0) out.add(r.clone());
        }
        byte[] big = new byte[70_000];
        rnd.nextBytes(big);
        out.add(big);
        out.add(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff});
        out.sort(Arrays::compareUnsigned);
        return out;
    }

    static Stream<Arguments> layouts() {
        List<Arguments> out = new ArrayList<>();
        for (ZssFlavor f : ZssFlavor.values()) {
            for (String codec : f.codecs()) {
                out.add(Arguments.of(f, codec, 131072, 1024));
                out.add(Arguments.of(f, codec, 64, 2));
                out.add(Arguments.of(f, codec, 1, 3));
                out.add(Arguments.of(f, codec, 4096, 16));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} block={2} branching={3}")
    @MethodSource("layouts")
    void roundTripVerifiesCleanAndHashMatches(ZssFlavor flavor, String codec, int block, int branching)
            throws Exception {
        List<byte[]> recs = sampleRecords(400, block * 31L + branching);
        Path p = dir.resolve("out." + flavor.id());
        ObjectNode meta = (ObjectNode) MetadataJson.parse("{\"b\": [1, 2.5, true, null], \"a\": \"caf\u00e9\"}");
        ZssWriter.Options o = ZssWriter.Options.of(flavor)
                .codec(codec)
                .approxBlockSize(block)
                .branchingFactor(branching)
                .metadata(meta);
        ZssWriter.Result res = ZssWriter.write(p, o, recs.iterator());
        assertEquals(recs.size(), res.records());
        assertEquals(Files.size(p), res.totalFileLength());

        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (byte[] r : recs) {
            stream.write(Uleb128.encode(r.length));
            stream.write(r);
        }
        byte[] sha = MessageDigest.getInstance("SHA-256").digest(stream.toByteArray());
        assertArrayEquals(sha, res.sha256());

        try (ZssArchive z = open(p)) {
            assertEquals(flavor.id(), z.format().id());
            assertEquals(List.of(), z.openProblems());
            assertEquals(List.of(), verify(z));
            List<byte[]> back = records(z);
            assertEquals(recs.size(), back.size());
            for (int i = 0; i < recs.size(); i++) assertArrayEquals(recs.get(i), back.get(i), "record " + i);
            assertEquals(res.rootLevel(), z.rootIndexLevel());
            assertEquals(PythonJson.dumps(meta), z.header().metadataText(), "metadata stored as json.dumps does");
            assertEquals(meta, z.info().get("metadata"));
            // Every record is found by an indexed scan starting at it.
            for (int i = 0; i < recs.size(); i += 37) {
                byte[] key = recs.get(i);
                List<byte[]> from = new ArrayList<>();
                z.scan(
                        key,
                        null,
                        null,
                        (b, off, l) -> from.add(Arrays.copyOfRange(b, off, off + l)) && from.size() < 3);
                assertArrayEquals(key, from.getFirst());
            }
            if (block == 1 && branching == 3) assertTrue(z.rootIndexLevel() >= 4, "deep tree expected");
        }
    }

    @Test
    void deepTreeWithBranchingTwoHasEqualDepthEverywhere() throws Exception {
        Path p = dir.resolve("deep.zss");
        List<byte[]> recs = new ArrayList<>();
        for (int i = 0; i < 1000; i++) recs.add(String.format("k%05d", i).getBytes(StandardCharsets.US_ASCII));
        ZssWriter.Result r = ZssWriter.write(
                p,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("none")
                        .approxBlockSize(1)
                        .branchingFactor(2),
                recs.iterator());
        assertEquals(1000, r.dataBlocks());
        assertEquals(10, r.rootLevel()); // ceil(log2(1000))
        try (ZssArchive z = open(p)) {
            assertEquals(List.of(), verify(z));
            assertEquals("k00999\n", new String(dump(z, bytes("k00999"), null, null, "\n"), StandardCharsets.US_ASCII));
        }
    }

    @Test
    void prefixOfFfBytesFindsTheRecordsTheReferenceCrashesOn() throws Exception {
        Path p = dir.resolve("ff.zss");
        byte[][] recs = {
            {(byte) 0xfe},
            {(byte) 0xfe, (byte) 0xff},
            {(byte) 0xff},
            {(byte) 0xff, 0},
            {(byte) 0xff, (byte) 0xff},
            {(byte) 0xff, (byte) 0xff, (byte) 0xff}
        };
        ZssWriter.write(
                p,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("none")
                        .approxBlockSize(2)
                        .branchingFactor(2),
                Arrays.asList(recs).iterator());
        try (ZssArchive z = open(p)) {
            assertEquals(List.of(), verify(z));
            assertEquals("ff|ff 00|ff ff|ff ff ff|", hexDump(z, null, null, new byte[] {(byte) 0xff}));
            assertEquals("ff ff|ff ff ff|", hexDump(z, null, null, new byte[] {(byte) 0xff, (byte) 0xff}));
            assertEquals("ff ff ff|", hexDump(z, null, null, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff}));
            assertEquals("fe ff|", hexDump(z, null, null, new byte[] {(byte) 0xfe, (byte) 0xff}));
            assertEquals(
                    "ff|ff 00|", hexDump(z, null, new byte[] {(byte) 0xff, (byte) 0xff}, new byte[] {(byte) 0xff}));
        }
    }

    private static String hexDump(ZssArchive z, byte[] start, byte[] stop, byte[] prefix) throws Exception {
        StringBuilder sb = new StringBuilder();
        z.scan(start, stop, prefix, (b, o, l) -> {
            sb.append(java.util.HexFormat.ofDelimiter(" ").formatHex(b, o, o + l))
                    .append('|');
            return true;
        });
        return sb.toString();
    }

    @Test
    void unsortedInputIsRejectedWithTheRecordNumberAndNoFileIsLeft() throws Exception {
        Path p = dir.resolve("bad.zss");
        var ex = assertThrows(
                ZssWriter.UnsortedException.class,
                () -> ZssWriter.write(
                        p,
                        ZssWriter.Options.of(ZssFlavor.ZSS).codec("deflate").approxBlockSize(2),
                        List.of(bytes("a"), bytes("b"), bytes("c"), bytes("bb")).iterator()));
        assertEquals(4, ex.recordNumber());
        assertTrue(ex.getMessage().contains("record 4"), ex.getMessage());
        assertFalse(Files.exists(p));
    }

    @Test
    void terminatedInputReportsTheLineOfAnUnsortedRecord() throws Exception {
        Path p = dir.resolve("lines.zss");
        try (ZssWriter w =
                ZssWriter.create(p, ZssWriter.Options.of(ZssFlavor.ZSS).codec("none"))) {
            var ex = assertThrows(
                    ZssWriter.UnsortedException.class,
                    () -> w.addTerminated(new ByteArrayInputStream(bytes("a\nb\nc\na\n")), (byte) '\n'));
            assertEquals(4, ex.recordNumber());
        }
        assertFalse(Files.exists(p));
        try (ZssWriter w =
                ZssWriter.create(p, ZssWriter.Options.of(ZssFlavor.ZSS).codec("bz2"))) {
            assertEquals(3, w.addTerminated(new ByteArrayInputStream(bytes("\na\nb\n")), (byte) '\n'));
            w.finish();
        }
        try (ZssArchive z = open(p)) {
            assertEquals("\na\nb\n", new String(dump(z, null, null, null, "\n"), StandardCharsets.US_ASCII));
        }
        Path q = dir.resolve("noterm.zss");
        try (ZssWriter w =
                ZssWriter.create(q, ZssWriter.Options.of(ZssFlavor.ZSS).codec("none"))) {
            assertThrows(
                    java.io.IOException.class,
                    () -> w.addTerminated(new ByteArrayInputStream(bytes("a\nb")), (byte) '\n'));
        }
    }

    @Test
    void emptyInputIsRefused() throws Exception {
        Path p = dir.resolve("empty.zss");
        assertThrows(
                java.io.IOException.class,
                () -> ZssWriter.write(
                        p,
                        ZssWriter.Options.of(ZssFlavor.ZSS),
                        List.<byte[]>of().iterator()));
        assertFalse(Files.exists(p));
    }

    @Test
    void anUnfinishedFileCarriesThePartialMagic() throws Exception {
        Path p = dir.resolve("partial.zs");
        try (ZssWriter w = ZssWriter.create(
                p, ZssWriter.Options.of(ZssFlavor.ZS).codec("none").approxBlockSize(1000))) {
            // Enough to get past the writer's 1 MiB output buffer.
            for (int i = 0; i < 100_000; i++) w.add(bytes(String.format("%06d-padding-padding", i)));
            // Not finished: what a crash would leave behind.
            Path copy = dir.resolve("crashed.zs");
            Files.copy(p, copy);
            try (ZssArchive z = open(copy)) {
                assertTrue(z.unreadable());
                assertTrue(
                        z.openProblems().getFirst().message().contains("only partially written"),
                        z.openProblems().toString());
            }
            w.finish();
        }
        try (ZssArchive z = open(p)) {
            assertFalse(z.unreadable());
            assertEquals(List.of(), verify(z));
        }
    }

    @Test
    void refusesToOverwriteUnlessAsked() throws Exception {
        Path p = dir.resolve("exists.zss");
        Files.writeString(p, "precious");
        assertThrows(FileAlreadyExistsException.class, () -> ZssWriter.create(p, ZssWriter.Options.of(ZssFlavor.ZSS)));
        assertEquals("precious", Files.readString(p));
        ZssWriter.write(
                p,
                ZssWriter.Options.of(ZssFlavor.ZSS).overwrite(true),
                List.of(bytes("x")).iterator());
        try (ZssArchive z = open(p)) {
            assertEquals(List.of(), verify(z));
        }
    }

    @Test
    void unknownCodecIsRefused() {
        assertThrows(
                IllegalArgumentException.class,
                () -> ZssWriter.create(
                        dir.resolve("x.zs"), ZssWriter.Options.of(ZssFlavor.ZS).codec("bz2")));
        assertThrows(
                IllegalArgumentException.class,
                () -> ZssWriter.create(
                        dir.resolve("x.zss"),
                        ZssWriter.Options.of(ZssFlavor.ZSS).codec("lzma")));
        assertEquals(
                Lzma2Codec.NAME,
                ZssWriter.Options.of(ZssFlavor.ZS).codec("lzma").codec());
    }

    @Test
    void reproducesTheReferenceLayoutOfRecs1000() throws Exception {
        // recs1000-none.zss: 40 data blocks of 25 records, branching 8, codec none. With the same
        // block cuts and the same metadata text our writer must produce the same bytes.
        Path ref = fixture("generated/recs1000-none.zss");
        List<byte[]> recs;
        ObjectNode meta;
        try (ZssArchive z = open(ref)) {
            recs = records(z);
            meta = z.metadata();
        }
        int recordBytes = 0;
        for (int i = 0; i < 25; i++) recordBytes += recs.get(i).length;
        Path p = dir.resolve("recs1000.zss");
        try (ZssWriter w = ZssWriter.create(
                p,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("none")
                        .branchingFactor(8)
                        .approxBlockSize(Integer.MAX_VALUE)
                        .metadata(meta))) {
            for (int i = 0; i < recs.size(); i++) {
                w.add(recs.get(i));
                if (i % 25 == 24) w.endBlock();
            }
            w.finish();
        }
        assertArrayEquals(readAll(ref), readAll(p));
        assertTrue(recordBytes > 0);
    }
}
