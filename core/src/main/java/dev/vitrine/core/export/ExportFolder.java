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
 * <p>Each folder is checked (or created) once per export and remembered, so exporting 100,000
 * files into a few hundred folders does not look at every level again for every file. In a
 * folder this export created, nothing else was there, so a file's name is not looked up
 * before writing either: the publish step never replaces, so a file someone puts there
 * meanwhile is still kept (and the entry reported as skipped).
 *
 * <p>Limitation, by design of java.nio: the checks and the later writes are separate calls, so
 * someone racing us inside the destination folder could swap a folder for a link in between
 * (remembering folders makes that window the length of the export rather than of one file;
 * either way it takes a local process writing into the destination while we export, which an
 * archive cannot arrange: the exporter itself only ever creates plain folders and files).
 * Temp files are created with CREATE_NEW (O_EXCL, which does not follow links) and published
 * without following links.
 */
final class ExportFolder {
    private final Path root;
    /** Folders met so far, checked to be plain folders; true for those this export created. */
    private final Map<Path, Boolean> folders = new HashMap<>();
    private final boolean rootCreated;

    private ExportFolder(Path root, boolean rootCreated) {
        this.root = root;
        this.rootCreated = rootCreated;
    }

    /** Opens (creating it if missing) the destination folder, resolved to its real path. */
    static ExportFolder open(Path folder) throws IOException {
        boolean existed = Files.exists(folder, LinkOption.NOFOLLOW_LINKS);
        Files.createDirectories(folder);
        Path real = folder.toRealPath();
        if (!Files.isDirectory(real)) throw new IOException(folder + ": not a folder");
        return new ExportFolder(real, !existed);
    }

    Path root() {
        return root;
    }

    /** Where one entry would go, or why it cannot. */
    sealed interface Placement permits Ready, Exists, Refused, Failed {}

    /** Parent folders exist (created as needed) and nothing is at {@code target} yet. */
    record Ready(Path target) implements Placement {}

    /** A regular file is already at {@code target}. */
    record Exists(Path target) implements Placement {}

    record Refused(String reason) implements Placement {}

    record Failed(String reason) implements Placement {}

    /**
     * Resolves {@code segments} under the root, creating missing parent folders. The caller
     * must not place the same path twice in one export (the exporter refuses duplicates).
     */
    Placement place(List<String> segments) {
        Path dir = root;
        boolean created = rootCreated;
        try {
            for (int i = 0; i < segments.size() - 1; i++) {
                dir = dir.resolve(segments.get(i));
                Boolean known = folders.get(dir);
                if (known != null) {
                    created = known;
                    continue;
                }
                BasicFileAttributes a = attributes(dir);
                if (a == null) {
                    try {
                        Files.createDirectory(dir);
                        created = true;
                    } catch (FileAlreadyExistsException raced) {
                        a = attributes(dir);
                        if (a == null || !a.isDirectory() || a.isSymbolicLink()) return new Refused(relative(dir) + " appeared while exporting and is not a plain folder");
                        created = false;
                    }
                } else if (a.isSymbolicLink()) {
                    return new Refused(relative(dir) + " in the destination is a symbolic link; not followed");
                } else if (!a.isDirectory()) {
                    return new Failed(relative(dir) + " in the destination is a file, not a folder");
                } else {
                    created = false;
                }
                folders.put(dir, created);
            }
            Path target = dir.resolve(segments.getLast());
            // Belt and braces: the segments were checked, but the resolved path must still be ours.
            if (!target.normalize().startsWith(root) || !target.getParent().equals(dir)) {
                return new Refused("resolves outside the destination folder");
            }
            if (folders.containsKey(target)) return new Failed(relative(target) + " in the destination is a folder");
            // A folder we created held nothing but what this export put there, and no path is placed twice.
            if (created) return new Ready(target);
            BasicFileAttributes a = attributes(target);
            if (a == null) return new Ready(target);
            if (a.isSymbolicLink()) return new Refused(relative(target) + " in the destination is a symbolic link; not replaced");
            if (a.isDirectory()) return new Failed(relative(target) + " in the destination is a folder");
            if (!a.isRegularFile()) return new Refused(relative(target) + " in the destination is a special file; not replaced");
            return new Exists(target);
        } catch (InvalidPathException e) {
            return new Refused("not a valid file name on this system: " + e.getReason());
        } catch (IOException e) {
            return new Failed("cannot prepare " + relative(dir) + ": " + dev.vitrine.core.text.Messages.reason(e));
        }
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
