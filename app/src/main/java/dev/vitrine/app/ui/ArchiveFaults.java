package dev.vitrine.app.ui;

import dev.vitrine.app.errors.InternalErrors;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.io.FileChangedException;
import dev.vitrine.core.io.SourceUnavailableException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * What one archive's tab says when its background jobs fail for reasons that are not the
 * archive's: its file changed while it was read (a log rotator, a download replaced), or the
 * bytes could not be fetched — one line that stays, with Reopen — or an Error escaped a reader
 * (out of memory, a stack overflow, a bug) — one line naming the file and a log for a bug
 * report. Every other failure is left to the job's own handler. Used on the FX thread.
 */
final class ArchiveFaults implements Background.Faults {
    private final ArchiveSession session;
    private final Banner banner;
    private Runnable reopen;
    private SourceUnavailableException unavailable;
    /** Errors already reported (kind and message): a burst of failing reads gives one line and one log. */
    private final Set<String> reported = new HashSet<>();

    ArchiveFaults(ArchiveSession session, Banner banner) {
        this.session = session;
        this.banner = banner;
    }

    /** What Reopen does (the window opens the file again in this tab's place); none, no button. */
    void setOnReopen(Runnable reopen) {
        this.reopen = reopen;
    }

    @Override
    public Throwable seen(Throwable failure) {
        SourceUnavailableException gone = unavailable(failure);
        if (gone != null) {
            unavailable(gone);
            return gone; // the job's own handler says it in the same words
        }
        if (unwrap(failure) instanceof Error e) internal(e);
        return failure;
    }

    /**
     * After a job that ended normally yet met damage: bytes past a shrunk file's end that still
     * lie in its last mapped page read as zeros, which looks like damage but is a changed file.
     */
    void checkUnchanged() {
        FileChangedException changed = FileChangedException.find(null, session.path());
        if (changed != null) unavailable(changed);
    }

    /** The bytes this archive could not read, or null: in the failure's causes, or a file of this archive found changed. */
    private SourceUnavailableException unavailable(Throwable failure) {
        SourceUnavailableException gone = SourceUnavailableException.in(failure);
        return gone != null ? gone : FileChangedException.find(failure, session.path());
    }

    private void unavailable(SourceUnavailableException gone) {
        if (unavailable != null) return; // said once; everything after fails because of it
        unavailable = gone;
        String line = name(gone) + ": " + gone.reason();
        banner.pin(line, reopen == null ? null : "Reopen", reopen);
    }

    /** "NAME: changed while being read (...)", the way the user knows the archive's file (or part of it). */
    private String name(SourceUnavailableException gone) {
        Path root = session.path().toAbsolutePath().normalize();
        try {
            Path file = Path.of(gone.name()).toAbsolutePath().normalize();
            if (file.equals(root)) return String.valueOf(root.getFileName());
            // A part of a folder archive: its path in the archive, after the archive's name.
            if (file.startsWith(root))
                return root.getFileName() + "/"
                        + root.relativize(file).toString().replace('\\', '/');
        } catch (InvalidPathException notAFile) {
            // an address
        }
        return gone.name();
    }

    private void internal(Error e) {
        if (!reported.add(e.getClass().getName() + ": " + e.getMessage())) {
            banner.hushThisTurn();
            return;
        }
        Path file = session.path().getFileName();
        String line = InternalErrors.oneLine(
                String.valueOf(file == null ? session.path() : file),
                "vitrine window: a background job reading " + session.path(),
                e);
        banner.error(line);
        banner.hushThisTurn();
    }

    /**
     * The window's line for an archive that could not be opened: as {@link Human#error}, but an
     * Error (out of memory, a stack overflow) is an internal error naming the file, with a log.
     */
    static String openFailed(Path path, Throwable failure) {
        Throwable t = unwrap(failure);
        SourceUnavailableException gone = SourceUnavailableException.in(t);
        if (gone == null && t instanceof Error) gone = FileChangedException.find(t, path);
        if (gone != null) return path.getFileName() + ": " + gone.reason();
        if (t instanceof Error e)
            return InternalErrors.oneLine(String.valueOf(path.getFileName()), "vitrine window: opening " + path, e);
        return Human.error(failure);
    }

    /** Whether the tab has said that its bytes could not be read (tests, Reopen). */
    SourceUnavailableException unavailable() {
        return unavailable;
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null)
            t = t.getCause();
        return t;
    }
}
