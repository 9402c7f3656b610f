package dev.vitrine.app.ui.inspect;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The value under the hex cursor read every common way, as ImHex's data inspector does: integers
 * of 1, 2, 4 and 8 bytes, unsigned and signed, little- and big-endian; float and double; and a
 * time when the 4 or 8 bytes are seconds, milliseconds or nanoseconds since 1970. Works on the
 * bytes the view already has (negative = not loaded), so it never reads a file.
 */
public final class ByteInspector {
    /** One reading: its name ("u16 LE") and its value, or "…" when its bytes are not loaded or past the end. */
    public record Reading(String name, String value) {}

    private static final DateTimeFormatter TIME = DateTimeFormatter.ISO_INSTANT;

    private ByteInspector() {}

    /** Every reading of {@code bytes} (from the cursor on, at most 8). */
    public static List<Reading> read(int[] bytes) {
        List<Reading> out = new ArrayList<>();
        for (int width : new int[] {1, 2, 4, 8}) {
            String bits = String.valueOf(width * 8);
            if (width == 1) {
                Long v = value(bytes, 1, true);
                out.add(new Reading("u8", v == null ? "…" : String.valueOf(v)));
                out.add(new Reading("i8", v == null ? "…" : String.valueOf((byte) (long) v)));
                continue;
            }
            for (boolean le : new boolean[] {true, false}) {
                String end = le ? " LE" : " BE";
                Long v = value(bytes, width, le);
                out.add(new Reading("u" + bits + end, v == null ? "…" : unsigned(v, width)));
                out.add(new Reading("i" + bits + end, v == null ? "…" : String.valueOf(signed(v, width))));
            }
        }
        for (boolean le : new boolean[] {true, false}) {
            String end = le ? " LE" : " BE";
            Long f = value(bytes, 4, le);
            out.add(new Reading("float" + end, f == null ? "…" : String.valueOf(Float.intBitsToFloat((int) (long) f))));
            Long d = value(bytes, 8, le);
            out.add(new Reading("double" + end, d == null ? "…" : number(Double.longBitsToDouble(d))));
        }
        Long s32 = value(bytes, 4, true);
        out.add(new Reading("time u32 LE (s)", s32 == null ? "…" : time(s32, 1_000_000_000L)));
        Long v64 = value(bytes, 8, true);
        out.add(new Reading("time i64 LE (s)", v64 == null ? "…" : time(v64, 1_000_000_000L)));
        out.add(new Reading("time i64 LE (ms)", v64 == null ? "…" : time(v64, 1_000_000L)));
        out.add(new Reading("time i64 LE (ns)", v64 == null ? "…" : time(v64, 1L)));
        return out;
    }

    /** The first {@code width} bytes as an integer, or null when one is missing. */
    static Long value(int[] bytes, int width, boolean littleEndian) {
        if (bytes.length < width) return null;
        long v = 0;
        for (int i = 0; i < width; i++) {
            int b = bytes[littleEndian ? width - 1 - i : i];
            if (b < 0) return null;
            v = (v << 8) | b;
        }
        return v;
    }

    private static String unsigned(long v, int width) {
        return width == 8 ? Long.toUnsignedString(v) : String.valueOf(v);
    }

    private static long signed(long v, int width) {
        int shift = 64 - width * 8;
        return (v << shift) >> shift;
    }

    private static String number(double d) {
        return String.valueOf(d);
    }

    /** {@code v} units of {@code unitNs} nanoseconds since 1970 as a UTC time, or "—" when outside years 1970–2200. */
    private static String time(long v, long unitNs) {
        if (v < 0 || v > 7_258_118_400L * (1_000_000_000L / unitNs)) return "—";
        long seconds = v / (1_000_000_000L / unitNs);
        long nanos = (v % (1_000_000_000L / unitNs)) * unitNs;
        return TIME.format(Instant.ofEpochSecond(seconds, nanos));
    }
}
