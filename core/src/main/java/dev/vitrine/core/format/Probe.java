package dev.vitrine.core.format;

import dev.vitrine.core.io.ByteSource;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a format looks at to recognise a file: its path, and (for regular files) a source
 * over its bytes. Directories (DataBundle) have no source.
 */
public record Probe(Path path, ByteSource source) {

    public boolean isDirectory() {
        return source == null && Files.isDirectory(path);
    }

    public String fileName() {
        Path n = path.getFileName();
        return n == null ? path.toString() : n.toString();
    }

    /** True when the file begins with {@code magic}. */
    public boolean startsWith(byte[] magic) {
        if (source == null || source.size() < magic.length) return false;
        try {
            return java.util.Arrays.equals(source.read(0, magic.length), magic);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    public boolean hasExtension(String ext) {
        return fileName().toLowerCase(java.util.Locale.ROOT).endsWith("." + ext);
    }
}
