package dev.vitrine.core.format.clps.kql;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A CLP-string check's verdicts by log type and encoded variables, which together decide the
 * text: a log type the check cannot answer alone ({@link KqlTemplates}) is mostly filled with few
 * distinct variables (an error's {@code max=40} among three limits), so each filling is rebuilt
 * and judged once and its records after that by a lookup, as clp-s compares a query's variables
 * with the encoded ones instead of the text. Filled with ever new variables (a session id per
 * record) the lookups would only add to the rebuilding: then they stop.
 */
final class KqlVariableVerdicts {
    /** Fillings kept at most (a few MB), and lookups after which too few hits turn the lookups off. */
    private static final int MAX = 1 << 16, TRIAL = 1 << 13;

    private final ConcurrentHashMap<Filling, Integer> known = new ConcurrentHashMap<>();
    private volatile boolean off;
    /** Counted without synchronising: they only decide when to stop looking up. */
    private int lookups, hits;

    /** {@code rule}'s verdict on the CLP string of {@code row} in {@code column}. */
    int judge(KqlPrefilter.Row row, int column, KqlStringCheck rule) {
        int n = off ? -1 : row.variables(column);
        if (n < 0) return rule.judge(row.clpString(column));
        long[] key = new long[n + 1];
        key[0] = row.templateId(column);
        for (int i = 0; i < n; i++) key[i + 1] = row.variable(column, i);
        Filling f = new Filling(key);
        Integer v = known.get(f);
        lookups++;
        if (v != null) {
            hits++;
            return v;
        }
        if (lookups >= TRIAL && hits * 2 < lookups) off = true;
        int verdict = rule.judge(row.clpString(column));
        if (known.size() < MAX) known.put(f, verdict);
        return verdict;
    }

    /** A log type id followed by its encoded variables. */
    private record Filling(long[] words, int hash) {
        Filling(long[] words) {
            this(words, Arrays.hashCode(words));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Filling f && f.hash == hash && Arrays.equals(f.words, words);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
