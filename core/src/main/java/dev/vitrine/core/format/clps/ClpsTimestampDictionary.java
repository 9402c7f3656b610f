package dev.vitrine.core.format.clps;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The TimestampDictionary packet: value ranges per timestamp key, and the timestamp patterns by id. */
record ClpsTimestampDictionary(List<Range> ranges, Map<Long, String> patterns) {

    /** One timestamp key's range; {@code encoding} 1 = epoch integers, 2 = doubles. */
    record Range(String key, int[] columnIds, long encoding, long startBits, long endBits) {
        Object start() {
            return encoding == 2 ? (Object) Double.longBitsToDouble(startBits) : (Object) startBits;
        }

        Object end() {
            return encoding == 2 ? (Object) Double.longBitsToDouble(endBits) : (Object) endBits;
        }
    }

    static ClpsTimestampDictionary parse(byte[] b, long maxEntries) throws ClpsDecodeException {
        ClpsCursor c = new ClpsCursor(b);
        int n = c.count("timestamp range count", 8 + 8 + 8 + 16);
        if (n > maxEntries) throw new ClpsDecodeException(0, "too many timestamp ranges: " + n);
        List<Range> ranges = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int kl = c.count("timestamp key length", 1);
            String key = c.string(kl, "timestamp key");
            int ids = c.count("timestamp column id count", 4);
            int[] col = new int[ids];
            for (int j = 0; j < ids; j++) col[j] = c.i32("timestamp column id");
            int at = c.pos;
            long enc = c.i64("timestamp encoding");
            if (enc != 1 && enc != 2)
                throw new ClpsDecodeException(
                        at, "timestamp encoding " + enc + " is neither 1 (epoch) nor 2 (double epoch)");
            ranges.add(new Range(key, col, enc, c.i64("timestamp range start"), c.i64("timestamp range end")));
        }
        int np = c.count("timestamp pattern count", 16);
        Map<Long, String> patterns = new LinkedHashMap<>();
        for (int i = 0; i < np; i++) {
            long id = c.i64("timestamp pattern id");
            int pl = c.count("timestamp pattern length", 1);
            patterns.put(id, c.string(pl, "timestamp pattern"));
        }
        if (c.remaining() != 0)
            throw new ClpsDecodeException(c.pos, c.remaining() + " bytes after the timestamp patterns");
        return new ClpsTimestampDictionary(List.copyOf(ranges), patterns);
    }
}
