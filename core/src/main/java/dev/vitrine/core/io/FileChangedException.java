package dev.vitrine.core.io;

/**
 * A mapped file shrank or was replaced while we read it (a log rotator, a download being
 * replaced): not damage in the archive, but nothing we read from it can be trusted. Made by
 * the source layer so that every format reports it the same way.
 */
public final class FileChangedException extends SourceUnavailableException {

    public FileChangedException(String file, long was, long now) {
        this(
                file,
                "changed while being read (was " + was + " bytes, now " + (now < 0 ? "gone" : String.valueOf(now))
                        + ")");
    }

    private FileChangedException(String file, String reason) {
        super(file, reason, null);
    }

    /**
     * The file-changed error behind {@code t}, if a mapped file read by this process has
     * changed since it was opened; used where an unsafe-access fault ({@link InternalError})
     * or a failed read arrives without saying which file it came from.
     */
    public static FileChangedException find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FileChangedException f) return f;
        }
        return MappedFileSource.changedFile(null);
    }

    /**
     * Like {@link #find(Throwable)}, but a file found changed must be {@code under} (an
     * archive's file, or its folder): the window has several archives open, and one archive's
     * failure must not be blamed on another's changed file.
     */
    public static FileChangedException find(Throwable t, java.nio.file.Path under) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FileChangedException f) return f;
        }
        return MappedFileSource.changedFile(under.toAbsolutePath().normalize());
    }

    /** Forgets files found changed by earlier work, so that a new command reports only its own. */
    public static void forgetEarlier() {
        MappedFileSource.forgetChanged(null);
    }

    /** Forgets files at or under {@code under} found changed: an archive closed, its changes are no one else's. */
    public static void forgetEarlier(java.nio.file.Path under) {
        MappedFileSource.forgetChanged(under.toAbsolutePath().normalize());
    }
}
