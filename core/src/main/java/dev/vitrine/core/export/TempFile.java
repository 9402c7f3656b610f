package dev.vitrine.core.export;

import dev.vitrine.core.io.AtomicWrite;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * An export's temp file beside the final one ({@link AtomicWrite}), published without ever
 * replacing a file that appeared meanwhile through Linux's no-replace rename where there is one.
 */
final class TempFile implements AutoCloseable {
    private final AtomicWrite write;

    private TempFile(AtomicWrite write) {
        this.write = write;
    }

    /** Creates {@code .NAME.vitrine-RANDOM.part} beside {@code target}, with CREATE_NEW (fails rather than follows a link). */
    static TempFile beside(Path target) throws IOException {
        // No sync per file: an export of thousands of small files would crawl.
        return new TempFile(AtomicWrite.file(target).withoutSync());
    }

    FileChannel channel() {
        return write.channel();
    }

    /**
     * Gives the temp file its final name ({@link AtomicWrite#commit}). Without {@code replace},
     * first through {@code publisher}'s no-replace rename where it has one.
     *
     * @return false when {@code target} exists and {@code replace} is false
     */
    boolean publish(Path target, boolean replace, Publisher publisher) throws IOException {
        if (!replace && publisher.renameUsable) {
            write.channel().close();
            int err = publisher.rename.rename(write.temp(), target);
            if (err == 0) {
                write.committedElsewhere();
                return true;
            }
            if (err == LinuxCalls.EEXIST) return false;
            // This file system (or kernel) cannot: stop asking for the rest of this export.
            if (err == LinuxCalls.EINVAL || err == LinuxCalls.ENOSYS || err == LinuxCalls.ENOTSUP)
                publisher.renameUsable = false;
            // Any other error: the portable path meets it too and reports it in java.nio's words.
        }
        return write.commit(replace);
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
        write.close();
    }
}
