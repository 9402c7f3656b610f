package dev.vitrine.core.format.bundle;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileTrees;
import dev.vitrine.core.location.Location;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The private copy of a bundle's {@code index/} that {@link BundleIndex} opens, in the system
 * temporary folder as {@code vitrine-bundle-index-PID-RANDOM}. Only the files RocksDB and LevelDB
 * read are taken: {@code CURRENT}, the manifest it names, {@code IDENTITY}, the newest
 * {@code OPTIONS-*}, tables ({@code .sst}, {@code .ldb}, {@code .blob}) and write-ahead logs
 * ({@code .log}); anything else in the folder (info logs, {@code LOCK}, junk) is never read.
 * Tables never change once written, so they are hard-linked where the file system allows (no
 * bytes copied); the files a database rewrites or appends to are copied. The copy is removed
 * on close, at exit and on SIGINT or SIGTERM (a shutdown hook), and copies left by processes
 * that no longer run (SIGKILL, a crash) are removed by the next process that opens a bundle.
 */
final class BundleIndexCopy {
    private BundleIndexCopy() {}

    private static final String PREFIX = "vitrine-bundle-index-";
    private static final Pattern OURS = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-\\d+");
    /** Names of versions before the process id: a day old, no process of theirs still reads them. */
    private static final Pattern UNNAMED = Pattern.compile(Pattern.quote(PREFIX) + "\\d+");

    private static final long UNNAMED_AGE_MS = 86_400_000;

    /** Copies open in this process, removed by the shutdown hook if they are still there at exit. */
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

    private static boolean started;

    /** Makes the copy of {@code indexDir}, at most {@code maxBytes} of files; the caller deletes it with {@link #delete}. */
    static Path make(Path indexDir, long maxBytes) throws IOException {
        Path copy = Files.createTempDirectory(PREFIX + ProcessHandle.current().pid() + "-");
        startOnce(copy);
        LIVE.add(copy);
        try {
            long total = 0;
            for (Path p : needed(indexDir)) {
                total += Files.size(p);
                if (total > maxBytes) throw new IOException(indexDir + ": index larger than " + maxBytes + " bytes");
                Path to = copy.resolve(p.getFileName().toString());
                if (!immutable(p.getFileName().toString()) || !link(to, p)) Files.copy(p, to);
            }
            return copy;
        } catch (IOException | RuntimeException e) {
            delete(copy);
            throw e;
        }
    }

