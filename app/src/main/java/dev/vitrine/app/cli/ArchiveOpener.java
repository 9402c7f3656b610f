package dev.vitrine.app.cli;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Opens an archive for a command, turning I/O failures into one-line messages. */
final class ArchiveOpener {
    private ArchiveOpener() {}

    /** Thrown when a file cannot be opened at all; the message is ready to print. */
    static final class CannotOpen extends Exception {
        CannotOpen(String message) {
            super(message, null, false, false);
        }
    }

    static Archive open(Path path) throws CannotOpen {
        try {
            return FormatRegistry.get().open(path, Limits.DEFAULT);
        } catch (NoSuchFileException e) {
            throw new CannotOpen(path + ": no such file or directory");
        } catch (AccessDeniedException e) {
            throw new CannotOpen(path + ": permission denied");
        } catch (IOException e) {
            throw new CannotOpen(e.getMessage() == null ? path + ": " + e : e.getMessage());
        }
    }
}
