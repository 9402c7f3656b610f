package dev.vitrine.core.format.clps.kql;

/**
 * What a query can learn from a CLP string's or an array's log type alone, as clp-s answers from
 * its log-type dictionary before it rebuilds a value: a log type without variables is one text,
 * judged once for every record that has it; one with variables can be ruled out when no text it
 * can expand to matches the query's wildcard pattern (its variables taken as any text at all).
 * A table holds few log types and many records, so most records are judged by one lookup.
 */
final class KqlTemplates {
    /** The verdict for a log type whose records must each be rebuilt and judged. */
    static final int PER_ROW = 3;

    private static final int UNSEEN = 0;

    private final int column;
    /** Per log type id: UNSEEN, else the verdict + 1; racing threads write the same verdict. */
    private volatile byte[] memo;

    KqlTemplates(int column) {
        this.column = column;
    }

    /** How a log type is judged: its constant text (no variables), or whether any expansion may pass. */
    interface Judge {
        /** The verdict on the whole text of a log type without variables. */
        int text(byte[] constant);

        /** False when no expansion of {@code t} can pass (then the verdict is NO); true when it is not known. */
        boolean mayPass(KqlTemplate t);
    }

    /**
     * The verdict for the current record of {@code row} from its log type alone, or {@link
     * #PER_ROW} when the record's value must be rebuilt.
     */
    int judge(KqlPrefilter.Row row, Judge judge) {
        int id = row.templateId(column);
        if (id < 0) return PER_ROW;
        byte[] m = memo;
        if (m == null) {
            synchronized (this) {
                if (memo == null) memo = new byte[Math.max(0, row.templates(column))];
                m = memo;
            }
        }
        if (id >= m.length) return PER_ROW;
        int known = m[id];
        if (known != UNSEEN) return known - 1;
        KqlTemplate t = row.template(column, id);
        int verdict;
        if (t == null) verdict = PER_ROW;
        else if (t.holes().length == 0) verdict = judge.text(t.constant());
        else verdict = judge.mayPass(t) ? PER_ROW : KqlPrefilter.NO;
        m[id] = (byte) (verdict + 1);
        return verdict;
    }

    /**
     * Whether some text {@code t} expands to (any bytes in each variable's place) matches the
     * whole of {@code wild} (clp's wildcards: {@code *} any run of bytes, {@code ?} one byte,
     * {@code \} makes the next byte literal, as {@link Wildcards#matchBytes} reads them); without
     * a space (a double quote) in a variable's place when {@link KqlTemplate#spacelessVariables}
     * ({@link KqlTemplate#quotelessVariables}). A walk over pairs
     * of positions in both, as two globs intersect.
     */
    static boolean mayMatch(KqlTemplate t, byte[] wild) {
        // The template as tokens: a byte (0..255), or HOLE where variables go (any bytes, but those they never hold).
        boolean noSpace = t.spacelessVariables();
        boolean noQuote = t.quotelessVariables();
        byte[] c = t.constant();
        int[] holes = t.holes();
        int[] tt = new int[c.length + holes.length + 1];
        int n = 0;
        int h = 0;
        for (int k = 0; k <= c.length; k++) {
            boolean at = false;
            while (h < holes.length && holes[h] == k) {
                at = true;
                h++;
            }
            if (at) tt[n++] = HOLE;
            if (k < c.length) tt[n++] = c[k] & 0xff;
        }
        if (h < holes.length) return true; // a variable placed past the text: not a template we understand
        int[] ww = new int[wild.length];
        int m = 0;
        for (int k = 0; k < wild.length; k++) {
            byte b = wild[k];
            if (b == '*') ww[m++] = ANY;
            else if (b == '?') ww[m++] = ONE;
            else if (b == '\\' && k + 1 < wild.length) ww[m++] = wild[++k] & 0xff;
            else ww[m++] = b & 0xff;
        }
        int width = m + 1;
        boolean[] seen = new boolean[(n + 1) * width];
        int[] stack = new int[(n + 1) * width];
        int top = 0;
        stack[top++] = 0;
        seen[0] = true;
        while (top > 0) {
            int s = stack[--top];
            int i = s / width;
            int j = s % width;
            if (i == n && j == m) return true;
            // A run of any bytes may be empty on either side.
            if (i < n && tt[i] < 0) top = push(seen, stack, top, (i + 1) * width + j);
            if (j < m && ww[j] == ANY) top = push(seen, stack, top, i * width + j + 1);
            // One byte both can give.
            if (i < n && j < m) {
                int a = tt[i];
                int b = ww[j];
                boolean both =
                        a == HOLE ? !(noSpace && b == ' ') && !(noQuote && b == '"') : b == ANY || b == ONE || a == b;
                if (both) {
                    int ni = a < 0 ? i : i + 1;
                    int nj = b == ANY ? j : j + 1;
                    top = push(seen, stack, top, ni * width + nj);
                }
            }
        }
        return false;
    }

    private static final int ANY = -1, ONE = -2, HOLE = -3;

    /**
     * False when an array's JSON {@code text} cannot hold a string matching the value {@code quoted} was made for
     * ({@link #quotedPattern}): it is an array with no backslash (so no escape), and no {@code "value"} in it.
     */
    static boolean mayHold(String text, Wildcards.Pattern quoted) {
        return quoted == null || !text.startsWith("[") || text.indexOf('\\') >= 0 || quoted.matches(text);
    }

    /**
     * {@link #mayHold} on the first {@code length} bytes of a value's UTF-8 text, where the answer needs no
     * String: a text with bytes beyond ASCII may hold (the String's reading of malformed bytes decides that).
     */
    static boolean mayHold(byte[] text, int length, byte[] quoted) {
        if (quoted == null || length == 0 || text[0] != '[') return true;
        for (int i = 0; i < length; i++) if (text[i] == '\\' || text[i] < 0) return true;
        return Wildcards.matchBytes(text, length, quoted);
    }

    /**
     * For an array filter that holds when a string inside the array matches {@code leaf}'s value: the pattern the
     * array's JSON text then matches, {@code *"value"*}, or null when there is none to give. Only for a value that
     * compares with strings alone (not a number, boolean or null as well), with {@code *} as its only wildcard and
     * nothing JSON would escape: a string matching it is then written as it is, between quotes, in a text
     * without backslashes ({@link KqlTemplate#backslashFree}).
     */
    static byte[] quotedPattern(KqlLeaf leaf) {
        KqlLiteral lit = leaf.literal();
        KqlOp op = leaf.op();
        if (lit == null || op != KqlOp.EQ || leaf.inverted() || lit.kind != KqlLiteral.Kind.STRING) return null;
        if (lit.canInt(op) || lit.asFloat(op) != null || lit.asBool(op) != null || lit.asNull(op)) return null;
        String p = lit.text;
        StringBuilder out = new StringBuilder("*\"");
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '?') return null;
            if (c == '\\') {
                if (i + 1 >= p.length()) return null;
                c = p.charAt(++i);
                if (c == '\\') return null; // a backslash in the value: JSON writes it escaped
                out.append('\\');
            } else if (c != '*' && (c < 0x20 || c > 0x7e || c == '"')) {
                return null;
            }
            out.append(c);
        }
        return out.append("\"*").toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static int push(boolean[] seen, int[] stack, int top, int s) {
        if (!seen[s]) {
            seen[s] = true;
            stack[top++] = s;
        }
        return top;
    }
}
