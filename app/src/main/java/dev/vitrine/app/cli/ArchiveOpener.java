package dev.vitrine.app.cli;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.verify.Problem;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Optional;
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

    /**
     * The archive's file listing, or empty after telling the user it holds none. Damage found at
     * open is printed too: a damaged index still lists what was read before the damage.
     */
    static Optional<FileListing> fileListing(Archive archive, Path file, PrintWriter err) {
        Optional<FileListing> listing = archive.capability(FileListing.class);
        if (listing.isEmpty()) {
            err.println("vitrine: " + file + ": " + archive.format().displayName() + " holds records, not files (try `vitrine cat`)");
        } else if (archive.unreadable()) {
            for (Problem p : archive.openProblems()) err.println(p);
        }
        return listing;
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
