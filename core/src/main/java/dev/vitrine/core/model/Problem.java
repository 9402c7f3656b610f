package dev.vitrine.core.model;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.FormatException;
import java.util.List;

/**
 * One thing wrong with an archive. Damage is data: problems are collected and shown, not
 * thrown.
 *
 * @param file     the file's name as printed (the archive's own name, or a part's relative path)
 * @param ref      which file of the archive the offset is in: the identity health and the hex view key on
 * @param offset   byte offset in that file, or -1 when the problem concerns the file as a whole
 * @param nodePath child indices from the tree's root to the node the problem belongs to, when the
 *                 format knows it (empty otherwise: the window then finds the node by offset)
 * @param expected what the format required, when there is one value to name ("" otherwise)
 * @param actual   what the bytes held instead ("" otherwise)
 */
public record Problem(
        Severity severity,
        String file,
        FileRef ref,
        long offset,
        String message,
        List<Long> nodePath,
        String expected,
        String actual) {

    public Problem {
        if (ref == null) ref = FileRef.MAIN;
        if (file == null) file = ref.path();
        nodePath = nodePath == null ? List.of() : List.copyOf(nodePath);
        if (expected == null) expected = "";
        if (actual == null) actual = "";
    }

    public Problem(Severity severity, String file, long offset, String message) {
        this(severity, file, FileRef.MAIN, offset, message, List.of(), "", "");
    }

    public static Problem error(String file, long offset, String message) {
        return new Problem(Severity.ERROR, file, offset, message);
    }

    public static Problem warning(String file, long offset, String message) {
        return new Problem(Severity.WARNING, file, offset, message);
    }

    /** A problem in one part of a multi-file archive, printed under the part's relative path. */
    public static Problem error(FileRef ref, long offset, String message) {
        return new Problem(Severity.ERROR, ref.path(), ref, offset, message, List.of(), "", "");
    }

    public static Problem warning(FileRef ref, long offset, String message) {
        return new Problem(Severity.WARNING, ref.path(), ref, offset, message, List.of(), "", "");
    }

    public static Problem of(FormatException e) {
        return new Problem(Severity.ERROR, e.file(), e.ref(), e.offset(), e.detail(), List.of(), "", "");
    }

    /** This problem with the expected and actual values named. */
    public Problem expecting(Object expectedValue, Object actualValue) {
        return new Problem(
                severity,
                file,
                ref,
                offset,
                message,
                nodePath,
                String.valueOf(expectedValue),
                String.valueOf(actualValue));
    }

    /** This problem tied to the node at {@code path} (child indices from the root). */
    public Problem at(List<Long> path) {
        return new Problem(severity, file, ref, offset, message, path, expected, actual);
    }

    public ByteRange.Position position() {
        return new ByteRange.Position(ref, offset);
    }

    public boolean hasExpected() {
        return !expected.isEmpty() || !actual.isEmpty();
    }

    /** "file: offset N: message", the one line the command line prints. */
    @Override
    public String toString() {
        String where = offset >= 0 ? file + ": offset " + offset + ": " : file + ": ";
        String values =
                hasExpected() && !message.contains(actual) ? " (expected " + expected + ", found " + actual + ")" : "";
        return (severity == Severity.ERROR ? "" : severity.name().toLowerCase() + ": ") + where + message + values;
    }
}
