package dev.vitrine.core.format.clps;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * `vitrine info --json` for clp-s: header fields under the spec's names, every packet (type,
 * name, offset of the packet and of its payload and the payload's size within the decoded
 * metadata section, value), every files-section entry, the timestamp ranges (epoch values as
 * stored, and as UTC text), and counts of records, schemas, tables, dictionary entries and
 * timestamp ranges.
 */
final class ClpsInfo {
    private ClpsInfo() {}

    static ObjectNode of(ClpsArchive a) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode o = f.objectNode();
        o.put("format", "clps");
        o.put("file_size", a.source().size());
        ClpsHeader h = a.header;
        if (h != null) {
            ObjectNode hd = o.putObject("header");
            hd.put("magic_number", String.format("%02X%02X%02X%02X", a.magic[0], a.magic[1], a.magic[2], a.magic[3]));
            hd.put("version", h.version().toString());
            hd.put("version_known", h.version().known());
            hd.put("patch_version", h.version().patch());
            hd.put("minor_version", h.version().minor());
            hd.put("major_version", h.version().major());
            hd.put("original_uncompressed_size", Long.toUnsignedString(h.originalUncompressedSize()));
            hd.put("compressed_archive_size", Long.toUnsignedString(h.compressedArchiveSize()));
            ArrayNode pad = hd.putArray("reserved_padding1");
            for (long p : h.reservedPadding1()) pad.add(Long.toUnsignedString(p));
            hd.put("metadata_section_size", h.metadataSectionSize());
            hd.put("compression_type", h.compressionType());
            hd.put("reserved_padding2", h.reservedPadding2());
        }
        if (a.metadata != null) {
            ObjectNode m = o.putObject("metadata");
            m.put("decompressed_size", a.metadataBytes.length);
            m.put("num_packets", a.metadata.declaredCount);
            ArrayNode ps = m.putArray("packets");
            for (ClpsPacket p : a.metadata.packets) {
                ObjectNode po = ps.addObject();
                po.put("type", p.type());
                po.put("name", p.typeName());
                po.put("offset", p.offset());
                po.put("payload_offset", p.payloadOffset());
                po.put("size", p.size());
                if (p.problem() != null) po.put("problem", p.problem());
                if (p.value() instanceof ClpsTimestampDictionary d) {
                    ObjectNode v = po.putObject("value");
                    ArrayNode rs = v.putArray("ranges");
                    for (ClpsTimestampDictionary.Range r : d.ranges()) {
                        ObjectNode ro = rs.addObject();
                        ro.put("key", r.key());
                        ArrayNode ids = ro.putArray("column_ids");
                        for (int id : r.columnIds()) ids.add(id);
                        ro.put("encoding", r.encoding());
                        ro.set("epoch_start", ClpsMsgpack.toJson(r.start()));
                        ro.set("epoch_end", ClpsMsgpack.toJson(r.end()));
                    }
                    ArrayNode pats = v.putArray("patterns");
                    d.patterns()
                            .forEach((id, pat) -> pats.addObject().put("id", id).put("pattern", pat));
                } else if (p.value() != null) {
                    po.set("value", ClpsMsgpack.toJson(p.value()));
                }
            }
        }
        ArrayNode trs = o.putArray("timestamp_ranges");
        if (a.metadata != null && a.metadata.timestamps != null) {
            for (ClpsTimestampDictionary.Range r : a.metadata.timestamps.ranges()) {
                ObjectNode ro = trs.addObject();
                ro.put("key", r.key());
                ro.set("start", ClpsMsgpack.toJson(r.start()));
                ro.set("end", ClpsMsgpack.toJson(r.end()));
                ro.put("unit", r.encoding() == 2 ? "epoch seconds" : "epoch milliseconds");
                ro.put("start_utc", utc(r.encoding(), r.startBits()));
                ro.put("end_utc", utc(r.encoding(), r.endBits()));
            }
        }
        ArrayNode fs = o.putArray("files");
        for (ClpsFileEntry e : a.files)
            fs.addObject()
                    .put("name", e.name())
                    .put("offset", e.relativeOffset())
                    .put("file_offset", e.offset())
                    .put("size", e.size());
        ObjectNode c = o.putObject("counts");
        ClpsTableMetadata tm = a.tableMetadata().value();
        c.put("records", tm == null ? null : tm.recordCount());
        c.put("tables", tm == null ? null : (long) tm.tables.size());
        c.put("streams", tm == null ? null : (long) tm.streams.size());
        ClpsSchemaMap sm = a.schemaMap().value();
        c.put("schemas", sm == null ? null : (long) sm.schemas.size());
        ClpsSchemaTree st = a.schemaTree().value();
        c.put("schema_tree_nodes", st == null ? null : (long) st.size());
        for (String d : new String[] {ClpsArchive.VAR_DICT, ClpsArchive.LOG_DICT, ClpsArchive.ARRAY_DICT}) {
            Long n = a.dictionaryCount(d);
            c.put(d.substring(1) + "_entries", n);
        }
        c.put(
                "timestamp_ranges",
                a.metadata == null || a.metadata.timestamps == null
                        ? 0
                        : a.metadata.timestamps.ranges().size());
        c.put(
                "range_index_entries",
                a.metadata == null || a.metadata.rangeIndex == null ? 0 : a.metadata.rangeIndex.size());
        o.put("problems_at_open", a.openProblems().size());
        return o;
    }

    /** A range bound as ISO 8601 UTC text, or null when it is out of what an Instant holds. */
    private static String utc(long encoding, long bits) {
        try {
            if (encoding == 2) {
                double s = Double.longBitsToDouble(bits);
                if (!Double.isFinite(s)) return null;
                long whole = (long) Math.floor(s);
                return java.time.Instant.ofEpochSecond(whole, Math.round((s - whole) * 1e9) % 1_000_000_000L)
                        .toString();
            }
            return java.time.Instant.ofEpochMilli(bits).toString();
        } catch (java.time.DateTimeException | ArithmeticException e) {
            return null;
        }
    }
}
