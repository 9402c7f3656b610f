package dev.vitrine.core.format.clps.kql;

import java.nio.charset.StandardCharsets;
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
    }

    private final Entries entries;
    private final Map<KqlLeaf, Boolean> noneHolds = new IdentityHashMap<>();
    private long spent;

    public KqlVarDictionary(Entries entries) {
        this.entries = entries;
    }

    /** True when every entry fails {@code check} (the filter of {@code leaf}); false when some may pass or it is not known. */
    synchronized boolean noEntryPasses(KqlLeaf leaf, KqlPrefilter.StringCheck check) {
        Boolean known = noneHolds.get(leaf);
        if (known != null) return known;
        int n = entries.size();
        // An empty dictionary with var-string columns is damage the decode reports, not a reason to skip.
        if (n <= 0 || spent + n > BUDGET) return false;
        byte[] exact = exactValue(leaf);
        boolean none = true;
        int id = 0;
        for (; id < n && none; id++) {
            byte[] e = entries.entry(id);
            // Only the value itself can pass a value without wildcards: other text is judged without being decoded
            // (ASCII text is well-formed; anything else the check judges in full, as it may be unreadable).
            if (exact != null && e != null && !Arrays.equals(e, exact) && ascii(e)) continue;
            none = check.judge(e) == KqlPrefilter.NO;
        }
        spent += id;
        noneHolds.put(leaf, none);
        return none;
    }

    /** The only text a positive {@code k: value} without wildcards can equal, as bytes; null when it may equal other text. */
    private static byte[] exactValue(KqlLeaf leaf) {
        KqlLiteral lit = leaf.literal();
        if (lit == null || leaf.op() != KqlOp.EQ || leaf.inverted()) return null;
        String text = switch (lit.kind) {
            case INTEGRAL, BOOLEAN, NULL -> lit.text;
            case STRING -> Wildcards.hasUnescapedWildcards(lit.text) ? null : Wildcards.unescape(lit.text);
            case TIMESTAMP -> null;
        };
        // U+FFFD is what unreadable bytes decode to: such a value is left to the full check.
        return text == null || text.indexOf('\uFFFD') >= 0 ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    private static boolean ascii(byte[] b) {
        for (byte x : b) if (x < 0) return false;
        return true;
    }
}
