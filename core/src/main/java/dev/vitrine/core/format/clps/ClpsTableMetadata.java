package dev.vitrine.core.format.clps;

import java.util.ArrayList;
import java.util.List;

/**
 * /table_metadata: the packed streams of /0 (offset in /0, decoded size) and the tables in them
 * (stream, offset in the decoded stream, schema, record count). A table ends where the next
 * table of the same stream begins, or at the stream's end.
 */
final class ClpsTableMetadata {
    record Stream(int index, long offset, long size) {}

    record Table(int index, int stream, long offset, long length, int schemaId, long records) {}

    final List<Stream> streams;
    final List<Table> tables;
    final long separateColumns;

    private ClpsTableMetadata(List<Stream> streams, List<Table> tables, long separateColumns) {
        this.streams = streams;
        this.tables = tables;
        this.separateColumns = separateColumns;
    }

    static ClpsTableMetadata parse(byte[] b, long maxEntries) throws ClpsDecodeException {
        ClpsCursor c = new ClpsCursor(b);
        int ns = c.count("stream count", 16);
        if (ns > maxEntries) throw new ClpsDecodeException(0, ns + " streams is over the limit");
        List<Stream> streams = new ArrayList<>(ns);
        for (int i = 0; i < ns; i++) {
            int at = c.pos;
            long off = c.i64("stream offset");
            long size = c.i64("stream size");
            if (off < 0 || size < 0)
                throw new ClpsDecodeException(at, "stream " + i + " has a negative offset or size");
            streams.add(new Stream(i, off, size));
        }
        long sep = c.i64("separate column count");
        if (sep != 0)
            throw new ClpsDecodeException(c.pos - 8, "separate column count " + sep + " (this reader knows only 0)");
        int nt = c.count("table count", 28);
        if (nt > maxEntries) throw new ClpsDecodeException(c.pos, nt + " tables is over the limit");
        long[] sid = new long[nt], off = new long[nt], n = new long[nt];
        int[] schema = new int[nt];
        for (int i = 0; i < nt; i++) {
            int at = c.pos;
            sid[i] = c.i64("table stream id");
            off[i] = c.i64("table offset");
            schema[i] = c.i32("table schema id");
            n[i] = c.i64("table record count");
            if (sid[i] < 0 || sid[i] >= ns)
                throw new ClpsDecodeException(
                        at, "table " + i + " is in stream " + Long.toUnsignedString(sid[i]) + " of " + ns);
            Stream s = streams.get((int) sid[i]);
            if (off[i] < 0 || off[i] > s.size())
                throw new ClpsDecodeException(
                        at + 8,
                        "table " + i + " starts at " + off[i] + ", outside its stream of " + s.size() + " bytes");
            if (n[i] < 0) throw new ClpsDecodeException(at + 20, "table " + i + " has a negative record count");
        }
        if (c.remaining() != 0) throw new ClpsDecodeException(c.pos, c.remaining() + " bytes after the last table");
        List<Table> tables = new ArrayList<>(nt);
        for (int i = 0; i < nt; i++) {
            long end = endOf(sid, off, i, streams.get((int) sid[i]).size());
            tables.add(new Table(i, (int) sid[i], off[i], end - off[i], schema[i], n[i]));
        }
        return new ClpsTableMetadata(List.copyOf(streams), List.copyOf(tables), sep);
    }

    /** Tables of a stream are written in offset order; the next one of the same stream ends this one. */
    private static long endOf(long[] sid, long[] off, int i, long streamEnd) {
        for (int j = i + 1; j < sid.length; j++)
            if (sid[j] == sid[i]) return Math.max(off[i], Math.min(off[j], streamEnd));
        return streamEnd;
    }

    long recordCount() {
        long n = 0;
        for (Table t : tables) n += t.records();
        return n;
    }
}
