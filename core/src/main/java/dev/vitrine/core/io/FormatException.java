package dev.vitrine.core.io;

import java.io.IOException;

/**
 * Bytes that do not follow the format. Always names the file and the byte offset where the
 * problem is, so the message alone tells a user where to look.
 */
public class FormatException extends IOException {
    private final String file;
    private final long offset;
    private final String detail;
    private final dev.vitrine.core.io.FileRef ref;

    public FormatException(String file, long offset, String detail) {
        this(file, dev.vitrine.core.io.FileRef.MAIN, offset, detail);
    }

    /** Damage in one part of a multi-file archive: {@code file} is what messages print. */
    public FormatException(String file, dev.vitrine.core.io.FileRef ref, long offset, String detail) {
        super(file + (offset >= 0 ? ": offset " + offset : "") + ": " + detail); // -1: the file as a whole
        this.file = file;
        this.offset = offset;
        this.detail = detail;
        this.ref = ref == null ? dev.vitrine.core.io.FileRef.MAIN : ref;
    }

    /** Which file of the archive the offset is in. */
    public dev.vitrine.core.io.FileRef ref() {
        return ref;
    }

    public String file() {
        return file;
    }

    /** Byte offset of the problem, or -1 when it concerns the file as a whole. */
    public long offset() {
        return offset;
    }

    /** The message without file and offset. */
    public String detail() {
        return detail;
    }
}
