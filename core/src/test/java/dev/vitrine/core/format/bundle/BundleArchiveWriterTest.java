package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.ArchiveWriter;
import dev.vitrine.core.format.FormatRegistry;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `vitrine create bundle` through the format's writer seam. */
class BundleArchiveWriterTest {
    @TempDir
    Path tmp;

    static Map<String, String> defaults(ArchiveWriter w) {
        Map<String, String> m = new HashMap<>();
        for (ArchiveWriter.Option o : w.options())
            m.put(o.name(), o.kind() == ArchiveWriter.Kind.FLAG ? "false" : o.defaultValue());
        return m;
    }

    @Test
    void createBundleWritesAndRefusesBadWords() throws Exception {
        ArchiveWriter w =
                FormatRegistry.get().byId("bundle").orElseThrow().writer().orElseThrow();
        assertEquals("bundle", w.name());
        Path in = BundleTestFiles.sampleInput(tmp.resolve("in"));
        Path out = tmp.resolve("out");
        Map<String, String> v = defaults(w);
        v.put("--compression", "snappy");
        StringWriter s = new StringWriter();
        w.write(v, List.of(in.toString(), out.toString()), InputStream.nullInputStream(), new PrintWriter(s));
        assertTrue(s.toString().contains("6 files, 4 folders"), s::toString);
        try (BundleArchive a = BundleTestFiles.open(out)) {
            assertEquals(dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType.SNAPPY, a.codec());
            assertEquals(List.of(), BundleTestFiles.verify(a));
        }
        assertThrows(
                FileAlreadyExistsException.class,
                () -> w.write(
                        defaults(w),
                        List.of(in.toString(), out.toString()),
                        InputStream.nullInputStream(),
                        new PrintWriter(new StringWriter())));
        Map<String, String> bad = defaults(w);
        bad.put("--record-size", "huge");
        assertThrows(
                ArchiveWriter.UsageException.class,
                () -> w.write(
                        bad,
                        List.of(in.toString(), tmp.resolve("o2").toString()),
                        InputStream.nullInputStream(),
                        new PrintWriter(new StringWriter())));
        assertThrows(
                ArchiveWriter.UsageException.class,
                () -> w.write(
                        defaults(w),
                        List.of(
                                tmp.resolve("nope").toString(),
                                tmp.resolve("o3").toString()),
                        InputStream.nullInputStream(),
                        new PrintWriter(new StringWriter())));
    }
}
