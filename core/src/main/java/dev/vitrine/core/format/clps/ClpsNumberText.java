package dev.vitrine.core.format.clps;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Number text as clp-s prints it: Float columns with C's %f, FormattedFloat through C's %.Ne
 * then reshaped by the stored format word, and floats encoded inside strings. The C formats
 * round the exact binary value half-to-even, which BigDecimal reproduces.
 */
final class ClpsNumberText {
    private ClpsNumberText() {}

    /** std::to_string(double): "%f". */
    static String fixed6(double d) {
        if (Double.isNaN(d)) return "nan";
        if (Double.isInfinite(d)) return d > 0 ? "inf" : "-inf";
        String s = new BigDecimal(d).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
        boolean neg = d < 0 || (d == 0 && 1 / d < 0);
        return neg && !s.startsWith("-") ? "-" + s : s;
    }

    /**
     * A FormattedFloat value with its 16-bit format word (clp-s FloatFormatEncoding): C's
     * %.{sig-1}e of the value, reshaped to plain decimal or to the stored exponent style. Null
     * for NaN and infinities, which JSON cannot hold.
     */
    static String formatted(double value, int format) {
        ClpsJsonOut out = new ClpsJsonOut(40);
        return appendFormatted(value, format, out)
                ? new String(out.buf, 0, out.len, java.nio.charset.StandardCharsets.US_ASCII)
                : null;
    }

    /**
     * {@link #formatted} written straight into {@code out}: one value per record of a FormattedFloat
     * column, so no text is built per value. False, with nothing written, for NaN and infinities.
     */
    static boolean appendFormatted(double value, int format, ClpsJsonOut out) {
        if (Double.isNaN(value) || Double.isInfinite(value)) return false;
        int sig = ((format >> 5) & 0x1f) + 1;
        boolean neg = value < 0 || (value == 0 && 1 / value < 0);
        byte[] d = out.digits;
        int exp = significantDigits(Math.abs(value), sig, d);
        out.ensure(sig + 48);
        if (neg) out.buf[out.len++] = '-';
        if ((format & (1 << 14)) == 0) {
            // scientific_to_decimal: the point goes exp+1 digits in.
            int pos = exp + 1;
            if (pos <= 0) {
                out.ensure(2 - pos);
                out.buf[out.len++] = '0';
                out.buf[out.len++] = '.';
                zeros(out, -pos);
                out.put(d, 0, sig);
            } else if (pos < sig) {
                out.put(d, 0, pos);
                out.buf[out.len++] = '.';
                out.put(d, pos, sig - pos);
            } else {
                out.put(d, 0, sig);
                zeros(out, pos - sig);
            }
            return true;
        }
        out.buf[out.len++] = d[0];
        if (sig > 1) {
            out.buf[out.len++] = '.';
            out.put(d, 1, sig - 1);
        }
        out.buf[out.len++] = (byte) (((format >> 14) & 3) == 3 ? 'E' : 'e');
        int signFlag = (format >> 12) & 3;
        // C prints a sign; the stored flag replaces it with + or -, or drops it (empty), as clp-s does.
        if (signFlag == 1) out.buf[out.len++] = '+';
        else if (signFlag == 2) out.buf[out.len++] = '-';
        else if (signFlag == 3) out.buf[out.len++] = (byte) (exp < 0 ? '-' : '+');
        int e = Math.abs(exp);
        // C prints at least two exponent digits; the stored count (1 to 4) keeps or drops its leading zeros.
        int want = ((format >> 10) & 3) + 1;
        int natural = e < 10 ? 1 : e < 100 ? 2 : 3;
        zeros(out, want - natural);
        out.decimal(e);
        return true;
    }

