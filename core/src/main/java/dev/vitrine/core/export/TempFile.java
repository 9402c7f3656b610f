package dev.vitrine.core.export;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A hidden temporary file beside the final one. Data goes there first; only a complete file
 * is published under the real name, so a crash or cancel never leaves a half-written file
 * where the user expects a whole one.
 */
final class TempFile implements AutoCloseable {
    private final Path path;
    private final FileChannel channel;
    private boolean published;

    private TempFile(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /** Creates {@code .NAME.vitrine-RANDOM.part} in {@code dir}, with CREATE_NEW (fails rather than follows a link). */
    static TempFile beside(Path target) throws IOException {
        Path dir = target.getParent();
        for (int attempt = 0; ; attempt++) {
            String base = target.getFileName().toString();
            if (base.length() > 120) base = base.substring(0, 120);
            Path p = dir.resolve("." + base + ".vitrine-" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + ".part");
            try {
                return new TempFile(p, FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
            } catch (FileAlreadyExistsException e) {
                if (attempt > 10) throw e;
            }
        }
    }

    FileChannel channel() {
        return channel;
    }

    /**
     * Gives the temp file its final name. With {@code replace}, an atomic rename over the old
     * file (or, where the file system cannot rename atomically, a plain replacing move).
     * Without it, a hard link, which fails if the name was taken meanwhile, so we never
     * clobber a file that appeared during the export; file systems without hard links fall
     * back to an existence check and an atomic rename.
     *
     * @return false when {@code target} exists and {@code replace} is false
     */
    boolean publish(Path target, boolean replace) throws IOException {
        channel.close();
        if (replace) {
            try {
                Files.move(path, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(path, target, StandardCopyOption.REPLACE_EXISTING);
            }
            published = true;
            return true;
        }
        try {
            Files.createLink(target, path);
            Files.delete(path);
            published = true;
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (UnsupportedOperationException | FileSystemException e) {
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) return false;
            try {
                Files.move(path, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e2) {
                Files.move(path, target);
            }
            published = true;
            return true;
        }
    }

    /** Removes the temp file unless it was published. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing a file we only wrote to; the delete below is what matters
        }
        if (!published) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // best effort: a leftover hidden .part file is harmless and named as ours
            }
        }
    }
}
