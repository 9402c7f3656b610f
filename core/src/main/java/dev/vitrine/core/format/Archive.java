package dev.vitrine.core.format;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** An opened archive: its structure, its summary, and its full check. */
public interface Archive extends AutoCloseable {

    ArchiveFormat format();

    /** What the user opened (a file, or a directory for multi-file formats). */
    Path path();

    /**
     * The archive's own file's bytes, for single-file formats. Multi-file formats return the
     * source of their first file; code that shows or checks bytes uses {@link #source(FileRef)}.
     */
    ByteSource source();

    /** The files this archive is made of, in the order a user would look at them (main first). */
    default List<FileRef> files() {
        return List.of(FileRef.MAIN);
    }

    /**
     * The bytes of one of {@link #files()}, opened on first use and closed with the archive
     * (multi-file formats keep at most {@link Limits#maxOpenFiles()} open at once).
     */
    default ByteSource source(FileRef file) throws IOException {
        if (file.isMain()) return source();
        throw new java.nio.file.NoSuchFileException(
                path().resolve(file.path()).toString(), null, "not a file of this archive");
    }

    /** How a file of this archive is named in messages: the archive's name, or the part's relative path. */
    default String displayName(FileRef file) {
        if (!file.isMain()) return file.path();
        Path n = path().getFileName();
        return n == null ? path().toString() : n.toString();
    }

    /** Root of the structure tree. */
    Node root();

    /** Damage found while opening. Non-empty errors here mean ordinary reads will fail. */
    List<Problem> openProblems();

    /**
     * Damage met while reading since open that did not stop the read (Ark: a message that does
     * not decode, written as an error line), each once; what the command line prints after a
     * command's output, with exit status 1.
     */
    default List<Problem> damageMet() {
        return List.of();
    }

    /** True when problems at open stop ordinary reads (e.g. bad magic): info and cat fail. */
    default boolean unreadable() {
        return openProblems().stream().anyMatch(p -> p.severity() == dev.vitrine.core.model.Severity.ERROR);
    }

    /** Summary for `vitrine info --json`; field names are the format's own where it has a reference tool. */
    ObjectNode info() throws IOException;

    /**
     * {@link #info()} as the text `vitrine info --json` prints. Formats with a reference tool
     * override this to match that tool's output byte for byte.
     */
    default String infoJson() throws IOException {
        return dev.vitrine.core.json.JsonText.pretty(info()) + "\n";
    }

    /** Checks everything, streaming problems and progress to {@code ctx}; honours cancellation. */
    void verify(VerifyContext ctx) throws IOException;

    /**
     * Lets go of what was decoded and kept only to make later reads faster (decoded blocks,
     * parsed index blocks): the window calls it for an archive whose tab is not shown, so many
     * open archives hold little. Reads after it decode again and return the same bytes. Safe
     * while other threads read: what a reader already holds stays valid, only the caches'
     * references go. Formats with nothing large to keep do nothing.
     */
    default void releaseCaches() {}

    /** About how many decoded bytes {@link #releaseCaches} would let go (0 when none are kept). */
    default long cachedBytes() {
        return 0;
    }

    /** Optional capabilities, e.g. {@link dev.vitrine.core.model.SortedRecords} or {@link dev.vitrine.core.model.FileListing}. */
    default <T> Optional<T> capability(Class<T> type) {
        return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
    }

    @Override
    void close();
}
