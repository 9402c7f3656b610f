package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;

/**
 * Archives rebuilt from a real one with one part replaced by something hostile: a cyclic schema
 * tree, a column-less table claiming billions of records, a decompression bomb, a stream that
 * claims a terabyte, a dictionary count past its bytes. Each must come back as problems, quickly,
 * without allocating what the bytes claim.
 */
class ClpsHostileArchiveTest {
    private static final Limits SMALL = new Limits(8L << 20, 100_000, 64, 1L << 20);

    /** The real archive's files-section entries, raw, in order. */
    private static Map<String, byte[]> parts(byte[] archive) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (ClpsArchive a = ClpsTestFiles.open(archive)) {
            for (ClpsFileEntry e : a.files)
                out.put(e.name(), java.util.Arrays.copyOfRange(archive, (int) e.offset(), (int)
                        (e.offset() + e.size())));
        }
        return out;
    }

    /** A 0.5.0 archive of these entries (ArchiveInfo, ArchiveFileInfo, empty TimestampDictionary). */
    static byte[] build(Map<String, byte[]> files, long records) throws IOException {
        MessageBufferPacker info = MessagePack.newDefaultBufferPacker();
        info.packMapHeader(1).packString("num_segments").packLong(1);
        MessageBufferPacker fi = MessagePack.newDefaultBufferPacker();
        fi.packMapHeader(1).packString("files").packArrayHeader(files.size());
        long o = 0;
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            fi.packMapHeader(2)
                    .packString("n")
                    .packString(e.getKey())
                    .packString("o")
                    .packLong(o);
            o += e.getValue().length;
        }
        ByteArrayOutputStream meta = new ByteArrayOutputStream();
        meta.write(3);
        packet(meta, 0, info.toByteArray());
        packet(meta, 1, fi.toByteArray());
        packet(meta, 2, new byte[16]);
        byte[] mc = Zstd.compress(meta.toByteArray());
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] b : files.values()) body.write(b);
        long total = 64 + mc.length + body.size();
        ByteBuffer h = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        h.put(ClpsHeader.MAGIC)
                .putShort((short) 0)
                .put((byte) 5)
                .put((byte) 0)
                .putLong(Math.max(2 * records, 100))
                .putLong(total);
        h.position(56);
        h.putInt(mc.length).putShort((short) 0).putShort((short) 0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(h.array());
        out.write(mc);
        body.writeTo(out);
        return out.toByteArray();
    }

    private static void packet(ByteArrayOutputStream m, int type, byte[] payload) {
        m.write(type);
        ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(payload.length);
        m.write(b.array(), 0, 4);
        m.write(payload, 0, payload.length);
    }

    private static byte[] le(long... values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) b.putLong(v);
        return b.array();
    }

    /** Opens with small limits, walks, decodes, verifies; returns the problems. */
    private static List<Problem> problems(byte[] b) throws Exception {
        return assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try (ClpsArchive a =
                    new ClpsFormat().open(Path.of("h.clps"), MappedFileSource.ofBytes("h.clps", b), SMALL)) {
                a.info();
                ClpsMadeArchivesTest.walk(a.root(), 0);
                try {
                    a.records().writeJsonLines(null, OutputStream.nullOutputStream());
                } catch (IOException expected) {
                    // reported by verify below
                }
                List<Problem> ps = ClpsTestFiles.verify(a);
                for (Problem p : ps) {
                    assertTrue(p.offset() >= -1 && p.offset() < b.length, "outside the file: " + p);
                    assertFalse(p.message().startsWith("internal error"), p.toString());
                }
                return ps;
            }
        });
    }

    private static Map<String, byte[]> base() throws IOException {
        return parts(ClpsTestFiles.bytes("v0.5.0/archives/floats.clps"));
    }

    @Test
    void rebuiltArchiveIsIntact() throws Exception {
        // The builder itself makes a sound archive (so the failures below are the hostile part's).
        List<Problem> ps = problems(build(base(), 3));
        assertTrue(
                ps.stream()
                        .allMatch(p -> p.message().contains("RangeIndex")
                                || p.severity() != dev.vitrine.core.model.Severity.ERROR),
                ps.toString());
    }

    @Test
    void cyclicSchemaTree() throws Exception {
        Map<String, byte[]> f = base();
        ByteArrayOutputStream t = new ByteArrayOutputStream();
        t.write(le(2));
        for (int i = 0; i < 2; i++) {
            t.write(ByteBuffer.allocate(4)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(1 - i)
                    .array());
            t.write(le(1));
            t.write('k');
            t.write(ClpsNodeType.OBJECT);
        }
        f.put("/schema_tree", Zstd.compress(t.toByteArray()));
        assertTrue(problems(build(f, 3)).stream().anyMatch(p -> p.message().contains("cycle")));
    }

    @Test
    void columnlessTableClaimingBillionsOfRecords() throws Exception {
        Map<String, byte[]> f = base();
        // One stream of 0 bytes, one table of schema 0 claiming 2^31 - 100 records.
        ByteArrayOutputStream tm = new ByteArrayOutputStream();
        tm.write(le(1, 0, 0, 0, 1, 0, 0));
        tm.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0).array());
        tm.write(le(Integer.MAX_VALUE - 100L));
        f.put("/table_metadata", Zstd.compress(tm.toByteArray()));
        // Schema 0: only the record root (an empty object leaf has no column).
        ByteArrayOutputStream si = new ByteArrayOutputStream();
        si.write(le(1));
        si.write(ByteBuffer.allocate(12)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(0)
                .putInt(0)
                .putInt(0)
                .array());
        f.put("/schema_ids", Zstd.compress(si.toByteArray()));
        f.put("/0", new byte[0]);
        assertFalse(problems(build(f, 3)).isEmpty());
    }

    @Test
    void metadataDecompressionBomb() throws Exception {
        byte[] good = build(base(), 3);
        byte[] bomb = Zstd.compress(new byte[4 << 20]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteBuffer h = ByteBuffer.wrap(good, 0, 64).order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(56, bomb.length);
        h.putLong(16, 64L + bomb.length);
        out.write(good, 0, 64);
        out.write(bomb);
        List<Problem> ps = problems(out.toByteArray());
        assertTrue(ps.stream().anyMatch(p -> p.offset() == 64 && p.message().contains("limit")), ps.toString());
    }

    @Test
    void streamClaimingATerabyte() throws Exception {
        Map<String, byte[]> f = base();
        ByteArrayOutputStream tm = new ByteArrayOutputStream();
        tm.write(le(1, 0, 1L << 40, 0, 0));
        f.put("/table_metadata", Zstd.compress(tm.toByteArray()));
        assertTrue(problems(build(f, 0)).stream().anyMatch(p -> p.message().contains("over the limit")));
    }

    @Test
    void dictionaryCountPastItsBytes() throws Exception {
        Map<String, byte[]> f = base();
        byte[] d = f.get("/var.dict").clone();
        ByteBuffer.wrap(d).order(ByteOrder.LITTLE_ENDIAN).putLong(0, 1L << 62);
        f.put("/var.dict", d);
        assertTrue(problems(build(f, 3)).stream().anyMatch(p -> p.message().contains("/var.dict")));
    }

    @Test
    void schemaClaimingMoreEntriesThanItsBytes() throws Exception {
        Map<String, byte[]> f = base();
        ByteArrayOutputStream si = new ByteArrayOutputStream();
        si.write(le(1));
        si.write(ByteBuffer.allocate(12)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(0)
                .putInt(Integer.MAX_VALUE)
                .putInt(0)
                .array());
        f.put("/schema_ids", Zstd.compress(si.toByteArray()));
        assertTrue(problems(build(f, 3)).stream().anyMatch(p -> p.message().contains("/schema_ids")));
    }
}
