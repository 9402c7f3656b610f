package dev.vitrine.core.format.clps.kql;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The archive's variable dictionary, consulted before any table is decoded, as clp-s resolves a
 * query's string values against it first: a filter on a var-string column that no entry passes
 * holds for no record, so the schemas whose every alternative needs it are skipped unread. Each
 * filter is resolved once per query; a query with very many string filters stops resolving once
 * a budget of entries is spent (its tables are then judged row by row, as before).
 */
public final class KqlVarDictionary {
    /** Entries judged per query at most (a few tens of ms of work). */
    private static final long BUDGET = 8_000_000;

    /** The dictionary's entries by id. */
    public interface Entries {
        int size();

        /** Entry {@code id} as bytes, or null when it cannot be read. */
        byte[] entry(int id);

        /** Whether entry {@code id} is exactly {@code value} (compared where it lies, without a copy). */
        default boolean is(int id, byte[] value) {
            return Arrays.equals(entry(id), value);
        }

        /**
         * The first id from {@code from} on that may be {@code value} ({@link #is}), or {@link #size}
         * when none is: a value no entry holds is looked for in every entry.
         */
        default int next(int from, byte[] value) {
            int n = size();
            for (int id = from; id < n; id++) if (is(id, value)) return id;
            return n;
        }
    }

    private final Entries entries;
    private final Map<KqlLeaf, Boolean> noneHolds = new IdentityHashMap<>();
    private long spent;

    public KqlVarDictionary(Entries entries) {
        this.entries = entries;
    }

    /** True when every entry fails {@code check} (the filter of {@code leaf}); false when some may pass or it is not known. */
    synchronized boolean noEntryPasses(KqlLeaf leaf, KqlStringCheck check) {
        Boolean known = noneHolds.get(leaf);
        if (known != null) return known;
        int n = entries.size();
        // An empty dictionary with var-string columns is damage the decode reports, not a reason to skip.
        if (n <= 0 || spent + n > BUDGET) return false;
        byte[] exact = KqlStringCheck.exactValue(leaf);
        boolean none = true;
        int id = 0;
        for (; id < n && none; id++) {
            // Only the value itself can pass a value without wildcards (KqlStringCheck.exactValue): other entries are
            // told apart by their bytes, unread.
            if (exact != null && (id = entries.next(id, exact)) >= n) break;
            none = check.judge(entries.entry(id)) == KqlPrefilter.NO;
        }
        spent += id;
        noneHolds.put(leaf, none);
        return none;
    }
}
