package dev.vitrine.core.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Test fixtures copied from the real tools' files into core/src/test/resources/fixtures
 * (each folder has a SOURCE.md). Works whether the resources are a folder (core's own tests)
 * or inside core's test jar (app tests): jar entries are copied to a temp file once.
 */
public final class Fixtures {
    private static Path extracted;

    private Fixtures() {}

    /** Path of {@code fixtures/<relative>} on disk. */
    public static synchronized Path path(String relative) {
        String res = "fixtures/" + relative;
        URL url = Fixtures.class.getClassLoader().getResource(res);
        if (url == null) throw new IllegalArgumentException("no test fixture " + res);
        try {
            if ("file".equals(url.getProtocol())) return Path.of(url.toURI());
            if (extracted == null) {
                extracted = Files.createTempDirectory("vitrine-fixtures");
                // File.deleteOnExit takes files, not the folders they were copied into: the whole tree goes at exit
                TempTrees.deleteOnExit(extracted);
            }
            Path out = extracted.resolve(relative);
            if (!Files.exists(out)) {
                Files.createDirectories(out.getParent());
                try (InputStream in = url.openStream()) {
                    Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static byte[] bytes(String relative) {
        try {
            return Files.readAllBytes(path(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
