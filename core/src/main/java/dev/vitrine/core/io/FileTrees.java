package dev.vitrine.core.io;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Removes a folder and everything under it: our temporary folders (a half-written export, a
 * copy of an index, a drag's files). Links inside are removed, never followed, so a link to
 * the user's files cannot take them along.
 */
public final class FileTrees {
    private FileTrees() {}

    /** Removes {@code root} (a folder or a file) and all under it; a missing root is no error. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) return;
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) throw e;
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * {@link #delete} for clean-up where nothing better can be done about a failure (a temporary
     * folder left behind is harmless): returns whether {@code root} is gone.
     */
    public static boolean deleteQuietly(Path root) {
        try {
            delete(root);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
