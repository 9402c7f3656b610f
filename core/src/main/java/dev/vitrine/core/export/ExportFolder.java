package dev.vitrine.core.export;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The folder an export writes into, and the one place that turns a safe relative name into a
 * path on disk. It walks the name one segment at a time from the folder's real path and never
 * follows a symbolic link it finds on the way: a link already present in the destination (say
 * {@code docs -> /etc}) refuses the entry instead of sending it outside.
 *
 * <p>On Linux every folder is reached through a handle opened inside its parent's without
 * following links ({@link DirHandles}), and files are created, renamed and looked at relative
 * to those handles: a folder swapped for a link while the export runs (2,879 of 3,000 files
 * went outside before) is never followed, whatever the timing. Each entry also checks that its
 * folder is still the one its handle holds, so entries whose folder was replaced are refused
 * and named rather than written into the moved folder. Elsewhere the checks and the writes are
 * separate path-based calls, and someone racing us inside the destination could swap a folder
 * for a link in between; temp files are still created with CREATE_NEW (O_EXCL, which does not
 * follow links) and published without following links.
 *
 * <p>Each folder is checked (or created) once per export and remembered, so exporting 100,000
 * files into a few hundred folders does not look at every level again for every file. In a
 * folder this export created, nothing else was there, so a file's name is not looked up
 * before writing either: the publish step never replaces, so a file someone puts there
 * meanwhile is still kept (and the entry reported as skipped).
 */
final class ExportFolder implements AutoCloseable {
    private final Path root;
    /** Folders met so far, checked to be plain folders; true for those this export created. */
    private final Map<Path, Boolean> folders = new HashMap<>();

    private final boolean rootCreated;
    /** Handles pinning the folders (Linux); null where the system has none: then paths are used. */
    private final DirHandles handles;

    private ExportFolder(Path root, boolean rootCreated, DirHandles handles) {
        this.root = root;
        this.rootCreated = rootCreated;
        this.handles = handles;
    }

    /** Opens (creating it if missing) the destination folder, resolved to its real path. Close it when done. */
    static ExportFolder open(Path folder) throws IOException {
        boolean existed = Files.exists(folder, LinkOption.NOFOLLOW_LINKS);
        Files.createDirectories(folder);
        Path real = folder.toRealPath();
        if (!Files.isDirectory(real)) throw new IOException(folder + ": not a folder");
        return new ExportFolder(real, !existed, DirHandles.open(real));
    }

    /** Closes the folder handles. */
    @Override
    public void close() {
        if (handles != null) handles.close();
    }

    Path root() {
        return root;
    }

    /** Where one entry would go, or why it cannot. */
    sealed interface Placement permits Ready, Exists, Refused, Failed {}

    /**
     * Parent folders exist (created as needed) and nothing is at {@code target} yet;
     * {@code at} is the path to write through (pinned to the folder's handle where there is one).
     */
    record Ready(Path target, Path at) implements Placement {}

    /** A regular file is already at {@code target}; {@code at} as for {@link Ready}. */
    record Exists(Path target, Path at) implements Placement {}

    record Refused(String reason) implements Placement {}

    record Failed(String reason) implements Placement {}

    /**
     * Resolves {@code segments} under the root, creating missing parent folders. The caller
     * must not place the same path twice in one export (the exporter refuses duplicates).
     */
    Placement place(List<String> segments) {
        Path dir = root;
        String rel = "";
        boolean created = rootCreated;
        try {
            for (int i = 0; i < segments.size() - 1; i++) {
                String seg = segments.get(i);
                Path child = dir.resolve(seg);
                String childRel = rel.isEmpty() ? seg : rel + "/" + seg;
                Boolean known = folders.get(child);
                if (known != null) {
                    created = known;
                } else {
                    Path p = via(rel, seg);
                    BasicFileAttributes a = attributes(p);
                    if (a == null) {
                        try {
                            Files.createDirectory(p);
                            created = true;
                        } catch (FileAlreadyExistsException raced) {
                            a = attributes(p);
                            if (a == null || !a.isDirectory() || a.isSymbolicLink())
                                return new Refused(
                                        relative(child) + " appeared while exporting and is not a plain folder");
                            created = false;
                        }
                    } else if (a.isSymbolicLink()) {
                        return new Refused(relative(child) + " in the destination is a symbolic link; not followed");
                    } else if (!a.isDirectory()) {
                        return new Failed(relative(child) + " in the destination is a file, not a folder");
                    } else {
                        created = false;
                    }
                    folders.put(child, created);
                }
                dir = child;
                rel = childRel;
            }
            Path target = dir.resolve(segments.getLast());
            // Belt and braces: the segments were checked, but the resolved path must still be ours.
            if (!target.normalize().startsWith(root) || !target.getParent().equals(dir)) {
                return new Refused("resolves outside the destination folder");
            }
            if (folders.containsKey(target)) return new Failed(relative(target) + " in the destination is a folder");
            Path at = via(rel, segments.getLast());
            // The folder's handle is never followed elsewhere, but if its name now leads elsewhere
            // (moved, or swapped for a link), writing there is not what the user would find: refuse.
            if (handles != null && !rel.isEmpty() && !handles.stillAt(rel, dir)) {
                handles.forget(rel);
                Path gone = dir;
                folders.keySet().removeIf(f -> f.startsWith(gone));
                return new Refused(
                        relative(dir) + " in the destination was moved or replaced while exporting; not followed");
            }
            // A folder we created held nothing but what this export put there, and no path is placed twice.
            if (created) return new Ready(target, at);
            BasicFileAttributes a = attributes(at);
            if (a == null) return new Ready(target, at);
            if (a.isSymbolicLink())
                return new Refused(relative(target) + " in the destination is a symbolic link; not replaced");
            if (a.isDirectory()) return new Failed(relative(target) + " in the destination is a folder");
            if (!a.isRegularFile())
                return new Refused(relative(target) + " in the destination is a special file; not replaced");
            return new Exists(target, at);
        } catch (DirHandles.Blocked e) {
            return e.link ? new Refused(e.getMessage()) : new Failed(e.getMessage());
        } catch (InvalidPathException e) {
            return new Refused("not a valid file name on this system: " + e.getReason());
        } catch (IOException e) {
            return new Failed("cannot prepare " + relative(dir) + ": " + dev.vitrine.core.text.Messages.reason(e));
        }
    }

    /** The path of {@code name} inside folder {@code rel}: through the folder's handle where there is one. */
    private Path via(String rel, String name) throws IOException {
        return handles != null ? handles.at(rel, name) : (rel.isEmpty() ? root : root.resolve(rel)).resolve(name);
    }

    String relative(Path p) {
        return p.startsWith(root) ? root.relativize(p).toString() : p.toString();
    }

    private static BasicFileAttributes attributes(Path p) throws IOException {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }
}
