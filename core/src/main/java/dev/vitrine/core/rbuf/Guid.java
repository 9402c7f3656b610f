package dev.vitrine.core.rbuf;

import java.util.Locale;
import java.util.UUID;

/**
 * An rbuf guid. On the wire: 16 bytes as two 8-byte halves, each byte-reversed relative to the
 * usual text order, i.e. the UUID's most and least significant longs, each little-endian.
 * Text (D1): lower-case 8-4-4-4-12 with hyphens; file names under manifests/ and splits/ are it.
 */
public record Guid(long msb, long lsb) implements Comparable<Guid> {
    public static final Guid ZERO = new Guid(0, 0);

    /** D1: the one text form of a guid. */
    @Override
    public String toString() {
        return new UUID(msb, lsb).toString().toLowerCase(Locale.ROOT);
    }

    /** Parses the D1 text form (case-insensitive); throws IllegalArgumentException otherwise. */
    public static Guid parse(String text) {
        if (text == null
                || text.length() != 36
                || text.charAt(8) != '-'
                || text.charAt(13) != '-'
                || text.charAt(18) != '-'
                || text.charAt(23) != '-') {
            throw new IllegalArgumentException("not a guid: " + text);
        }
        for (int i = 0; i < 36; i++) {
            char c = text.charAt(i);
            if (i == 8 || i == 13 || i == 18 || i == 23) continue;
            if (Character.digit(c, 16) < 0) throw new IllegalArgumentException("not a guid: " + text);
        }
        UUID u = UUID.fromString(text);
        return new Guid(u.getMostSignificantBits(), u.getLeastSignificantBits());
    }

    /** True when {@code text} is a guid in D1 form (lower case). */
    public static boolean isGuidText(String text) {
        try {
            return parse(text).toString().equals(text);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A deterministic guid derived from a name (UUID v3), for writers that must be reproducible. */
    public static Guid fromName(String name) {
        UUID u = UUID.nameUUIDFromBytes(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return new Guid(u.getMostSignificantBits(), u.getLeastSignificantBits());
    }

    @Override
    public int compareTo(Guid o) {
        int c = Long.compareUnsigned(msb, o.msb);
        return c != 0 ? c : Long.compareUnsigned(lsb, o.lsb);
    }
}