    /**
     * How far from {@code value} the text {@link #appendFormatted} writes for it with {@code format} may read back,
     * when that text surely holds a '.' or an exponent (a float to a JSON reader); -1 when not sure: zero, NaN,
     * infinities, plain decimals whose point may fall past their digits, exponents whose sign may not be the stored one. The text is {@code value} rounded to its
     * significant digits (half a unit of the last one), read back to the nearest double (an ulp or so); the decimal
     * exponent comes from the binary one and a table of powers of ten.
     */
    static double formattedSlack(double value, int format) {
        if (value == 0 || Double.isNaN(value) || Double.isInfinite(value)) return -1;
        int sig = ((format >> 5) & 0x1f) + 1;
        double a = Math.abs(value);
        int e = (int) Math.floor(Math.getExponent(a) * 0.30102999566398120); // log10(a) is e or e + 1
        if (a >= tenTo(e + 1)) e++;
        double ulps = 4 * Math.ulp(a);
        // At a power of ten (where the table's powers may be an ulp off) the exponent is not sure.
        if (a - tenTo(e) < ulps || tenTo(e + 1) - a < ulps) return -1;
        // Rounded to sig digits, a value just under the next power of ten becomes it: one more digit.
        int up = a >= tenTo(e + 1) * (1 - tenTo(-sig)) ? 1 : 0;
        if ((format & (1 << 14)) == 0) {
            if (e + 1 + up >= sig) return -1; // the point would fall past the digits
        } else {
            // The stored sign flag replaces the exponent's own sign: it must be the true one.
            int signFlag = (format >> 12) & 3;
            if ((signFlag == 0 || signFlag == 1) && e < 0) return -1;
            if (signFlag == 2 && e + up > 0) return -1;
        }
        // half a unit of the last digit (10^(e + up - sig + 1) / 2), twice over, and the read back to a double
        return tenTo(e - sig + 2) + ulps;
    }

    private static final double[] TEN_TO = new double[801];

    static {
        for (int k = 0; k < TEN_TO.length; k++) TEN_TO[k] = Math.pow(10, k - 400);
    }

    private static double tenTo(int k) {
        return k < -400 ? Double.MIN_VALUE : k > 400 ? Double.POSITIVE_INFINITY : TEN_TO[k + 400];
    }

    private static void zeros(ClpsJsonOut out, int n) {
        out.ensure(n);
        for (int i = 0; i < n; i++) out.buf[out.len++] = '0';
    }

    /**
     * The first {@code sig} significant digits of {@code x} (>= 0) rounded half-even from its
     * exact binary value, as ASCII into {@code into}; returns the decimal exponent. Up to 15
     * digits the shortest round-trip digits give the same answer (the value is closer to them
     * than half a step of the grid), so BigDecimal is needed only for 16 and 17.
     */
    static int significantDigits(double x, int sig, byte[] into) {
        if (x == 0) {
            java.util.Arrays.fill(into, 0, sig, (byte) '0');
            return 0;
        }
        if (sig <= 15) {
            int grid = onGrid(x, sig, into);
            if (grid != NOT_ON_GRID) return grid;
            String t = Double.toString(x); // d.ddd, or d.dddE±n
            int e = t.indexOf('E');
            int end = e < 0 ? t.length() : e;
            int e10 = e < 0 ? 0 : Integer.parseInt(t, e + 1, t.length(), 10);
            int dot = t.indexOf('.');
            int n = 0, lead = 0;
            boolean seen = false;
            int last = 0; // digits up to the last non-zero one
            for (int i = 0; i < end; i++) {
                char c = t.charAt(i);
                if (c == '.') continue;
                if (!seen && c == '0') {
                    lead++;
                    continue;
                }
                seen = true;
                if (n < into.length) into[n] = (byte) c;
                n++;
                if (c != '0') last = n;
            }
            if (last == 0) last = 1; // every digit a zero: cannot happen for x > 0, kept safe
            if (last <= sig && n <= into.length) {
                java.util.Arrays.fill(into, last, sig, (byte) '0');
                return e10 + dot - 1 - lead;
            }
        }
        BigDecimal r = new BigDecimal(x).round(new MathContext(sig, RoundingMode.HALF_EVEN));
        String u = r.unscaledValue().toString();
        for (int i = 0; i < sig; i++) into[i] = (byte) (i < u.length() ? u.charAt(i) : '0');
        return u.length() - 1 - r.scale();
    }

