package dev.vitrine.core.format.zss;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/** The entries of an index block payload; fails like the reference on a malformed one. */
final class IndexPayload {
    private IndexPayload() {}

    /**
     * All entries. With {@code partial} non-null, the entries parsed before a failure are
     * added to it before the exception is thrown (verify uses what was readable).
     */
    static List<IndexEntry> parse(MemorySegment payload, long maxEntries, List<IndexEntry> partial)
            throws PayloadException {
        List<IndexEntry> out = partial != null ? partial : new ArrayList<>();
        RecordCursor c = new RecordCursor(payload);
        while (c.next()) {
            long entryStart = c.prefixStart();
            MemorySegment key = c.item();
            long off = c.nextUleb();
            long len = c.nextUleb();
            if (out.size() >= maxEntries) {
                throw new PayloadException(entryStart, "index block has more than " + maxEntries + " entries (limit)");
            }
            out.add(new IndexEntry(key, off, len, entryStart, c.position()));
        }
        if (out.isEmpty()) throw new PayloadException(0, "empty block");
        return out;
    }
}
