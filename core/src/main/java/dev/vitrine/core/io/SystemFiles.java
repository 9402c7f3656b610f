package dev.vitrine.core.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The kernel's small text files (/proc, /sys) that tune how memory is asked for. */
final class SystemFiles {
    private SystemFiles() {}

    /** The text of {@code file}, or null where the system has no such file or it cannot be read. */
    static String text(String file) {
        try {
            return Files.readString(Path.of(file), StandardCharsets.US_ASCII);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
