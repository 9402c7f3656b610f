package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.health.HealthMap;
import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The health of one stored file, from three sources: its entry alone (a name export refuses is
 * damage; an odd, Windows-unsafe or deceptive name a warning: {@link EntryPathPolicy#classify},
 * the classification export and verify use), problems whose
 * offset falls inside its bytes (the {@link HealthMap} the tree badges use), and problems that
 * name it ({@code entry "name": ...}, as formats report trouble at an index key, which lies
 * outside the file's bytes). Before a full verify a clean row is {@link Health#UNCHECKED}.
 */
public final class FileHealth {
    private FileHealth() {}

    /** A health and the first reason for it ("" when none). */
    public record Verdict(Health health, String note) {
        static final Verdict CLEAN = new Verdict(Health.UNCHECKED, "");

        Verdict worst(Health h, String why) {
            if (h.ordinal() > health.ordinal()) return new Verdict(h, why == null ? "" : why);
            return this;
        }
    }

    /** What the entry says of itself, without any verify, under the rules export uses here. */
    public static Verdict ofEntry(FileListing.Entry e) {
        return ofEntry(e, EntryPathPolicy.forThisSystem());
    }

    /**
     * With {@code policy}'s rules: on Windows a name Windows cannot hold is refused by export,
     * so it is damage; elsewhere it is a warning, as CAF verify reports it.
     */
    public static Verdict ofEntry(FileListing.Entry e, EntryPathPolicy policy) {
        Verdict v = Verdict.CLEAN;
        EntryPathPolicy.Classification n = policy.classify(e.name());
        switch (n.decision()) {
            case EntryPathPolicy.Refused r ->
                v = v.worst(Health.DAMAGED, "unsafe name (" + r.reason() + "); export refuses it");
            case EntryPathPolicy.Safe s
            when s.sanitised() ->
                v = v.worst(
                        Health.WARNING,
                        "odd name (" + String.join(", ", s.notes()) + "); exported as "
                                + EntryPathPolicy.quote(s.relative()));
            case EntryPathPolicy.Safe s -> {
                if (n.windows() != null) v = v.worst(Health.WARNING, "cannot be written on Windows: " + n.windows());
            }
        }
        if (n.deceptive() != null)
            v = v.worst(Health.WARNING, "name displays differently from what it is: " + n.deceptive());
        // No byte range is not damage by itself (clp-s rebuilds its files from records, size -1 until decoded, as
        // `vitrine ls` holds); a file with a size but nowhere to find its bytes is.
        if (e.range().isNone() && e.size() >= 0)
            v = v.worst(Health.DAMAGED, "its bytes cannot be located in the archive");
        return v;
    }

    /**
     * The archive's problems indexed for rows: by offset in the main file and by the entry names
     * their messages quote. Built once per health change, on the thread that owns the problems.
     */
    public static final class Problems {
        private final Map<dev.vitrine.core.io.FileRef, TreeMap<Long, Problem>> byOffset = new HashMap<>();
        private final Map<String, Problem> byName = new HashMap<>();

        public Problems(Iterable<Problem> problems) {
            for (Problem p : problems) {
                if (p.severity() == Severity.INFO) continue;
                if (p.offset() >= 0)
                    byOffset.computeIfAbsent(p.ref(), f -> new TreeMap<>()).merge(p.offset(), p, FileHealth::worse);
                for (String n : namesIn(p.message())) byName.merge(n, p, FileHealth::worse);
            }
        }

        /** The worst problem inside {@code range} (an empty range has no bytes to be damaged). */
        Problem inside(ByteRange range) {
            if (range.isNone() || range.length() == 0) return null;
            TreeMap<Long, Problem> inFile = byOffset.get(range.file());
            if (inFile == null) return null;
            Problem worst = null;
            for (Problem p :
                    inFile.subMap(range.offset(), true, range.end(), false).values()) {
                worst = worst == null ? p : worse(worst, p);
                if (worst.severity() == Severity.ERROR) break;
            }
            return worst;
        }

        Problem naming(String name) {
            return byName.get(name);
        }
    }

    /**
     * The row's health now. {@code map} decides for bytes (so rows agree with the tree), the
     * problems give the words; {@code map.checked()} turns a clean row from unchecked into ok.
     */
    public static Verdict judge(FileRow row, HealthMap map, Problems problems) {
        Verdict v = row.own();
        ByteRange r = row.range();
        if (!r.isNone() && r.length() > 0) {
            Health h = map.of(r);
            if (h == Health.DAMAGED || h == Health.WARNING) {
                Problem p = problems.inside(r);
                v = v.worst(h, p == null ? "a problem inside its bytes" : p.message());
            }
        }
        Problem named = problems.naming(row.name());
        if (named != null)
            v = v.worst(named.severity() == Severity.ERROR ? Health.DAMAGED : Health.WARNING, named.message());
        if (v.health() == Health.UNCHECKED && map.checked()) v = new Verdict(Health.OK, "");
        return v;
    }

    /** Recomputes every row's verdict, on this thread. */
    public static void refresh(List<FileRow> rows, HealthMap map, Problems problems) {
        apply(rows, judgeAll(rows, map, problems));
    }

    /**
     * Every row's verdict, without changing the rows: safe on a background thread with a
     * {@link HealthMap#copy()} (a hundred thousand rows took a visible frame on the FX thread).
     */
    public static Verdict[] judgeAll(List<FileRow> rows, HealthMap map, Problems problems) {
        Verdict[] out = new Verdict[rows.size()];
        for (int i = 0; i < out.length; i++) out[i] = judge(rows.get(i), map, problems);
        return out;
    }

    /** Puts verdicts from {@link #judgeAll} on their rows (FX thread). */
    public static void apply(List<FileRow> rows, Verdict[] verdicts) {
        for (int i = 0; i < verdicts.length && i < rows.size(); i++) rows.get(i).setVerdict(verdicts[i]);
    }

    /**
     * Every entry name a message quotes as {@code entry "…"}, unescaped (the inverse of
     * {@link EntryPathPolicy#quote}).
     */
    public static List<String> namesIn(String message) {
        List<String> out = new ArrayList<>(1);
        if (message == null) return out;
        int at = 0;
        while ((at = message.indexOf("entry \"", at)) >= 0) {
            int i = at + 7;
            StringBuilder b = new StringBuilder();
            boolean closed = false;
            while (i < message.length()) {
                char c = message.charAt(i++);
                if (c == '"') {
                    closed = true;
                    break;
                }
                if (c == '\\' && i < message.length()) {
                    char n = message.charAt(i++);
                    if (n == 'u' && i + 4 <= message.length()) {
                        try {
                            b.append((char) Integer.parseInt(message.substring(i, i + 4), 16));
                            i += 4;
                        } catch (NumberFormatException e) {
                            b.append('\\').append(n);
                        }
                    } else {
                        b.append(n);
                    }
                } else {
                    b.append(c);
                }
            }
            if (closed) out.add(b.toString());
            at = i;
        }
        return out;
    }

    private static Problem worse(Problem a, Problem b) {
        return b.severity().compareTo(a.severity()) > 0 ? b : a;
    }
}
