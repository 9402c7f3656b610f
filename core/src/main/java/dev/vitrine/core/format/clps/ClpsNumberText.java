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
        if (Double.isNaN(value) || Double.isInfinite(value)) return null;
        int sig = ((format >> 5) & 0x1f) + 1;
        boolean neg = value < 0 || (value == 0 && 1 / value < 0);
        int[] exp = new int[1];
        String digits = significantDigits(Math.abs(value), sig, exp);
        StringBuilder s = new StringBuilder(sig + 8);
        if (neg) s.append('-');
        if ((format & (1 << 14)) == 0) {
            // scientific_to_decimal: the point goes exp+1 digits in.
            int pos = exp[0] + 1;
            if (pos <= 0) s.append("0.").append("0".repeat(-pos)).append(digits);
            else if (pos < digits.length()) s.append(digits, 0, pos).append('.').append(digits, pos, digits.length());
            else s.append(digits).append("0".repeat(pos - digits.length()));
            return s.toString();
        }
        s.append(digits.charAt(0));
        if (sig > 1) s.append('.').append(digits, 1, digits.length());
        s.append(((format >> 14) & 3) == 3 ? 'E' : 'e');
        int signFlag = (format >> 12) & 3;
        int e = exp[0];
        // C prints a sign; the stored flag replaces it with + or -, or drops it (empty), as clp-s does.
        if (signFlag == 1) s.append('+');
        else if (signFlag == 2) s.append('-');
        else if (signFlag == 3) s.append(e < 0 ? '-' : '+');
        String ed = Integer.toString(Math.abs(e));
        if (ed.length() < 2) ed = "0" + ed;
        int want = ((format >> 10) & 3) + 1;
        if (want < ed.length()) {
            int z = 0;
            while (z < ed.length() - want && ed.charAt(z) == '0') z++;
            ed = ed.substring(z);
        } else {
            ed = "0".repeat(want - ed.length()) + ed;
        }
        return s.append(ed).toString();
    }

    /**
     * The first {@code sig} significant digits of {@code x} (>= 0) rounded half-even from its
     * exact binary value, and its decimal exponent. Up to 15 digits the shortest round-trip
     * digits give the same answer (the value is closer to them than half a step of the grid),
     * so BigDecimal is needed only for 16 and 17.
     */
    static String significantDigits(double x, int sig, int[] exp) {
        if (x == 0) {
            exp[0] = 0;
            return "0".repeat(sig);
        }
        if (sig <= 15) {
            String t = Double.toString(x);
            int e = t.indexOf('E');
            int e10 = e < 0 ? 0 : Integer.parseInt(t.substring(e + 1));
            String m = e < 0 ? t : t.substring(0, e);
            int dot = m.indexOf('.');
            String all = m.substring(0, dot) + m.substring(dot + 1);
            int lead = 0;
            while (lead < all.length() - 1 && all.charAt(lead) == '0') lead++;
            String d = all.substring(lead);
            int end = d.length();
            while (end > 1 && d.charAt(end - 1) == '0') end--;
            d = d.substring(0, end);
            if (d.length() <= sig) {
                exp[0] = e10 + dot - 1 - lead;
                return d + "0".repeat(sig - d.length());
            }
        }
        BigDecimal r = new BigDecimal(x).round(new MathContext(sig, RoundingMode.HALF_EVEN));
        String u = r.unscaledValue().toString();
        exp[0] = u.length() - 1 - r.scale();
        return u.length() >= sig ? u.substring(0, sig) : u + "0".repeat(sig - u.length());
    }

    /**
     * A float encoded inside a string: {@code digits} zero-padded to {@code numDigits}, the point
     * {@code decimalPos} places from the right. Returns null when the fields contradict each other.
     */
    static String encodedFloat(boolean negative, long digits, int numDigits, int decimalPos) {
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

    /**
     * {@link #encodedFloat} written straight into {@code out} (no text per value); false, with
     * nothing written, where that returns null.
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

    static boolean appendEncodedFloatV2(long v, ClpsJsonOut out) {
        int decimalPos = (int) (v & 0xf) + 1;
        int numDigits = (int) ((v >>> 4) & 0xf) + 1;
        long digits = (v >>> 8) & ((1L << 54) - 1);
        if (digits > 9_999_999_999_999_999L) return false;
        return appendEncodedFloat(v < 0, digits, numDigits, decimalPos, out);
    }

    static boolean appendEncodedFloatV1(long v, ClpsJsonOut out) {
        long digits = v & 0x003F_FFFF_FFFF_FFFFL;
        int decimalPos = (int) ((v >>> 55) & 0xf) + 1;
        int numDigits = (int) ((v >>> 59) & 0xf) + 1;
        return appendEncodedFloat(v < 0, digits, numDigits, decimalPos, out);
    }

    /** 0.4.0+ layout: (decimal_pos-1) bits 0-3, (num_digits-1) bits 4-7, digits bits 8-61, sign bit 63. */
    static String encodedFloatV2(long v) {
        int decimalPos = (int) (v & 0xf) + 1;
        int numDigits = (int) ((v >>> 4) & 0xf) + 1;
        long digits = (v >>> 8) & ((1L << 54) - 1);
        if (digits > 9_999_999_999_999_999L) return null;
        return encodedFloat(v < 0, digits, numDigits, decimalPos);
    }

    /** Before 0.4.0: digits bits 0-53, (decimal_pos-1) bits 55-58, (num_digits-1) bits 59-62, sign bit 63. */
    static String encodedFloatV1(long v) {
        long digits = v & 0x003F_FFFF_FFFF_FFFFL;
        int decimalPos = (int) ((v >>> 55) & 0xf) + 1;
        int numDigits = (int) ((v >>> 59) & 0xf) + 1;
        return encodedFloat(v < 0, digits, numDigits, decimalPos);
    }

    static String unsigned(long v) {
        return v >= 0 ? Long.toString(v) : new BigInteger(Long.toUnsignedString(v)).toString();
    }
}
