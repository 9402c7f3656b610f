package dev.vitrine.core.export;

import dev.vitrine.core.io.Reasoned;
import dev.vitrine.core.model.Content;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

/**
 * Keeps an export out of the archive it reads: `vitrine export --overwrite BUNDLE BUNDLE` would
 * otherwise replace the bundle's own shard and {@code index/CURRENT} with its entries and
 * destroy it. A destination that is a folder archive or lies inside it is refused outright; a
 * destination that holds the archive (a single file, or a folder archive below it) is refused
 * when any entry would be written onto one of the archive's files. Both before anything is
 * written, by the exporter, so the command line and the window refuse alike. Paths are compared
 * as real paths, and existing targets also by file identity (hard links, case-insensitive file
 * systems).
 */
public final class ExportTarget {
    /** No archive to keep out of (contents that are not read from a local archive). */
    public static final ExportTarget ANY = new ExportTarget(null, false, null, null);

    private final Path archive;
    private final boolean folder;
    private final Object key;
    private final String shown;

    private ExportTarget(Path archive, boolean folder, Object key, String shown) {
        this.archive = archive;
        this.folder = folder;
        this.key = key;
        this.shown = shown;
    }

    /**
     * Exports must not write into {@code archive}, the local file or folder being read (as the
     * user opened it). An archive that cannot be resolved (gone, or not on this machine) guards nothing.
     */
    public static ExportTarget excluding(Path archive) {
        try {
            Path real = archive.toRealPath();
            BasicFileAttributes a = Files.readAttributes(real, BasicFileAttributes.class);
            return new ExportTarget(real, a.isDirectory(), a.fileKey(), archive.toString());
        } catch (IOException | RuntimeException e) {
            return ANY;
        }
    }

    /** Why an export cannot use a destination; the message is the reason alone. */
    public static final class Refused extends IOException implements Reasoned {
        Refused(String reason) {
            super(reason);
        }

        @Override
        public String reason() {
            return getMessage();
        }
    }

    /**
     * Refuses {@code destination} (which may not exist yet) when it is the archive's folder or
     * inside it, or when one of {@code contents}, named by {@code policy}, would land on a file
     * of the archive.
     */
    void check(Path destination, List<? extends Content> contents, EntryPathPolicy policy) throws IOException {
        if (archive == null) return;
        Path dest = wouldBeReal(destination);
        if (folder && dest.startsWith(archive)) {
            throw new Refused((dest.equals(archive) ? "it is" : "it is inside") + " the archive being read (" + shown
                    + "); exporting there would write over the archive's own files; choose another folder");
        }
        if (!archive.startsWith(dest)) return;
        // The archive lies under the destination: look at where each entry would go.
        for (Content c : contents) {
            if (policy.check(c.name()) instanceof EntryPathPolicy.Safe s
                    && holdsPath(dest.resolve(s.relative()).normalize())) {
                throw new Refused("entry " + EntryPathPolicy.quote(c.name())
                        + " would be written over the archive being read (" + shown + "); choose another folder");
            }
        }
    }

    /** True when writing {@code target} (a real path; {@code exists} when a file is there) would write into the archive. */
    boolean holds(Path target, boolean exists) {
        if (archive == null) return false;
        if (holdsPath(target)) return true;
        if (folder || key == null || !exists) return false;
        try {
            return key.equals(Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                    .fileKey());
        } catch (IOException e) {
            return false;
        }
    }

    /** A short reason for {@link #holds} being true. */
    String heldReason() {
        return "its place in the destination is a file of the archive being read (" + shown + "); not written over";
    }

    private boolean holdsPath(Path target) {
        return folder ? target.startsWith(archive) : Objects.equals(target, archive);
    }

    /** The real path {@code p} has, or will have once created: missing names cannot be links. */
    static Path wouldBeReal(Path p) throws IOException {
        Path cur = p.toAbsolutePath();
        Deque<Path> missing = new ArrayDeque<>();
        while (cur != null && !Files.exists(cur, LinkOption.NOFOLLOW_LINKS)) {
            missing.push(cur.getFileName());
            cur = cur.getParent();
        }
        Path real = cur == null ? p.toAbsolutePath().getRoot() : cur.toRealPath();
        while (!missing.isEmpty()) real = real.resolve(missing.pop()).normalize();
        return real;
    }
}
