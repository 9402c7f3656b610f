package dev.vitrine.app.ui.settings;

import java.util.ArrayList;
import java.util.List;

/** The recently opened files, newest first, without duplicates, at most {@link #MAX}. */
public final class RecentFiles {
    public static final int MAX = 10;

    private RecentFiles() {}

    /** {@code list} with {@code path} moved (or added) to the front. */
    public static List<String> add(List<String> list, String path) {
        List<String> out = new ArrayList<>(list.size() + 1);
        out.add(path);
        for (String p : list) if (!p.equals(path) && out.size() < MAX) out.add(p);
        return out;
    }

    public static List<String> remove(List<String> list, String path) {
        return list.stream().filter(p -> !p.equals(path)).toList();
    }
}
