package dev.vitrine.core.location;

import dev.vitrine.core.io.ByteSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where an archive, or one part of a folder archive, lives: a local path, an http(s):// URL or
 * an s3:// object or prefix. Formats read through this and never learn which: they stat a
 * location, open its bytes and list a folder's entries, the same calls for a disk and a bucket.
 */
public interface Location {

    /** The address as the user typed it (secrets left out): what every message names. */
    String display();

    /** The last name of the address, without a trailing slash: "a.zss", "splits". */
    String name();

    /** What is there: a file, a folder (or prefix), or nothing ({@link java.nio.file.NoSuchFileException}). */
    Stat stat() throws IOException;

    /** The bytes of a file; local files are memory-mapped, remote ones read by ranges through a cache. */
    ByteSource open() throws IOException;

    /**
     * Opens this file's bytes and gives them to {@code reader} (an archive's constructor, say),
     * with the path that names it; the bytes are closed again if the reader fails, and otherwise
     * belong to what it returns.
     */
    default <T> T openAs(SourceReader<T> reader) throws IOException {
        ByteSource src = open();
        try {
            return reader.read(displayPath(), src);
        } catch (IOException | RuntimeException | Error e) {
            try {
                src.close();
            } catch (RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** What {@link #openAs} gives a location's bytes to. */
    @FunctionalInterface
    interface SourceReader<T> {
        T read(Path displayPath, ByteSource source) throws IOException;
    }

    /** The entries directly inside a folder or prefix, sorted by name; links are reported, never followed. */
    List<Entry> list() throws IOException;

    /**
     * One page of {@link #list()}, for a chooser that shows a bucket holding more entries than
     * anyone reads at once: at most about {@code max} entries from {@code token} (null: the
     * first page) in the store's order, and the token of the next page (null after the last).
     * Stores without pages give everything as one page.
     */
    default Page listPage(String token, int max) throws IOException {
        return new Page(list(), null);
    }

    /**
     * A page of what starts with this address as typed, as `aws s3 ls` lists it: an S3 key
     * prefix that need not end at a '/', entries named from the address's last '/'. Locations
     * without key prefixes list their folder ({@link #listPage}).
     */
    default Page listStartingWith(String token, int max) throws IOException {
        return listPage(token, max);
    }

    /** The location {@code relative} (names separated by '/') inside this folder; never outside it. */
    Location resolve(String relative);

    /** The local path, when the bytes are on this machine's file system. */
    default Optional<Path> localPath() {
        return Optional.empty();
    }

    /** What the user should know about how this location was read ("server ignores Range: read whole"). */
    default List<String> notices() {
        return List.of();
    }

    /**
     * A path that stands for this location in code that still names archives by path: the
     * local path, or the bare name of a remote one (never opened, only shown).
     */
    default Path displayPath() {
        return localPath().orElseGet(() -> Path.of(name()));
    }

    /** True for addresses read over a network. */
    default boolean remote() {
        return localPath().isEmpty();
    }

    enum Kind {
        FILE,
        FOLDER,
        LINK,
        OTHER
    }

    /** What a stat found: its kind and, for a file, its size. */
    record Stat(Kind kind, long size) {
        public boolean isFile() {
            return kind == Kind.FILE;
        }

        public boolean isFolder() {
            return kind == Kind.FOLDER;
        }
    }

    /** Some entries of a folder listing and the token of the next page, null after the last. */
    record Page(List<Entry> entries, String next) {}

    /** One entry of a folder listing. */
    record Entry(String name, Kind kind, long size) {}
}
