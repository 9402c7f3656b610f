package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * FormattedFloat text: the fast path (shortest round-trip digits) against C's %.Ne computed
 * exactly with BigDecimal, over random values, every significant-digit count and exponent style.
 */
class ClpsNumberTextTest {
    /** C's "%.{p}e" of the exact binary value, rounded half-even. */
    static String cScientific(double d, int p) {
        boolean neg = d < 0 || (d == 0 && 1 / d < 0);
        String digits;
        int exp;
        if (d == 0) {
            digits = "0".repeat(p + 1);
            exp = 0;
        } else {
            BigDecimal r = new BigDecimal(Math.abs(d)).round(new MathContext(p + 1, RoundingMode.HALF_EVEN));
            String u = r.unscaledValue().toString();
            exp = u.length() - 1 - r.scale();
            digits = u.length() >= p + 1 ? u.substring(0, p + 1) : u + "0".repeat(p + 1 - u.length());
        }
        return (neg ? "-" : "") + digits.charAt(0) + (p > 0 ? "." + digits.substring(1) : "") + "e"
                + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
    }

    @Test
    void significantDigitsMatchExactRounding() {
        Random r = new Random(1);
        for (int i = 0; i < 40_000; i++) {
            double d = switch (i % 4) {
                case 0 -> r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
                case 1 -> Math.round(r.nextDouble() * 1e6) / 1e3;
                case 2 -> Double.longBitsToDouble(r.nextLong() & 0x7fffffffffffffffL);
                default -> (r.nextInt(20000) - 10000) / 100.0;
            };
            if (Double.isNaN(d) || Double.isInfinite(d)) continue;
            int sig = 1 + r.nextInt(17);
            String want = cScientific(d, sig - 1);
            // Format word: scientific, lower-case e, keep C's sign (3), 2 exponent digits.
            int fmt = (1 << 14) | (3 << 12) | (1 << 10) | ((sig - 1) << 5);
            String got = ClpsNumberText.formatted(d, fmt);
            String wantTrimmed = want;
            int e = want.indexOf('e');
            String ed = want.substring(e + 2);
            if (ed.length() > 2 && ed.startsWith("0")) wantTrimmed = want.substring(0, e + 2) + ed.substring(1);
            assertEquals(wantTrimmed, got, "value " + d + " sig " + sig);
        }
    }

    /**
     * Log values with a few decimal places (what the digits are worked out for without text):
     * every significant-digit count, including values just either side of a power of ten and
     * grid values halfway between two shorter ones.
     */
    @Test
    void decimalGridValuesMatchExactRounding() {
        Random r = new Random(2);
        for (int i = 0; i < 60_000; i++) {
            double d = switch (i % 3) {
                case 0 -> r.nextInt(1_000_000) / Math.pow(10, r.nextInt(12));
                case 1 -> Math.pow(10, r.nextInt(30) - 15) * (i % 2 == 0 ? 1 : 0.9999999);
                default -> (r.nextInt(2000) + 0.5) / Math.pow(10, r.nextInt(6));
            };
            for (int sig = 1; sig <= 15; sig += 1 + r.nextInt(3)) {
                int fmt = (1 << 14) | (3 << 12) | (1 << 10) | ((sig - 1) << 5);
                String want = cScientific(d, sig - 1);
                int e = want.indexOf('e');
                String ed = want.substring(e + 2);
                if (ed.length() > 2 && ed.startsWith("0")) want = want.substring(0, e + 2) + ed.substring(1);
                assertEquals(want, ClpsNumberText.formatted(d, fmt), "value " + d + " sig " + sig);
            }
        }
    }

    @Test
    void plainDecimalAndExponentStyles() {
        int sig4 = 3 << 5;
        assertEquals("2.500", ClpsNumberText.formatted(2.5, sig4));
        assertEquals("-0.0", ClpsNumberText.formatted(-0.0, 1 << 5));
        assertEquals("100.000", ClpsNumberText.formatted(100.0, 5 << 5));
        // 1E5: one digit, upper-case E, no exponent sign, one exponent digit.
        assertEquals("1E5", ClpsNumberText.formatted(1e5, (3 << 14)));
        // -2.5E+03: two digits, upper-case, plus sign, two digits.
        assertEquals("-2.5E+03", ClpsNumberText.formatted(-2500.0, (3 << 14) | (1 << 12) | (1 << 10) | (1 << 5)));
        // 1.5e-7: two digits, lower-case, minus sign, one digit.
        assertEquals("1.5e-7", ClpsNumberText.formatted(1.5e-7, (1 << 14) | (2 << 12) | (1 << 5)));
        assertEquals(null, ClpsNumberText.formatted(Double.NaN, 0));
    }

    @Test
    void fixedLikeCPercentF() {
        assertEquals("25.100000", ClpsNumberText.fixed6(25.1));
        assertEquals("0.000011", ClpsNumberText.fixed6(1.142e-05));
        assertEquals("-0.000000", ClpsNumberText.fixed6(-0.0));
        assertEquals("-0.000000", ClpsNumberText.fixed6(-1e-9));
        assertEquals("0.000000", ClpsNumberText.fixed6(1e-300));
    }

    @Test
    void encodedFloatsOfBothGenerations() {
        // 0.4.0+: "666.73" is digits 66673, num_digits 5, decimal_pos 2.
        long v2 = (66673L << 8) | ((5 - 1) << 4) | (2 - 1);
        assertEquals("666.73", encodedFloatV2(v2));
        assertEquals("-666.73", encodedFloatV2(v2 | Long.MIN_VALUE));
        long v1 = 66673L | ((long) (2 - 1) << 55) | ((long) (5 - 1) << 59);
        assertEquals("666.73", encodedFloatV1(v1));
        // "0.05": digits 5, num_digits 3, decimal_pos 2.
        assertEquals("0.05", encodedFloatV2((5L << 8) | (2 << 4) | 1));
    }

