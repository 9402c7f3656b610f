package dev.vitrine.core.export;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Picks the contents to export from a {@link FileListing}: everything, or the entries a user
 * named. A requested name matches an entry with exactly that name, or, read as a folder, every
 * entry under it ({@code docs} and {@code docs/} both select {@code docs/a.txt}). Results keep
 * the archive's data order, which is also the fastest order to read.
 */
public final class ListingSelection {
    private ListingSelection() {}

    /**
     * The chosen contents, the requested names that matched nothing, and the bytes the
     * entries left out hold (for {@link Exporter#export(List, java.nio.file.Path, List)}: a
     * chosen entry overlapping one of them is as damaged as when all are exported).
     */
    public record Selection(List<Content> contents, List<String> unmatched, List<Exporter.Claim> others) {
        public Selection(List<Content> contents, List<String> unmatched) {
            this(contents, unmatched, List.of());
        }
    }

    public static Selection all(FileListing listing) throws IOException {
        return select(listing, List.of());
    }

    /** {@code names} empty means all entries. */
    public static Selection select(FileListing listing, List<String> names) throws IOException {
        List<FileListing.Entry> entries = listing.entries();
        List<Content> out = new ArrayList<>();
        Set<String> unmatched = new LinkedHashSet<>(names);
        List<Exporter.Claim> others = new ArrayList<>();
        for (FileListing.Entry e : entries) {
            if (names.isEmpty() || matches(e.name(), names, unmatched)) out.add(contentOf(listing, e));
            else if (!e.range().isNone() && e.range().length() > 0) {
                // The content's own stored bytes, as the exporter sees them for chosen entries.
                ByteRange stored = storedOf(contentOf(listing, e));
                if (!stored.isNone() && stored.length() > 0) others.add(new Exporter.Claim(e.name(), stored));
            }
        }
        return new Selection(out, List.copyOf(unmatched), List.copyOf(others));
    }

    private static boolean matches(String entry, List<String> names, Set<String> unmatched) {
        boolean any = false;
        for (String n : names) {
            String folder = n.endsWith("/") ? n : n + "/";
            if (entry.equals(n) || (!n.isEmpty() && entry.startsWith(folder))) {
                unmatched.remove(n);
                any = true;
            }
        }
        return any;
    }

    private static ByteRange storedOf(Content c) {
        try {
            ByteRange r = c.stored();
            return r == null ? ByteRange.NONE : r;
        } catch (RuntimeException e) {
            return ByteRange.NONE;
        }
    }

    /** The entry's content; when even that fails, a content that reports the failure on open. */
    public static Content contentOf(FileListing listing, FileListing.Entry e) {
        try {
            return listing.content(e);
        } catch (IOException ex) {
            return new Content() {
                @Override
                public String name() {
                    return e.name();
                }

                @Override
                public long size() {
                    return e.size();
                }

                @Override
                public InputStream open() throws IOException {
                    throw ex;
                }
            };
        }
    }
}
