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

    /** C's "%.{precision}e", e.g. 1.50e+03. */
    static String scientific(double d, int precision, boolean upper) {
        boolean neg = d < 0 || (d == 0 && 1 / d < 0);
        StringBuilder sb = new StringBuilder(precision + 8);
        if (neg) sb.append('-');
        String digits;
        int exp;
        if (d == 0) {
            digits = "0".repeat(precision + 1);
            exp = 0;
        } else if (Double.isNaN(d) || Double.isInfinite(d)) {
            return (neg ? "-" : "") + (Double.isNaN(d) ? "nan" : "inf");
        } else {
            BigDecimal r = new BigDecimal(Math.abs(d)).round(new MathContext(precision + 1, RoundingMode.HALF_EVEN));
            String u = r.unscaledValue().toString();
            exp = u.length() - 1 - r.scale();
            digits = u.length() >= precision + 1 ? u.substring(0, precision + 1) : u + "0".repeat(precision + 1 - u.length());
        }
        sb.append(digits.charAt(0));
        if (precision > 0) sb.append('.').append(digits, 1, digits.length());
        sb.append(upper ? 'E' : 'e').append(exp < 0 ? '-' : '+');
        int a = Math.abs(exp);
        if (a < 10) sb.append('0');
        sb.append(a);
        return sb.toString();
    }

    /** A FormattedFloat value with its 16-bit format word (clp-s FloatFormatEncoding); null for NaN and infinities, which JSON cannot hold. */
    static String formatted(double value, int format) {
        if (Double.isNaN(value) || Double.isInfinite(value)) return null;
        int sig = ((format >> 5) & 0x1f) + 1;
        boolean sci = (format & (1 << 14)) != 0;
        if (!sci) return scientificToDecimal(scientific(value, sig - 1, false));
        boolean upper = ((format >> 14) & 3) == 3;
        StringBuilder s = new StringBuilder(scientific(value, sig - 1, upper));
        int e = Math.max(s.indexOf("e"), s.indexOf("E"));
        int expDigits = ((format >> 10) & 3) + 1;
        int signFlag = (format >> 12) & 3;
        char maybeSign = s.charAt(e + 1);
        int digitsStart;
        if (signFlag == 0) {
            if (maybeSign == '+' || maybeSign == '-') s.deleteCharAt(e + 1);
            digitsStart = e + 1;
        } else {
            char want = signFlag == 1 ? '+' : '-';
            if (Character.isDigit(maybeSign)) s.insert(e + 1, want);
            else s.setCharAt(e + 1, want);
            digitsStart = e + 2;
        }
        int have = s.length() - digitsStart;
        if (expDigits < have) {
            // Trim leading zeros down to the stored digit count, never a significant digit.
            int limit = expDigits > s.length() ? 0 : s.length() - expDigits;
            int z = 0;
            for (int i = digitsStart; i < limit && s.charAt(i) == '0'; i++) z++;
            s.delete(digitsStart, digitsStart + z);
        } else {
            s.insert(digitsStart, "0".repeat(expDigits - have));
        }
        return s.toString();
    }

    private static String scientificToDecimal(String sci) {
        boolean neg = !Character.isDigit(sci.charAt(0));
        String s = neg ? sci.substring(1) : sci;
        int e = Math.max(s.indexOf('e'), s.indexOf('E'));
        String mantissa = s.substring(0, e);
        int exponent = Integer.parseInt(s.substring(e + 1).replace("+", ""));
        int dot = mantissa.indexOf('.');
        String digits = dot < 0 ? mantissa : mantissa.substring(0, dot) + mantissa.substring(dot + 1);
        int decimalPos = dot < 0 ? exponent + 1 : dot + exponent;
        StringBuilder r = new StringBuilder(digits.length() + 8);
        if (neg) r.append('-');
        if (decimalPos <= 0) r.append("0.").append("0".repeat(-decimalPos)).append(digits);
        else if (decimalPos < digits.length()) r.append(digits, 0, decimalPos).append('.').append(digits, decimalPos, digits.length());
        else r.append(digits).append("0".repeat(decimalPos - digits.length()));
        return r.toString();
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
