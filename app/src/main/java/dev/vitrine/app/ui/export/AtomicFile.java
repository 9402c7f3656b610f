package dev.vitrine.app.ui.export;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file the safe way: into a hidden temp file beside it, renamed over the target only
 * when complete, so a cancelled or failed export leaves nothing half-written. An existing file
 * is replaced only when the user agreed to it.
 */
public final class AtomicFile {
    private AtomicFile() {}

    /** What fills the file. */
    @FunctionalInterface
    public interface Body {
        void write(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code target} with {@code body}.
     *
     * @throws FileAlreadyExistsException when it exists and {@code replace} is false
     */
    public static void write(Path target, boolean replace, Body body) throws IOException {
        Path abs = target.toAbsolutePath();
        if (!replace && Files.exists(abs, LinkOption.NOFOLLOW_LINKS))
            throw new FileAlreadyExistsException(abs.toString());
        Path dir = abs.getParent();
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".part");
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                body.write(out);
            }
            if (!replace) {
                // Publish with a hard link: fails if the name was taken meanwhile, never clobbers.
                try {
                    Files.createLink(abs, tmp);
                    return;
                } catch (UnsupportedOperationException | java.nio.file.FileSystemException e) {
                    if (e instanceof FileAlreadyExistsException) throw e;
                    if (Files.exists(abs, LinkOption.NOFOLLOW_LINKS))
                        throw new FileAlreadyExistsException(abs.toString());
                }
            }
            try {
                Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
