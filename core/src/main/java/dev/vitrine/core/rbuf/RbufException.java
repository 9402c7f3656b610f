package dev.vitrine.core.rbuf;

import java.io.IOException;

/** Bytes that do not decode against a schema, at {@link #offset()} (relative to the decoded buffer's start). */
public final class RbufException extends IOException {
    private final long offset;
    private final String detail;

    public RbufException(long offset, String detail) {
        super("offset " + offset + ": " + detail);
        this.offset = offset;
        this.detail = detail;
    }

    public long offset() {
        return offset;
    }

    public String detail() {
        return detail;
    }
}
