package dev.vitrine.core.io;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
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
 * The one way Vitrine writes a file (or folder) a user or a later run relies on: into a hidden
 * temp {@code .NAME.vitrine-RANDOM.part} beside the target, then renamed into place, so a crash,
 * cancel or failure never leaves a half-written file under the real name. The temp is in the
 * target's own folder because only a rename within one file system is atomic. {@link #close()}
 * without a commit deletes it.
 *
 * <pre>{@code
 * try (AtomicWrite w = AtomicWrite.file(target)) {
 *     w.channel().write(...);
 *     w.commit(true);
 * }
 * }</pre>
 */
public final class AtomicWrite implements AutoCloseable {
    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private boolean sync = true;
    private boolean committed;

    private AtomicWrite(Path target, Path temp, FileChannel channel) {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
    }

    /** What fills the file, for {@link #write}. */
    @FunctionalInterface
    public interface Body {
        void write(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code target} with {@code body} and renames it into place.
     *
     * @throws FileAlreadyExistsException when {@code replace} is false and the target exists
     *     (also when it appeared while writing)
     */
    public static void write(Path target, boolean replace, Body body) throws IOException {
        if (!replace && Files.exists(target, LinkOption.NOFOLLOW_LINKS))
            throw new FileAlreadyExistsException(target.toString());
        try (AtomicWrite w = file(target)) {
            try (OutputStream out = w.stream()) {
                body.write(out);
            }
            if (!w.commit(replace)) throw new FileAlreadyExistsException(target.toString());
        }
    }

    /** A new temp file beside {@code target}, created with CREATE_NEW (so never through a link). */
    public static AtomicWrite file(Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path p = tempBeside(target);
            try {
                return new AtomicWrite(
                        target, p, FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
            } catch (FileAlreadyExistsException e) {
                if (attempt > 10) throw e;
            }
        }
    }

    /** A new temp folder beside {@code target}, to fill and then rename as a whole. */
    public static AtomicWrite folder(Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path p = tempBeside(target);
            try {
                return new AtomicWrite(target, Files.createDirectory(p), null);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 10) throw e;
            }
        }
    }

    private static Path tempBeside(Path target) {
        return target.resolveSibling("." + shortened(target.getFileName().toString()) + ".vitrine-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + ".part");
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

    /**
     * Skips the fsync before the rename: for bulk copies (an export of thousands of files) where
     * a sync per file would cost more than a crash could; the rename still never shows a
     * half-written file under the real name while the system runs.
     */
    public AtomicWrite withoutSync() {
        sync = false;
        return this;
    }

    /** The temp file or folder. */
    public Path temp() {
        return temp;
    }

    /** The temp file's channel (null for a folder). */
    public FileChannel channel() {
        return channel;
    }

    /** A buffered stream into the temp file; closing it flushes but leaves the file to {@link #commit}. */
    public OutputStream stream() {
        return new BufferedOutputStream(
                new FilterOutputStream(Channels.newOutputStream(channel)) {
                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        out.write(b, off, len);
                    }

                    @Override
                    public void close() throws IOException {
                        flush();
                    }
                },
                1 << 16);
    }

    /**
     * Forces the data to disk, closes the temp and gives it the target's name. With {@code
     * replace}, an atomic rename over any old file (a plain replacing move where the file system
     * cannot rename atomically). Without it, never replaces anything, not even a file that
     * appeared meanwhile: a hard link (which fails if the name is taken) and an unlink of the
     * temp name; file systems without hard links get an existence check and an atomic rename.
     *
     * @return false when {@code replace} is false and the target exists (the temp is then deleted by close)
     */
    public boolean commit(boolean replace) throws IOException {
        if (channel != null) {
            if (sync) channel.force(true);
            channel.close();
        }
        if (replace) {
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            committed = true;
            return true;
        }
        if (channel != null) {
            try {
                Files.createLink(target, temp);
                Files.delete(temp);
                committed = true;
                return true;
            } catch (FileAlreadyExistsException e) {
                return false;
            } catch (UnsupportedOperationException | FileSystemException e) {
                // no hard links here: fall through to check-then-rename
            }
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) return false;
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target);
        }
        committed = true;
        return true;
    }

    /** Records that the caller published the temp itself (a rename of its own kind). */
    public void committedElsewhere() {
        committed = true;
    }

    /** Removes the temp (file or folder tree) unless it was committed. */
    @Override
    public void close() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // only the delete below matters
            }
        }
        if (committed) return;
        try {
            if (channel == null) FileTrees.delete(temp);
            else Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // best effort: a leftover hidden .part is harmless and named as ours
        }
    }
}
