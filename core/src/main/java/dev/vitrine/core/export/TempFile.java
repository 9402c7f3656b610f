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
            String base = shortened(target.getFileName().toString());
            Path p = dir.resolve("." + base + ".vitrine-"
                    + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + ".part");
            try {
                return new TempFile(p, FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
            } catch (FileAlreadyExistsException e) {
                if (attempt > 10) throw e;
            }
        }
    }

    /**
     * At most 120 bytes of the name, whole characters only: file systems limit names in bytes
     * (255), and the temp name adds about 27 to the final one, which may itself be 255 bytes.
     */
    static String shortened(String name) {
        int bytes = 0;
        int end = 0;
        while (end < name.length()) {
            int cp = name.codePointAt(end);
            int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + size > 120) break;
            bytes += size;
            end += Character.charCount(cp);
        }
        return name.substring(0, end);
    }

    FileChannel channel() {
        return channel;
    }

    /**
     * Gives the temp file its final name. With {@code replace}, an atomic rename over the old
     * file (or, where the file system cannot rename atomically, a plain replacing move).
     * Without it, never replaces anything, not even a file that appeared during the export:
     * through {@code publisher}'s no-replace rename where it has one, else a hard link (which
     * fails if the name is taken) and an unlink of the temp name; file systems without hard
     * links fall back to an existence check and an atomic rename.
     *
     * @return false when {@code target} exists and {@code replace} is false
     */
    boolean publish(Path target, boolean replace, Publisher publisher) throws IOException {
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
        if (publisher.renameUsable) {
            int err = publisher.rename.rename(path, target);
            if (err == 0) {
                published = true;
                return true;
            }
            if (err == LinuxCalls.EEXIST) return false;
            // This file system (or kernel) cannot: stop asking for the rest of this export.
            if (err == LinuxCalls.EINVAL || err == LinuxCalls.ENOSYS || err == LinuxCalls.ENOTSUP)
                publisher.renameUsable = false;
            // Any other error: the portable path below meets it too and reports it in java.nio's words.
        }
        return publishByLink(target);
    }

    private boolean publishByLink(Path target) throws IOException {
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

    /** A rename that never replaces: 0 when done, else an errno ({@link LinuxCalls#EEXIST} when the name is taken). */
    @FunctionalInterface
    interface NoReplaceRename {
        int rename(Path from, Path to);
    }

    /**
     * How one export publishes its temp files without replacing. Linux's
     * {@code renameat2(RENAME_NOREPLACE)} is one atomic call instead of link + unlink, and
     * leaves no moment with two names; when the file system answers that it cannot
     * (EINVAL, ENOSYS, ENOTSUP), the rest of the export uses link + unlink. Not thread-safe:
     * one export, one publisher.
     */
    static final class Publisher {
        private final NoReplaceRename rename;
        private boolean renameUsable;

        Publisher(NoReplaceRename rename) {
            this.rename = rename;
            this.renameUsable = rename != null;
        }

        /** renameat2 where this system has it (Linux, native access enabled), else link + unlink. */
        static Publisher forThisSystem() {
            return new Publisher(LinuxCalls.renameNoReplaceAvailable() ? LinuxCalls::renameNoReplace : null);
        }

        /** Always link + unlink. */
        static Publisher portable() {
            return new Publisher(null);
        }

        /** Whether the next publish will try the no-replace rename first. */
        boolean usesRename() {
            return renameUsable;
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
