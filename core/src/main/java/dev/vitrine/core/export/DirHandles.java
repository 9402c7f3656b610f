package dev.vitrine.core.export;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Handles on the folders of one export, each opened inside its parent's handle with
 * {@code O_NOFOLLOW} ({@link LinuxCalls#openDirectory}), so a folder swapped for a symbolic link
 * while the export runs is never followed. Files are reached as {@code /proc/self/fd/N/NAME}:
 * the kernel resolves {@code /proc/self/fd/N} to the folder the handle holds, not to a path, so
 * java.nio's own calls (create with CREATE_NEW, rename, link, stat) act inside that folder
 * whatever happens to the names above it. What {@code SecureDirectoryStream} offers, plus the
 * no-replace rename and mkdir it lacks. Linux only ({@link #open} answers null elsewhere).
 *
 * <p>At most {@link #MAX_OPEN} handles stay open (least recently used closed first); a folder
 * whose handle was closed is opened again from the root, segment by segment, without following
 * links. Not thread-safe: one export, one instance.
 */
final class DirHandles implements AutoCloseable {
    private static final int MAX_OPEN = 64;

    /** An open folder: its handle and the identity of what it held when opened. */
    private record Handle(int fd, Object key) {}

    private final int root;
    private final Map<String, Handle> open = new LinkedHashMap<>(16, 0.75f, true);

    private DirHandles(int root) {
        this.root = root;
    }

    /** Handles under {@code realRoot} (a real path: no link in it), or null where this system has none. */
    static DirHandles open(Path realRoot) throws IOException {
        if (!LinuxCalls.directoryHandlesAvailable()) return null;
        int fd = LinuxCalls.openDirectory(LinuxCalls.AT_FDCWD_HANDLE, realRoot.toString());
        if (fd < 0) throw new IOException(realRoot + ": " + why(-fd));
        return new DirHandles(fd);
    }

    /** Why a folder could not be reached: a link met, or something else in its place. */
    static final class Blocked extends IOException {
        final boolean link;

        Blocked(String message, boolean link) {
            super(message, null);
            this.link = link;
        }
    }

    /**
     * The path through which {@code name} inside folder {@code rel} ("" for the root, segments
     * joined by '/') is reached without following any link on the way.
     *
     * @throws Blocked when a folder on the way is a symbolic link or not a folder (any more)
     */
    Path at(String rel, String name) throws IOException {
        return Path.of("/proc/self/fd/" + handle(rel).fd(), name);
    }

    /**
     * True when {@code logical}, the path {@code rel} has under the destination's real path, is
     * still the folder its handle holds: false once it was moved away or replaced (by a link, say).
     */
    boolean stillAt(String rel, Path logical) throws IOException {
        Handle h = handle(rel);
        try {
            BasicFileAttributes now =
                    Files.readAttributes(logical, BasicFileAttributes.class, java.nio.file.LinkOption.NOFOLLOW_LINKS);
            return now.isDirectory() && h.key() != null && h.key().equals(now.fileKey());
        } catch (IOException e) {
            return false;
        }
    }

    private Handle handle(String rel) throws IOException {
        if (rel.isEmpty()) return new Handle(root, null);
        Handle h = open.get(rel);
        if (h != null) return h;
        int cut = rel.lastIndexOf('/');
        Handle parent = handle(cut < 0 ? "" : rel.substring(0, cut));
        String name = rel.substring(cut + 1);
        int fd = LinuxCalls.openDirectory(parent.fd(), name);
        if (fd < 0) {
            int err = -fd;
            if (err == LinuxCalls.ELOOP)
                throw new Blocked(rel + " in the destination is a symbolic link; not followed", true);
            if (err == LinuxCalls.ENOTDIR) throw new Blocked(rel + " in the destination is not a folder", false);
            throw new IOException(rel + ": " + why(err));
        }
        Object key;
        try {
            key = Files.readAttributes(Path.of("/proc/self/fd/" + fd), BasicFileAttributes.class)
                    .fileKey();
        } catch (IOException e) {
            LinuxCalls.close(fd);
            throw e;
        }
        h = new Handle(fd, key);
        open.put(rel, h);
        if (open.size() > MAX_OPEN) {
            Iterator<Map.Entry<String, Handle>> eldest = open.entrySet().iterator();
            // Never the one just opened (the most recent); its parents may go, they are opened again when needed.
            Map.Entry<String, Handle> e = eldest.next();
            LinuxCalls.close(e.getValue().fd());
            eldest.remove();
        }
        return h;
    }

    /** Forgets the handle of {@code rel} (its folder was replaced): later entries look again. */
    void forget(String rel) {
        Handle h = open.remove(rel);
        if (h != null) LinuxCalls.close(h.fd());
    }

    private static String why(int errno) {
        return switch (errno) {
            case LinuxCalls.ENOENT -> "no such file or directory";
            case 13 -> "permission denied";
            case LinuxCalls.ELOOP -> "is a symbolic link; not followed";
            case LinuxCalls.ENOTDIR -> "not a folder";
            default -> "cannot open (errno " + errno + ")";
        };
    }

    @Override
    public void close() {
        for (Handle h : open.values()) LinuxCalls.close(h.fd());
        open.clear();
        LinuxCalls.close(root);
    }
}
