package dev.vitrine.core.verify;

import dev.vitrine.core.io.FormatException;

/**
 * One thing wrong with an archive. Damage is data: problems are collected and shown, not
 * thrown. {@code offset} is -1 when the problem concerns the file as a whole; {@code file}
 * names the file the offset is in.
 */
public record Problem(Severity severity, String file, long offset, String message) {

    public static Problem error(String file, long offset, String message) {
        return new Problem(Severity.ERROR, file, offset, message);
    }

    public static Problem warning(String file, long offset, String message) {
        return new Problem(Severity.WARNING, file, offset, message);
    }

    public static Problem of(FormatException e) {
        return error(e.file(), e.offset(), e.detail());
    }

    /** "file: offset N: message", the one line the command line prints. */
    @Override
    public String toString() {
        String where = offset >= 0 ? file + ": offset " + offset + ": " : file + ": ";
        return (severity == Severity.ERROR ? "" : severity.name().toLowerCase() + ": ") + where + message;
    }
}
