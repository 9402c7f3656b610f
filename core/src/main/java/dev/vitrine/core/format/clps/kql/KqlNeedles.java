package dev.vitrine.core.format.clps.kql;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Bytes a record's JSON text must contain for the query to match it, tested before the record is
 * parsed: a search for {@code level: ERROR} need not parse the records that never say ERROR.
 *
 * <p>Only string filters give needles, and only when their text is written into the JSON unchanged:
 * printable ASCII without quote or backslash (the characters JSON escapes), on a string or array
 * column (never a number or timestamp, whose text can differ from the literal's), not negated, not
 * a range-index ({@code $}) key (those values are not in the record). A wildcard pattern gives its
 * longest literal run. The query is an OR of ANDs: a record may match only if, for some AND, it
 * holds that AND's needle; an AND without a needle means no prefilter at all.
 */
public final class KqlNeedles {
    private static final int STRINGS_AND_ARRAYS = KqlType.mask(KqlType.CLP_STRING, KqlType.VAR_STRING, KqlType.ARRAY);
    private final byte[][] needles; // one per AND of the plan

    private KqlNeedles(byte[][] needles) {
        this.needles = needles;
    }

    /** The needles of a plan, or null when some alternative of the query needs none. */
    static KqlNeedles of(List<List<KqlLeaf>> plan) {
        if (plan.isEmpty()) return null;
        List<byte[]> out = new ArrayList<>();
        for (List<KqlLeaf> and : plan) {
            String best = null;
            for (KqlLeaf leaf : and) {
                String run = literalRun(leaf);
                if (run != null && (best == null || run.length() > best.length())) best = run;
            }
            if (best == null) return null;
            out.add(best.getBytes(StandardCharsets.US_ASCII));
        }
        return new KqlNeedles(out.toArray(byte[][]::new));
    }

    /** Whether the record's JSON bytes hold the needle of some alternative (false: it cannot match). */
    public boolean mayMatch(byte[] buf, int off, int len) {
        for (byte[] n : needles) {
            if (contains(buf, off, len, n)) return true;
        }
        return false;
    }

    /** The longest run of the leaf's value that its JSON text must hold, or null. */
    private static String literalRun(KqlLeaf leaf) {
        KqlLiteral lit = leaf.literal();
        if (leaf.op() != KqlOp.EQ || leaf.inverted() || lit == null || lit.kind != KqlLiteral.Kind.STRING) return null;
        if (!leaf.column().namespace().isEmpty() || (leaf.types() & ~STRINGS_AND_ARRAYS) != 0) return null;
        String longest = null;
        StringBuilder run = new StringBuilder();
        String t = lit.text;
        for (int i = 0; i <= t.length(); i++) {
            char c = i < t.length() ? t.charAt(i) : '*';
            if (c == '\\' && i + 1 < t.length()) {
                c = t.charAt(++i); // escaped: literal
            } else if (c == '*' || c == '?') {
                if (longest == null || run.length() > longest.length()) longest = run.toString();
                run.setLength(0);
                continue;
            }
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') return null;
            run.append(c);
        }
        return longest == null || longest.isEmpty() ? null : longest;
    }

    private static boolean contains(byte[] buf, int off, int len, byte[] n) {
        byte first = n[0];
        int last = off + len - n.length;
        outer:
        for (int i = off; i <= last; i++) {
            if (buf[i] != first) continue;
            for (int j = 1; j < n.length; j++) {
                if (buf[i + j] != n[j]) continue outer;
            }
            return true;
        }
        return false;
    }
}
