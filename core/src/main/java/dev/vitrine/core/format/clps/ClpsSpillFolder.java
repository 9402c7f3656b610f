package dev.vitrine.core.format.clps;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The folder spill files go to ({@code $XDG_CACHE_HOME} or {@code ~/.cache}, {@code vitrine/clps}),
 * and their names. A spill file is unlinked as soon as it is open, or right after its room is
 * reserved, so a process stopped by any signal leaves nothing behind but in that instant;
 * names carry the process id ({@code dict-PID-RANDOM.bin}), and the files of processes that no
 * longer run are removed the first time a process uses the folder.
 */
final class ClpsSpillFolder {
    private ClpsSpillFolder() {}

    private static final Pattern OURS = Pattern.compile("(?:stream|dict)-(\\d+)-[0-9a-f]+\\.bin");
    /** Names of versions before the process id: left by a crash or Ctrl-C, never in use an hour later. */
    private static final Pattern UNNAMED = Pattern.compile("(?:stream|dict)-\\d+\\.bin");

    private static final long UNNAMED_AGE_MS = 3_600_000;

    private static volatile boolean cleared;

    /** The user's spill folder, made if needed; null when there is none. */
    static Path shared() {
        clearOnce();
        try {
            Path dir = location();
            return dir == null ? null : Files.createDirectories(dir);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Removes dead processes' files from the user's spill folder, once per process (an archive's open calls it). */
    static void clearOnce() {
        if (cleared) return;
        synchronized (ClpsSpillFolder.class) {
            if (cleared) return;
            cleared = true;
            Path dir = location();
            if (dir != null && Files.isDirectory(dir)) removeOrphans(dir);
        }
    }

    private static Path location() {
        try {
            return dev.vitrine.core.io.UserCache.folder().resolve("clps");
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** A new file's name in {@code dir}: {@code KIND-PID-RANDOM.bin}. */
    static Path newName(Path dir, String kind) {
        return dir.resolve(kind + "-" + ProcessHandle.current().pid() + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1) + ".bin");
    }

    /** A new spill file whose name is already gone ({@link dev.vitrine.core.io.AnonymousFile}). */
    static FileChannel anonymous(Path dir, String kind) throws IOException {
        return dev.vitrine.core.io.AnonymousFile.open(newName(dir, kind));
    }

    /** Deletes the spill files of processes that no longer run; returns how many. */
    static int removeOrphans(Path dir) {
        int removed = 0;
        long now = System.currentTimeMillis();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.bin")) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                Matcher m = OURS.matcher(n);
                boolean orphan;
                try {
                    if (m.matches()) {
                        orphan = !alive(Long.parseLong(m.group(1)));
                    } else {
                        orphan = UNNAMED.matcher(n).matches()
                                && now
                                                - Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS)
                                                        .toMillis()
                                        > UNNAMED_AGE_MS;
                    }
                    if (orphan && Files.deleteIfExists(p)) removed++;
                } catch (IOException | RuntimeException e) {
                    // another process's file, or gone meanwhile: leave it
                }
            }
        } catch (IOException | RuntimeException e) {
            // no folder to clear
        }
        return removed;
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
