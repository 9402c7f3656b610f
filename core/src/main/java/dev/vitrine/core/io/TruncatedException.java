package dev.vitrine.core.io;

/** A read ran past the end of the data: the one truncation error, whatever the source. */
public final class TruncatedException extends FormatException {
    private final long length;

    public TruncatedException(String file, long offset, long length, long available, String what) {
        super(
                file,
                offset,
                (what == null || what.isEmpty() ? "" : what + ": ")
                        + "unexpected end of data (needed " + length + " bytes at offset " + offset
                        + ", but the data ends at " + available + ")");
        this.length = length;
    }

    public long length() {
        return length;
    }
}
