package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.PacketStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The metadata section's packets as the window's packets view sees them (everything from opening: no reads). */
final class ClpsPacketStream implements PacketStream {
    private final ClpsArchive a;
    private List<Packet> packets;

    ClpsPacketStream(ClpsArchive a) {
        this.a = a;
    }

    @Override
    public String sectionName() {
        return "metadata section";
    }

    @Override
    public long sectionLength() {
        return a.metadataBytes == null ? -1 : a.metadataBytes.length;
    }

    @Override
    public synchronized List<Packet> packets() {
        if (packets != null) return packets;
        List<Packet> out = new ArrayList<>();
        if (a.metadata != null && a.header != null) {
            for (ClpsPacket p : a.metadata.packets) {
                Object value = p.value();
                List<ValueTable> tables = new ArrayList<>();
                if (value instanceof ClpsTimestampDictionary d) {
                    value = timestampTree(d);
                    tables.add(ranges(d));
                    List<List<String>> pats = new ArrayList<>();
                    d.patterns().forEach((id, pat) -> pats.add(List.of(String.valueOf(id), pat)));
                    tables.add(new ValueTable("patterns", List.of("id", "pattern"), pats));
                } else if (p.type() == ClpsPacket.RANGE_INDEX && value instanceof List<?> l) {
                    tables.add(rangeIndex(l));
                } else if (p.type() == ClpsPacket.ARCHIVE_FILE_INFO && a.metadata.files != null) {
                    List<List<String>> rows = new ArrayList<>();
                    for (ClpsMetadata.FileInfo f : a.metadata.files)
                        rows.add(List.of(f.name(), String.valueOf(f.offset())));
                    tables.add(new ValueTable("files", List.of("n (name)", "o (offset in files section)"), rows));
                }
                ByteRange frame = ByteRange.of(ClpsHeader.SIZE, a.header.metadataSectionSize());
                ClpsDecoded dec = new ClpsDecoded(
                        frame, "metadata section, decoded", p.offset(), 5 + p.size(), () -> a.metadataBytes.clone());
                out.add(new Packet(
                        p.index(),
                        p.typeName(),
                        p.offset(),
                        5 + p.size(),
                        value,
                        List.copyOf(tables),
                        dec,
                        List.of(1, p.index()),
                        p.problem()));
            }
        }
        return packets = List.copyOf(out);
    }

    private static Object timestampTree(ClpsTimestampDictionary d) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> rs = new ArrayList<>();
        for (ClpsTimestampDictionary.Range r : d.ranges()) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("key", r.key());
            List<Object> ids = new ArrayList<>();
            for (int id : r.columnIds()) ids.add((long) id);
            e.put("column_ids", ids);
            e.put("encoding", r.encoding());
            e.put("start", r.start());
            e.put("end", r.end());
            rs.add(e);
        }
        m.put("ranges", rs);
        Map<String, Object> ps = new LinkedHashMap<>();
        d.patterns().forEach((id, p) -> ps.put(String.valueOf(id), p));
        m.put("patterns", ps);
        return m;
    }

    private static ValueTable ranges(ClpsTimestampDictionary d) {
        List<List<String>> rows = new ArrayList<>();
        for (ClpsTimestampDictionary.Range r : d.ranges()) {
            rows.add(List.of(
                    r.key(),
                    java.util.Arrays.toString(r.columnIds()),
                    r.encoding() == 2 ? "2 (double epoch)" : r.encoding() + " (epoch)",
                    String.valueOf(r.start()),
                    String.valueOf(r.end())));
        }
        return new ValueTable("timestamp ranges", List.of("key", "column ids", "encoding", "start", "end"), rows);
    }

    private static ValueTable rangeIndex(List<?> l) {
        Set<String> keys = new LinkedHashSet<>();
        for (Object e : l) {
            if (e instanceof Map<?, ?> m && m.get("f") instanceof Map<?, ?> f)
                for (Object k : f.keySet()) keys.add(String.valueOf(k));
        }
        List<String> cols = new ArrayList<>(List.of("s (first record)", "e (end)"));
        cols.addAll(keys);
        List<List<String>> rows = new ArrayList<>();
        for (Object e : l) {
            if (!(e instanceof Map<?, ?> m)) continue;
            List<String> row = new ArrayList<>();
            row.add(String.valueOf(m.get("s")));
            row.add(String.valueOf(m.get("e")));
            Map<?, ?> f = m.get("f") instanceof Map<?, ?> ff ? ff : Map.of();
            for (String k : keys) row.add(f.containsKey(k) ? String.valueOf(ClpsRawText.shown(f.get(k))) : "");
            rows.add(row);
        }
        return new ValueTable("files", cols, rows);
    }
}