    /** The files of {@code dir} a read-only open of the database reads. */
    static List<Path> needed(Path dir) throws IOException {
        List<String> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds)
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    files.add(p.getFileName().toString());
        }
        List<Path> out = new ArrayList<>();
        for (String n : select(files, current(dir))) out.add(dir.resolve(n));
        return out;
    }

    /**
     * Of the regular files {@code names} of an index folder, those a read-only open reads:
     * {@code CURRENT}, {@code IDENTITY}, tables, logs, the manifest {@code CURRENT} names (every
     * manifest when {@code manifest} is null) and the newest {@code OPTIONS-*}.
     */
    static List<String> select(List<String> names, String manifest) {
        List<String> out = new ArrayList<>();
        String newestOptions = null;
        long newestOptionsNumber = -1;
        for (String n : names) {
            if (n.startsWith("OPTIONS-")) {
                long number = number(n.substring("OPTIONS-".length()));
                if (number > newestOptionsNumber) {
                    newestOptionsNumber = number;
                    newestOptions = n;
                }
            } else if (n.equals("CURRENT")
                    || n.equals("IDENTITY")
                    || immutable(n)
                    || numbered(n, ".log")
                    || (n.startsWith("MANIFEST-") && (manifest == null || n.equals(manifest)))) {
                out.add(n);
            }
        }
        if (newestOptions != null) out.add(newestOptions);
        return out;
    }

    /**
     * Makes the private copy of an index folder that is not on this machine (an {@code s3://}
     * prefix): the same files as {@link #make}, fetched into it, at most {@code maxBytes} in all.
     * RocksDB reads only local files; the shards are never fetched this way, only read by ranges.
     */
    static Path fetch(Location indexDir, long maxBytes) throws IOException {
        List<String> files = new ArrayList<>();
        Map<String, Long> sizes = new HashMap<>();
        List<Location.Entry> listed;
        try {
            listed = indexDir.list();
        } catch (NoSuchFileException e) {
            throw new IOException(indexDir.display() + ": no index folder");
        }
        for (Location.Entry e : listed) {
            if (e.kind() != Location.Kind.FILE) continue;
            files.add(e.name());
            sizes.put(e.name(), e.size());
        }
        if (files.isEmpty()) throw new IOException(indexDir.display() + ": no index folder");
        String manifest = files.contains("CURRENT") ? current(indexDir.resolve("CURRENT")) : null;
        long total = 0;
        for (String n : select(files, manifest)) {
            total += sizes.get(n);
            if (total > maxBytes)
                throw new IOException(indexDir.display() + ": index larger than " + maxBytes + " bytes");
        }
        Path copy = Files.createTempDirectory(PREFIX + ProcessHandle.current().pid() + "-");
        startOnce(copy);
        LIVE.add(copy);
        try {
            for (String n : select(files, manifest)) download(indexDir.resolve(n), copy.resolve(n));
            return copy;
        } catch (IOException | RuntimeException e) {
            delete(copy);
            throw e;
        }
    }

    /** Copies one object into {@code to} by ranged reads, a MiB at a time. */
    private static void download(Location from, Path to) throws IOException {
        try (ByteSource src = from.open();
                OutputStream out = Files.newOutputStream(to, StandardOpenOption.CREATE_NEW)) {
            byte[] buf = new byte[1 << 20];
            for (long at = 0; at < src.size(); ) {
                int n = (int) Math.min(buf.length, src.size() - at);
                src.read(at, buf, 0, n);
                out.write(buf, 0, n);
                at += n;
            }
        } catch (UncheckedIOException e) {
            throw e.getCause(); // a remote read that failed (not damage): said as the transfer's own error
        }
    }

    /** The manifest a remote {@code CURRENT} names, or null as for a local one. */
    private static String current(Location current) {
        try (ByteSource src = current.open()) {
            return manifestName(src.read(0, (int) Math.min(256, src.size())));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String manifestName(byte[] current) {
        String name = new String(current, StandardCharsets.UTF_8).strip();
        return name.startsWith("MANIFEST-") && name.indexOf('/') < 0 ? name : null;
    }

    /** The manifest {@code CURRENT} names, or null when it cannot be read (every manifest is then taken, and the open says what is wrong). */
    private static String current(Path dir) {
        Path p = dir.resolve("CURRENT");
        if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) return null;
        try (InputStream in = Files.newInputStream(p, LinkOption.NOFOLLOW_LINKS)) {
            return manifestName(in.readNBytes(256));
        } catch (IOException e) {
            return null;
        }
    }

    /** Tables: written once, then only read or deleted. */
    private static boolean immutable(String n) {
        return numbered(n, ".sst") || numbered(n, ".ldb") || numbered(n, ".blob");
    }

    private static boolean numbered(String n, String ext) {
        return n.endsWith(ext) && number(n.substring(0, n.length() - ext.length())) >= 0;
    }

    private static long number(String digits) {
        if (digits.isEmpty() || digits.length() > 18) return -1;
        for (int i = 0; i < digits.length(); i++) if (digits.charAt(i) < '0' || digits.charAt(i) > '9') return -1;
        return Long.parseLong(digits);
    }

    private static boolean link(Path to, Path existing) {
        try {
            Files.createLink(to, existing);
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false; // another file system, or links not allowed: copied instead
        }
    }

    static void delete(Path copy) {
        FileTrees.deleteQuietly(copy);
        LIVE.remove(copy);
    }

    /** Once per process: the exit hook, and the copies of processes that no longer run removed. */
    private static synchronized void startOnce(Path ours) {
        if (started) return;
        started = true;
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(() -> LIVE.forEach(FileTrees::deleteQuietly), "vitrine-bundle-index-cleanup"));
        removeOrphans(ours.getParent(), ours);
    }

    /** Deletes the copies in {@code tmp} of processes that no longer run, made by the owner of {@code ours}; returns how many. */
    static int removeOrphans(Path tmp, Path ours) {
        int removed = 0;
        long now = System.currentTimeMillis();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(tmp, PREFIX + "*")) {
            Object me = owner(ours);
            for (Path p : ds) {
                try {
                    if (p.equals(ours) || !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) || !me.equals(owner(p)))
                        continue;
                    String n = p.getFileName().toString();
                    Matcher m = OURS.matcher(n);
                    boolean orphan = m.matches()
                            ? !alive(m.group(1))
                            : UNNAMED.matcher(n).matches()
                                    && now
                                                    - Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS)
                                                            .toMillis()
                                            > UNNAMED_AGE_MS;
                    if (orphan) {
                        FileTrees.deleteQuietly(p);
                        removed++;
                    }
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile, or not ours to judge: left alone
                }
            }
        } catch (IOException | RuntimeException e) {
            // nothing to clear
        }
        return removed;
    }

    private static Object owner(Path p) throws IOException {
        try {
            return Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            return Files.getOwner(p, LinkOption.NOFOLLOW_LINKS);
        }
    }

    private static boolean alive(String pid) {
        try {
            return ProcessHandle.of(Long.parseLong(pid))
                    .map(ProcessHandle::isAlive)
                    .orElse(false);
        } catch (NumberFormatException e) {
            return true; // not a process id we could have written: leave it
        }
    }
}
