package dev.vitrine.core.io;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What kind of thing a path is, asked before anything opens it: opening a FIFO blocks until a
 * writer comes (forever, for a command), and reading a device or socket never ends or fails
 * oddly. Symbolic links are followed; the file system's own reason is thrown when it has one.
 */
public final class FileKinds {
    private FileKinds() {}

    /** A path that is neither a regular file nor a folder (FIFO, device, socket). */
    public static final class NotRegularFileException extends FileSystemException {
        public NotRegularFileException(Path path, String what) {
            super(path.toString(), null, "not a regular file (" + what + ")");
        }
    }

    /**
     * The path's attributes (links followed).
     *
     * @throws NotRegularFileException for anything but a regular file or a folder
     * @throws java.nio.file.NoSuchFileException, AccessDeniedException, FileSystemException with the
     *         system's reason (too many levels of symbolic links, file name too long)
     */
    public static BasicFileAttributes attributes(Path path) throws IOException {
        BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
        if (!a.isRegularFile() && !a.isDirectory()) throw new NotRegularFileException(path, describe(path, a));
        return a;
    }

    /** Throws unless {@code path} is a regular file (links followed). */
    public static void requireRegularFile(Path path) throws IOException {
        BasicFileAttributes a = attributes(path);
        if (a.isDirectory()) throw new FileSystemException(path.toString(), null, "Is a directory");
    }

    private static String describe(Path path, BasicFileAttributes a) {
        try {
            Object mode = Files.getAttribute(path, "unix:mode");
            if (mode instanceof Integer m) {
                return switch (m & 0170000) {
                    case 0010000 -> "a FIFO";
                    case 0020000 -> "a character device";
                    case 0060000 -> "a block device";
                    case 0140000 -> "a socket";
                    default -> "a special file";
                };
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // no unix view: say it plainly
        }
        return "a special file";
    }
}
