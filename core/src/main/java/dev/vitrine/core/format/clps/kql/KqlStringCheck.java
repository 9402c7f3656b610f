package dev.vitrine.core.format.clps.kql;

import static dev.vitrine.core.format.clps.kql.KqlPrefilter.MAYBE;
import static dev.vitrine.core.format.clps.kql.KqlPrefilter.NO;
import static dev.vitrine.core.format.clps.kql.KqlPrefilter.YES;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A filter on a var-string column, judged once per dictionary entry: the entry's text is
 * typed as the matcher types a JSON string (a space makes it a CLP string) and compared as
 * it compares that type.
 */
final class KqlStringCheck implements KqlPrefilter.Check {
    /** Memo states: 0 not judged yet, else the answer + 1. */
    private static final byte UNSEEN = 0;

    private final int column;
    private final KqlLeaf leaf;
    /** The answers by entry id, shared by the checks of one filter on several columns (one var.dict). */
    private final Memo memo;
    /** The only bytes a passing entry can hold ({@link #exactValue}), or null. */
    private final byte[] exact;

    private static final class Memo {
        volatile byte[] answers;
    }

    KqlStringCheck(int column, KqlLeaf leaf) {
        this.column = column;
        this.leaf = leaf;
        this.exact = exactValue(leaf);
        this.memo = new Memo();
    }

    /** The same filter on another column: an entry's answer does not depend on the column that refers to it. */
    KqlStringCheck(int column, KqlStringCheck sameFilter) {
        this.column = column;
        this.leaf = sameFilter.leaf;
        this.exact = sameFilter.exact;
        this.memo = sameFilter.memo;
    }

    /**
     * The only text a positive {@code k: value} without wildcards can equal, as bytes; null when it may equal
     * other text. Other well-formed text differs in its bytes; malformed text never equals it either (U+FFFD,
     * what unreadable bytes read as, is left to the full check).
     */
    static byte[] exactValue(KqlLeaf leaf) {
        KqlLiteral lit = leaf.literal();
        if (lit == null || leaf.op() != KqlOp.EQ || leaf.inverted()) return null;
        String text = switch (lit.kind) {
            case INTEGRAL, BOOLEAN, NULL -> lit.text;
            case STRING -> Wildcards.hasUnescapedWildcards(lit.text) ? null : Wildcards.unescape(lit.text);
            case TIMESTAMP -> null;
        };
        return text == null || text.indexOf('\uFFFD') >= 0 ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The wildcard pattern (clp's, matched on bytes) a value must match whole to pass, or null when values
     * that do not may pass too (a negated or non-equality filter).
     */
    byte[] pattern() {
        KqlLiteral lit = leaf.literal();
        if (lit == null || leaf.op() != KqlOp.EQ || leaf.inverted() || lit.kind == KqlLiteral.Kind.TIMESTAMP)
            return null;
        return lit.text.indexOf('\uFFFD') >= 0 ? null : lit.text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public int judge(KqlPrefilter.Row row) {
        long id = row.value(column);
        byte[] m = memo.answers;
        if (m == null) {
            synchronized (memo) {
                if (memo.answers == null) memo.answers = new byte[Math.max(0, row.varStrings())];
                m = memo.answers;
            }
        }
        if (id < 0 || id >= m.length) return MAYBE; // rendering reports the bad id
        byte known = m[(int) id];
        if (known != UNSEEN) return known - 1;
        // Most entries of a value without wildcards are told apart by their bytes, unread (an address column
        // holds a new entry in nearly every record).
        int answer = exact != null && !row.varStringIs(id, exact) ? NO : judge(row.varString(id));
        m[(int) id] = (byte) (answer + 1); // racing threads write the same answer
        return answer;
    }

    /** The answer for a var-string entry's bytes. */
    int judge(byte[] bytes) {
        if (bytes == null) return MAYBE;
        String text = new String(bytes, StandardCharsets.UTF_8);
        // Only text with a replacement character can have been malformed: checked strictly then.
        if (text.indexOf('\uFFFD') >= 0) text = strict(bytes);
        return text == null ? MAYBE : matches(text) ? YES : NO;
    }

    private static String strict(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null; // not text the matcher would read the same way: let it decide
        }
    }

    /** The matcher's verdict on a string value: typed as it types a JSON string, then compared (KqlEvaluator.scalar). */
    private boolean matches(String text) {
        KqlOp op = leaf.op();
        KqlType type = KqlRecordTree.stringType(text);
        if ((leaf.types() & type.bit()) == 0) return false; // not found: false even negated
        if (op == KqlOp.EXISTS) return true;
        boolean compares = type == KqlType.CLP_STRING
                ? KqlCompare.clpStringCompares(op, leaf.literal(), text)
                : KqlCompare.varStringCompares(op, leaf.literal(), text);
        return compares != leaf.inverted();
    }
}
