package dev.vitrine.core.model;

/**
 * A run of bytes in one file of an archive. {@code file} is null for the archive's main file
 * (the one the user opened); formats made of several files (DataBundle, Ark) name the others
 * relative to the archive's path.
 */
public record ByteRange(String file, long offset, long length) {
    public static final ByteRange NONE = new ByteRange(null, -1, 0);

    public ByteRange {
        if (length < 0) throw new IllegalArgumentException("negative length " + length);
    }

    public static ByteRange of(long offset, long length) {
        return new ByteRange(null, offset, length);
    }

    public boolean isNone() {
        return offset < 0;
    }

    public long end() {
        return offset + length;
    }

    /** A single byte position in a file of the archive (file null for the main file). */
    public record Position(String file, long offset) {
        public static Position of(long offset) {
            return new Position(null, offset);
        }
    }

    public boolean contains(long position) {
        return !isNone() && position >= offset && position < offset + length;
    }

    /** True when {@code other} is in the same file and lies inside this range. */
    public boolean encloses(ByteRange other) {
        return !isNone() && !other.isNone() && java.util.Objects.equals(file, other.file)
                && other.offset >= offset && other.end() <= end();
    }
}
