package dev.vitrine.core.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A new file open for reading and writing whose name is already gone (on Linux and macOS the
 * JDK unlinks it as it opens it; Windows deletes it when it is closed): whatever stops the
 * process, even a kill, nothing stays behind.
 */
public final class AnonymousFile {
    private AnonymousFile() {}

    /** A new anonymous file in {@code dir}, named (while it has a name) {@code file}. */
    public static FileChannel open(Path file) throws IOException {
        return FileChannel.open(
                file,
                StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE,
                StandardOpenOption.DELETE_ON_CLOSE);
    }

    /** A new anonymous file in the user's temporary folder ({@code $TMPDIR}, else Java's). */
    public static FileChannel inTemp(String prefix) throws IOException {
        String env = System.getenv("TMPDIR");
        Path dir = env != null && !env.isBlank() ? Path.of(env) : Path.of(System.getProperty("java.io.tmpdir"));
        return open(dir.resolve(prefix + ProcessHandle.current().pid() + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1)));
    }
}
