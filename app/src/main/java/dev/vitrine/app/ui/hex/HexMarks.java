package dev.vitrine.app.ui.hex;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The marks shown in the hex view. Answers which mark colours a byte (fields over the node,
 * matches and problems over both) and which marks touch the visible window.
 */
public final class HexMarks {
    private final List<HexMark> marks;

    public HexMarks(List<HexMark> marks) {
        List<HexMark> sorted = new ArrayList<>(marks);
        sorted.sort(Comparator.comparingInt((HexMark m) -> m.kind().ordinal()));
        this.marks = List.copyOf(sorted);
    }

    /**
     * The marks of a selected node: its own bytes, then each field with a byte range in a tint
     * of its own (tints in field order, as the fields table shows them). Only ranges in
     * {@code shown}, the file the hex view shows, are marked. A node covering the whole file
     * gets no mark of its own.
     */
    public static HexMarks forNode(
            String name,
            dev.vitrine.core.model.ByteRange range,
            List<dev.vitrine.core.model.Field> fields,
            dev.vitrine.core.io.FileRef shown,
            long fileSize) {
        List<HexMark> out = new ArrayList<>();
        // A node spanning the whole file (the archive itself) would tint every byte: frame nothing.
        boolean whole = range.offset() == 0 && range.length() >= fileSize;
        if (!range.isNone() && range.file().equals(shown) && !whole)
            out.add(HexMark.node(range.offset(), range.length(), name));
        int tint = 0;
        for (dev.vitrine.core.model.Field f : fields) {
            if (f.range().isNone()) continue;
            int t = tint++;
            if (f.range().file().equals(shown))
                out.add(HexMark.field(f.range().offset(), f.range().length(), t, f.name() + " = " + f.value()));
        }
        return new HexMarks(out);
    }

    public static HexMarks none() {
        return new HexMarks(List.of());
    }

    public List<HexMark> all() {
        return marks;
    }

    /** The mark drawn on top at {@code offset}, or null. */
    public HexMark topAt(long offset) {
        HexMark top = null;
        for (HexMark m : marks) if (m.contains(offset)) top = m;
        return top;
    }

    /** Marks intersecting {@code [from, to)}, in drawing order (node first, problems last). */
    public List<HexMark> within(long from, long to) {
        List<HexMark> out = new ArrayList<>();
        for (HexMark m : marks) if (m.intersects(from, to)) out.add(m);
        return out;
    }

    /** The node mark (what the selection frames), or null. */
    public HexMark node() {
        for (HexMark m : marks) if (m.kind() == HexMark.Kind.NODE) return m;
        return null;
    }

    public HexMarks with(HexMark extra) {
        List<HexMark> l = new ArrayList<>(marks);
        l.add(extra);
        return new HexMarks(l);
    }

    public HexMarks without(HexMark.Kind kind) {
        return new HexMarks(marks.stream().filter(m -> m.kind() != kind).toList());
    }
}
