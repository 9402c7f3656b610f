package dev.vitrine.core.model;

/** One named value of a node, e.g. a header field, with the bytes it was read from. */
public record Field(String name, String value, ByteRange range) {
    public static Field of(String name, Object value) {
        return new Field(name, String.valueOf(value), ByteRange.NONE);
    }

    public static Field at(String name, Object value, long offset, long length) {
        return new Field(name, String.valueOf(value), ByteRange.of(offset, length));
    }
}
