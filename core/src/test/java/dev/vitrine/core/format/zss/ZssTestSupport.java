package dev.vitrine.core.format.zss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyListener;
import dev.vitrine.core.verify.VerifyReport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Fixture paths (from the test class path, never from outside the repo) and small helpers. */
final class ZssTestSupport {
    private ZssTestSupport() {}

    /** Small enough that a decompression bomb in a sweep cannot exhaust the test heap. */
    static final Limits SMALL_LIMITS = new Limits(8L << 20, 100_000, 64, 1L << 20);

    static Path fixture(String relative) {
        URL url = ZssTestSupport.class.getResource("/fixtures/zss/" + relative);
        assertNotNull(url, "missing fixture " + relative);
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static ZssArchive open(Path p) throws IOException {
        return open(p, Limits.DEFAULT);
    }

    /** Opens through the registry, as the app does, and checks it picked our format. */
    static ZssArchive open(Path p, Limits limits) throws IOException {
        Archive a = FormatRegistry.get().open(p, limits);
        return (ZssArchive) a;
    }

    /** All records in range, each followed by {@code terminator}. */
    static byte[] dump(ZssArchive z, byte[] start, byte[] stop, byte[] prefix, String terminator) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] t = terminator.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        z.scan(start, stop, prefix, (b, o, l) -> {
            out.write(b, o, l);
            out.write(t);
            return true;
        });
        return out.toByteArray();
    }

    static List<byte[]> records(ZssArchive z) throws IOException {
        List<byte[]> out = new ArrayList<>();
        z.scan(null, null, null, (b, o, l) -> out.add(java.util.Arrays.copyOfRange(b, o, o + l)));
        return out;
    }

    /** Runs a verify through the engine (open problems first, as the app and CLI do). */
    static List<Problem> verify(Archive a) {
        List<Problem> problems = new ArrayList<>();
        VerifyReport r = VerifyEngine.run(a, new VerifyListener() {
            @Override
            public void problem(Problem p) {
                problems.add(p);
            }
        });
        assertEquals(
                problems.stream()
                        .filter(p -> p.severity() == dev.vitrine.core.model.Severity.ERROR)
                        .count(),
                r.errors());
        return problems;
    }

    static byte[] bytes(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    static byte[] readAll(Path p) {
        try {
            return java.nio.file.Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