    private static final int NOT_ON_GRID = Integer.MIN_VALUE;

    /** 10^0 to 10^22: every one exact as a double. */
    private static final double[] POW10 = new double[23];

    static {
        POW10[0] = 1;
        for (int i = 1; i < POW10.length; i++) POW10[i] = POW10[i - 1] * 10;
    }

    /**
     * {@link #significantDigits} without building text, for the usual log value (a few decimal
     * places, {@code sig} <= 15): when a decimal m·10^-p of exactly {@code sig} digits rounds to
     * {@code x} (m / 10^p, both exact doubles, is correctly rounded), x lies within half an ulp of
     * it, and with at most 15 digits the grid's step is wider than an ulp, so m is x rounded to
     * {@code sig} digits. Writes m's digits and returns the exponent, else {@link #NOT_ON_GRID}.
     * Double.toString per value was a String to allocate and parse for every record.
     */
    private static int onGrid(double x, int sig, byte[] into) {
        int e10 = (int) Math.floor(Math.log10(x)); // may be one off near a power of ten: m's range says so
        int p = sig - 1 - e10;
        if (p < 0 || p >= POW10.length) return NOT_ON_GRID;
        long m = Math.round(x * POW10[p]);
        if (m < ClpsJsonOut.POW10[sig - 1] || m >= ClpsJsonOut.POW10[sig] || m / POW10[p] != x) return NOT_ON_GRID;
        for (int i = sig - 1; i >= 0; i--, m /= 10) into[i] = (byte) ('0' + m % 10);
        return e10;
    }

    /**
     * A float encoded inside a string, written into {@code out}: {@code digits} zero-padded to
     * {@code numDigits}, the point {@code decimalPos} places from the right. False, with nothing
     * written, when the fields contradict each other.
     */
    static boolean appendEncodedFloat(boolean negative, long digits, int numDigits, int decimalPos, ClpsJsonOut out) {
        if (decimalPos > numDigits || digits < 0) return false;
        int width = 1;
        for (long t = digits; t >= 10; t /= 10) width++;
        if (width > numDigits) return false;
        out.ensure(numDigits + 2);
        if (negative) out.buf[out.len++] = '-';
        int point = numDigits - decimalPos; // digits before the point
        byte[] b = out.buf;
        int at = out.len;
        for (int i = numDigits - 1; i >= 0; i--) {
            b[at + i + (i >= point ? 1 : 0)] = (byte) ('0' + digits % 10);
            digits /= 10;
        }
        b[at + point] = '.';
        out.len = at + numDigits + 1;
        return true;
    }

    /** 0.4.0+ layout: (decimal_pos-1) bits 0-3, (num_digits-1) bits 4-7, digits bits 8-61, sign bit 63. */
    static boolean appendEncodedFloatV2(long v, ClpsJsonOut out) {
        int decimalPos = (int) (v & 0xf) + 1;
        int numDigits = (int) ((v >>> 4) & 0xf) + 1;
        long digits = (v >>> 8) & ((1L << 54) - 1);
        if (digits > 9_999_999_999_999_999L) return false;
        return appendEncodedFloat(v < 0, digits, numDigits, decimalPos, out);
    }

    /** Before 0.4.0: digits bits 0-53, (decimal_pos-1) bits 55-58, (num_digits-1) bits 59-62, sign bit 63. */
    static boolean appendEncodedFloatV1(long v, ClpsJsonOut out) {
        long digits = v & 0x003F_FFFF_FFFF_FFFFL;
        int decimalPos = (int) ((v >>> 55) & 0xf) + 1;
        int numDigits = (int) ((v >>> 59) & 0xf) + 1;
        return appendEncodedFloat(v < 0, digits, numDigits, decimalPos, out);
    }

    static String unsigned(long v) {
        return v >= 0 ? Long.toString(v) : new BigInteger(Long.toUnsignedString(v)).toString();
    }
}
