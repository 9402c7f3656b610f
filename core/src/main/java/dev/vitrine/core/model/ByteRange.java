package dev.vitrine.core.model;

import dev.vitrine.core.io.FileRef;

/**
 * A run of bytes in one file of an archive. {@code file} is {@link FileRef#MAIN} for a
 * single-file archive; formats made of several files (DataBundle, Ark) name the file
 * relative to the archive's root. Never null: a null file is taken as MAIN.
 */
public record ByteRange(FileRef file, long offset, long length) {
    public static final ByteRange NONE = new ByteRange(FileRef.MAIN, -1, 0);

    public ByteRange {
        if (length < 0) throw new IllegalArgumentException("negative length " + length);
        if (file == null) file = FileRef.MAIN;
    }

    public static ByteRange of(long offset, long length) {
        return new ByteRange(FileRef.MAIN, offset, length);
    }

    public static ByteRange in(FileRef file, long offset, long length) {
        return new ByteRange(file, offset, length);
    }

    public boolean isNone() {
        return offset < 0;
    }

    public long end() {
        return offset + length;
    }

    /** A single byte position in a file of the archive. */
    public record Position(FileRef file, long offset) {
        public Position {
            if (file == null) file = FileRef.MAIN;
        }

        public static Position of(long offset) {
            return new Position(FileRef.MAIN, offset);
        }
    }

    public Position start() {
        return new Position(file, offset);
    }

    public boolean contains(long position) {
        return !isNone() && position >= offset && position < offset + length;
    }

    /** True when {@code position} is in this range's file and inside it. */
    public boolean contains(Position position) {
        return file.equals(position.file()) && contains(position.offset());
    }

    /** True when {@code other} is in the same file and lies inside this range. */
    public boolean encloses(ByteRange other) {
        return !isNone()
                && !other.isNone()
                && file.equals(other.file)
                && other.offset >= offset
                && other.end() <= end();
    }
}
