package dev.vitrine.core.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Path;

/**
 * Disk room taken before a file is written through a memory mapping. A store into a mapped
 * page the file system has no block for kills the process with SIGBUS (the JVM cannot turn
 * it into an exception when native code makes it), so a full disk must be met here, as an
 * exception, not later in the mapping. On Linux, with native access enabled, through libc's
 * {@code posix_fallocate} (instant on file systems that allocate without writing; glibc writes
 * a byte per block elsewhere); otherwise by writing zeros through the channel.
 */
public final class FileSpace {
    private FileSpace() {}

    private static final int O_WRONLY = 1;
    private static final int EFBIG = 27;
    private static final int ENOSPC = 28;
    private static final int EDQUOT = 122;

    // int open(const char *path, int flags, ...): the mode is passed as the variadic argument it is.
    private static final MethodHandle OPEN = Libc.function(
            "open",
            FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
            Linker.Option.firstVariadicArg(2));
    // int posix_fallocate(int fd, off_t offset, off_t len): returns the error number itself
    private static final MethodHandle FALLOCATE = fallocateHandle();

    private static MethodHandle fallocateHandle() {
        FunctionDescriptor d = FunctionDescriptor.of(
                ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);
        MethodHandle h = Libc.function("posix_fallocate64", d);
        if (h == null) h = Libc.function("posix_fallocate", d);
        return OPEN == null || !Libc.closeAvailable() ? null : h;
    }

    /**
     * Gives {@code file} (open as {@code channel}, empty, in the default file system) blocks for
     * its first {@code bytes} bytes, so a mapping of them can be written without faulting.
     *
     * @throws FileSystemException naming {@code file}, when the disk has no room for them (full,
     *     over quota, over the process's file size limit); other IOExceptions as the disk gives them
     */
    public static void reserve(Path file, FileChannel channel, long bytes) throws IOException {
        if (bytes <= 0) return;
        if (FALLOCATE != null && file.getFileSystem() == FileSystems.getDefault()) {
            int err = fallocate(file, bytes);
            if (err == 0) return;
            if (err == ENOSPC || err == EDQUOT || err == EFBIG) {
                throw new FileSystemException(
                        file.toString(),
                        null,
                        err == EDQUOT
                                ? "disk quota exceeded"
                                : err == EFBIG ? "file too large" : "no space left on device");
            }
            // Anything else (the file could not be opened again, an odd file system): zeros below.
        }
        ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(bytes, 1 << 20));
        for (long at = channel.size(); at < bytes; ) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), bytes - at));
            at += channel.write(zeros, at);
        }
    }

    /** posix_fallocate's error number, or -1 when the file could not be opened by its path. */
    private static int fallocate(Path file, long bytes) {
        try (Arena arena = Arena.ofConfined()) {
            int fd = (int) OPEN.invokeExact(Libc.path(arena, file), O_WRONLY | Libc.O_CLOEXEC, 0);
            if (fd < 0) return -1;
            try {
                return (int) FALLOCATE.invokeExact(fd, 0L, bytes);
            } finally {
                Libc.close(fd);
            }
        } catch (Throwable t) {
            return -1;
        }
    }
}
