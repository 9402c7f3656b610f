package dev.vitrine.core.io;

import java.util.Objects;

/**
 * Which file of an archive some bytes are in: a path relative to the archive's root with
 * {@code /} separators, or empty for the archive's own file when it is a single file.
 * It is the one identity used by byte ranges, positions, problems, health and the hex view,
 * so nothing ever has to reconcile a base name with a relative path.
 */
public record FileRef(String path) implements Comparable<FileRef> {
    /** The archive's own file (single-file formats). */
    public static final FileRef MAIN = new FileRef("");

    public FileRef {
        Objects.requireNonNull(path, "path");
        if (path.startsWith("/")) throw new IllegalArgumentException("file ref must be relative: " + path);
    }

    public static FileRef of(String relativePath) {
        return relativePath == null || relativePath.isEmpty() ? MAIN : new FileRef(relativePath.replace('\\', '/'));
    }

    public boolean isMain() {
        return path.isEmpty();
    }

    /** The last path element (what a tab or chooser shows), or "" for {@link #MAIN}. */
    public String baseName() {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    @Override
    public int compareTo(FileRef o) {
        return path.compareTo(o.path);
    }

    @Override
    public String toString() {
        return path;
    }
}
