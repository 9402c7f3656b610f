package dev.vitrine.core.format.caf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Folders made from the '/'-separated segments of entry names. CAF stores no folders, so the
 * tree is derived, built once on first look and paged by the nodes. Children appear in data
 * order (a folder where its first file's bytes are). Display only: hostile names are shown as
 * they are ({@code ..} becomes a folder called ".."), and export applies its own policy.
 */
final class CafFolderTree {
    private CafFolderTree() {}

    /** One folder: its path from the root and its children (Folder or CafEntry) in data order. */
    static final class Folder {
        final String name;
        final List<String> path;
        final List<Object> children = new ArrayList<>();
        private final Map<String, Folder> folders = new HashMap<>();

        Folder(String name, List<String> path) {
            this.name = name;
            this.path = path;
        }

        Folder folder(String segment) {
            return folders.computeIfAbsent(segment, s -> {
                List<String> p = new ArrayList<>(path);
                p.add(s);
                Folder f = new Folder(s, List.copyOf(p));
                children.add(f);
                return f;
            });
        }
    }

    static Folder build(List<CafEntry> dataOrder) {
        Folder root = new Folder("", List.of());
        for (CafEntry e : dataOrder) {
            List<String> segs = segments(e.name());
            Folder f = root;
            for (int i = 0; i < segs.size() - 1; i++) f = f.folder(segs.get(i));
            f.children.add(e);
        }
        return root;
    }

    /** Non-empty '/'-separated segments; a name with none is one segment, itself. */
    static List<String> segments(String name) {
        List<String> out = new ArrayList<>();
        for (String s : name.split("/", -1)) if (!s.isEmpty()) out.add(s);
        if (out.isEmpty()) out.add(name.isEmpty() ? "(empty name)" : name);
        return out;
    }

    /**
     * A segment as a tree label: quoted and escaped when it holds control characters (NUL,
     * ESC, ...), surrogates or characters that would make it display as another name (bidi
     * controls, zero-width characters).
     */
    static String label(String segment) {
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (Character.isISOControl(c) || Character.isSurrogate(c))
                return dev.vitrine.core.export.EntryPathPolicy.quote(segment);
        }
        return dev.vitrine.core.export.EntryPathPolicy.needsQuoting(segment)
                ? dev.vitrine.core.export.EntryPathPolicy.quote(segment)
                : segment;
    }

    static <T> List<T> page(List<T> all, long from, int count) {
        if (from < 0 || from >= all.size() || count <= 0) return List.of();
        int f = (int) from;
        return List.copyOf(all.subList(f, (int) Math.min(all.size(), (long) f + count)));
    }
}
