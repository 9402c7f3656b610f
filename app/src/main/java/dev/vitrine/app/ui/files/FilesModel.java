package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.Human;
import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The rows of a {@link FileListing} and the questions the view asks of them: which rows a
 * structure-tree node stands for, what a selection adds up to, which rows a filter keeps.
 * Loaded in the background by {@link #load}; no toolkit.
 */
public final class FilesModel {
    private final List<FileRow> rows;
    private final Map<ByteRange, List<FileRow>> byRange;

    private FilesModel(List<FileRow> rows) {
        this.rows = List.copyOf(rows);
        Map<ByteRange, List<FileRow>> m = new HashMap<>(rows.size() * 2);
        for (FileRow r : rows)
            m.computeIfAbsent(r.range(), k -> new ArrayList<>(1)).add(r);
        this.byRange = m;
    }

    /** Reads the listing and judges each entry's name. Blocking: may read the archive. */
    public static FilesModel load(FileListing listing, BooleanSupplier cancelled) throws IOException {
        List<FileListing.Entry> entries = listing.entries();
        List<FileRow> out = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            if ((i & 4095) == 0 && cancelled.getAsBoolean()) throw new java.util.concurrent.CancellationException();
            out.add(new FileRow(i, entries.get(i)));
        }
        return new FilesModel(out);
    }

    static FilesModel of(List<FileRow> rows) {
        return new FilesModel(rows);
    }

    public List<FileRow> rows() {
        return rows;
    }

    public int size() {
        return rows.size();
    }

    /** Bytes of all files whose size is known (sizes known only once decoded count when they are). */
    public long totalBytes() {
        long t = 0;
        for (FileRow r : rows) t += Math.max(0, r.size());
        return t;
    }

    /**
     * The rows a structure-tree node stands for: a leaf whose bytes are exactly the entry's and
     * whose label is the entry's last name segment (as the tree shows it, escaped if it must be).
     */
    public List<FileRow> rowsFor(Node node) {
        if (node == null || node.hasChildren()) return List.of();
        List<FileRow> same = byRange.get(node.range());
        if (same == null) return List.of();
        List<FileRow> out = new ArrayList<>(1);
        for (FileRow r : same) if (labelMatches(node.name(), lastSegment(r.name()))) out.add(r);
        return out;
    }

    /** Whether {@code node} is the tree's node for {@code row}. */
    public static boolean matches(Node node, FileRow row) {
        return node != null
                && !node.hasChildren()
                && node.range().equals(row.range())
                && labelMatches(node.name(), lastSegment(row.name()));
    }

    /** The '/'-separated segments of a name that are not empty; the whole name when none is. */
    public static List<String> segments(String name) {
        List<String> out = new ArrayList<>();
        for (String s : name.split("/", -1)) if (!s.isEmpty()) out.add(s);
        if (out.isEmpty()) out.add(name);
        return out;
    }

    static String lastSegment(String name) {
        return segments(name).getLast();
    }

    /** A tree label shows a segment as it is, or quoted and escaped when it holds control characters. */
    static boolean labelMatches(String label, String segment) {
        return label.equals(segment)
                || label.equals(EntryPathPolicy.quote(segment))
                || (segment.isEmpty() && label.startsWith("("));
    }

    /**
     * A name as the table shows it: as it is, or quoted and escaped when it holds control
     * characters, a broken surrogate or characters that make it display as another name (bidi
     * controls, zero-width characters: the rule of {@link EntryPathPolicy#shown}).
     */
    public static String shown(String name) {
        return name.isEmpty() ? name : EntryPathPolicy.shown(name);
    }

    /** The health column's word. */
    public static String healthWord(dev.vitrine.core.model.Health h) {
        return switch (h) {
            case UNCHECKED -> "unchecked";
            case OK -> "ok";
            case WARNING -> "warning";
            case DAMAGED -> "damaged";
        };
    }

    /** Rows whose name contains {@code text}, ignoring case; all rows for a blank filter. */
    public static boolean keeps(FileRow row, String text) {
        if (text == null || text.isBlank()) return true;
        return row.name().toLowerCase(Locale.ROOT).contains(text.strip().toLowerCase(Locale.ROOT));
    }

    /** "6 files · 51.4 KiB", or with a filter and a selection, "2 selected (593 B) · 3 of 6 files shown". */
    public static String status(int all, long allBytes, int shown, Collection<FileRow> selected) {
        StringBuilder s = new StringBuilder();
        if (!selected.isEmpty()) {
            long bytes = 0;
            for (FileRow r : selected) bytes += Math.max(0, r.size());
            s.append(Human.count(selected.size()))
                    .append(" selected (")
                    .append(Human.size(bytes))
                    .append(") · ");
        }
        if (shown != all) s.append(Human.count(shown)).append(" of ");
        s.append(Human.count(all)).append(all == 1 ? " file" : " files");
        if (shown == all) s.append(" · ").append(Human.size(allBytes));
        else s.append(" shown");
        return s.toString();
    }
}