    @Test
    void encodedFloatsWrittenInPlaceMatchTheirText() {
        // cat writes encoded floats straight into its buffer: the same text, or the same refusal, for every field mix.
        java.util.Random r = new java.util.Random(22);
        ClpsJsonOut out = new ClpsJsonOut(16);
        for (int i = 0; i < 200_000; i++) {
            long v = switch (i % 3) {
                case 0 -> r.nextLong();
                case 1 -> (r.nextLong() & ~0xffL & 0x80ff_ffff_ffff_ffffL) | (r.nextInt(16) << 4) | r.nextInt(16);
                default -> ((long) r.nextInt(1_000_000) << 8) | (r.nextInt(16) << 4) | r.nextInt(16);
            };
            for (boolean old : new boolean[] {false, true}) {
                String want = old ? encodedFloatV1(v) : encodedFloatV2(v);
                out.reset();
                out.put((byte) 'x');
                boolean ok =
                        old ? ClpsNumberText.appendEncodedFloatV1(v, out) : ClpsNumberText.appendEncodedFloatV2(v, out);
                assertEquals(want != null, ok, "0x" + Long.toHexString(v));
                assertEquals(
                        want == null ? "x" : "x" + want, new String(out.buf, 0, out.len), "0x" + Long.toHexString(v));
            }
        }
    }

    // The text of an encoded float built the plain way: the oracle the in-place writer is checked against.

    /**
     * A float encoded inside a string: {@code digits} zero-padded to {@code numDigits}, the point
     * {@code decimalPos} places from the right. Returns null when the fields contradict each other.
     */
    private static String encodedFloat(boolean negative, long digits, int numDigits, int decimalPos) {
        if (decimalPos > numDigits || digits < 0) return null;
        String d = Long.toString(digits);
        if (d.length() > numDigits) {
            if (digits != 0) return null;
        }
        StringBuilder sb = new StringBuilder(numDigits + 2);
        if (negative) sb.append('-');
        sb.append("0".repeat(Math.max(0, numDigits - d.length()))).append(d.length() > numDigits ? "" : d);
        sb.insert(sb.length() - decimalPos, '.');
        return sb.toString();
    }

    /** 0.4.0+ layout: (decimal_pos-1) bits 0-3, (num_digits-1) bits 4-7, digits bits 8-61, sign bit 63. */
    private static String encodedFloatV2(long v) {
        int decimalPos = (int) (v & 0xf) + 1;
        int numDigits = (int) ((v >>> 4) & 0xf) + 1;
        long digits = (v >>> 8) & ((1L << 54) - 1);
        if (digits > 9_999_999_999_999_999L) return null;
        return encodedFloat(v < 0, digits, numDigits, decimalPos);
    }

    /** Before 0.4.0: digits bits 0-53, (decimal_pos-1) bits 55-58, (num_digits-1) bits 59-62, sign bit 63. */
    private static String encodedFloatV1(long v) {
        long digits = v & 0x003F_FFFF_FFFF_FFFFL;
        int decimalPos = (int) ((v >>> 55) & 0xf) + 1;
        int numDigits = (int) ((v >>> 59) & 0xf) + 1;
        return encodedFloat(v < 0, digits, numDigits, decimalPos);
    }

    /**
     * A query compares a FormattedFloat on its stored value where the text it writes cannot read back on the other
     * side of the literal (KqlPrefilter.FloatCheck): that text is a float, read back within the slack, for every
     * style, digit count and magnitude; the slack is unknown (-1) for zero and for plain decimals without a point.
     */
    @Test
    void aFormattedFloatReadsBackWithinItsSlack() {
        Random r = new Random(7);
        int known = 0;
        for (int i = 0; i < 200_000; i++) {
            double d = switch (i % 4) {
                case 0 -> r.nextDouble() * Math.pow(10, r.nextInt(60) - 30);
                case 1 -> Math.round(r.nextDouble() * 1e6) / 1e3;
                case 2 -> Double.longBitsToDouble(r.nextLong());
                default -> (r.nextInt(20000) - 10000) / 100.0 + (r.nextBoolean() ? 9.995 : 0);
            };
            if (Double.isNaN(d) || Double.isInfinite(d)) continue;
            int format = (r.nextInt(17) << 5) | (r.nextInt(4) << 14) | (r.nextInt(4) << 12) | (r.nextInt(4) << 10);
            double slack = ClpsNumberText.formattedSlack(d, format);
            String text = ClpsNumberText.formatted(d, format);
            if (slack < 0) continue;
            known++;
            assertTrue(text.indexOf('.') >= 0 || text.indexOf('e') >= 0 || text.indexOf('E') >= 0, text);
            double back = Double.parseDouble(text);
            assertTrue(
                    Math.abs(back - d) <= slack, d + " written " + text + " reads back " + back + ", slack " + slack);
        }
        assertTrue(known > 100_000, "values with a slack: " + known);
        assertEquals(-1, ClpsNumberText.formattedSlack(0.0, 5 << 5));
        assertEquals(-1, ClpsNumberText.formattedSlack(12345.0, 3 << 5), "12345 in 4 digits: no point");
        double slack = ClpsNumberText.formattedSlack(380.19, 4 << 5);
        assertTrue(slack > 0 && slack < 0.11, "380.19 in 5 digits reads back within 0.005: " + slack);
        assertEquals(-1, ClpsNumberText.formattedSlack(99999.5, 4 << 5), "rounds to 1.0000e5: no point");
    }
}
