package dev.vitrine.core.format.clps;

import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** The clp-s fixtures (real archives and the real tool's output) and helpers to open bytes in memory. */
final class ClpsTestFiles {
    private ClpsTestFiles() {}

    static Path fixture(String rel) {
        try {
            return Path.of(
                    ClpsTestFiles.class.getResource("/fixtures/clp-s/" + rel).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("missing fixture " + rel, e);
        }
    }

    static byte[] bytes(String rel) throws IOException {
        return Files.readAllBytes(fixture(rel));
    }

    static byte[] gunzip(String rel) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(fixture(rel)))) {
            return in.readAllBytes();
        }
    }

    static ClpsArchive open(byte[] b) {
        return new ClpsFormat().open(Path.of("mem.clps"), MappedFileSource.ofBytes("mem.clps", b), Limits.DEFAULT);
    }

    static byte[] decode(ClpsArchive a) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        a.records().writeJsonLines(null, out);
        return out.toByteArray();
    }

    /** What `vitrine cat --query` writes for {@code archive}, one record a line. */
    static List<String> catQuery(Path archive, String query) throws IOException {
        try (dev.vitrine.core.format.Archive a =
                dev.vitrine.core.format.FormatRegistry.get().open(archive, Limits.DEFAULT)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            a.capability(dev.vitrine.core.model.JsonRecords.class).orElseThrow().writeJsonLines(query, out);
            String s = out.toString(java.nio.charset.StandardCharsets.UTF_8);
            return s.isEmpty() ? List.of() : java.util.Arrays.asList(s.split("\n"));
        }
    }

    static List<Problem> verify(ClpsArchive a) {
        List<Problem> out = new ArrayList<>();
        VerifyEngine.run(a, out::add);
        return out;
    }
}
