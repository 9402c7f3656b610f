package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.LittleEndian;
import dev.vitrine.core.limits.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The decoded metadata section: u8 packet count, then {u8 type, u32 size, payload} packets.
 * Parsing never throws; what does not follow the format is kept in {@link #problems()} as
 * messages naming the decoded offset, and the packets before it stay usable.
 */
final class ClpsMetadata {
    /** One entry of ArchiveFileInfo: a files-section name and its offset from the section start. */
    record FileInfo(String name, long offset) {}

    /** One RangeIndex entry: records [start, end) and their properties. */
    record RangeEntry(long start, long end, Map<String, Object> fields) {}

    final int declaredCount;
    final List<ClpsPacket> packets = new ArrayList<>();
    final List<String> problems = new ArrayList<>();
    Map<String, Object> archiveInfo;
    List<FileInfo> files;
    ClpsTimestampDictionary timestamps;
    List<RangeEntry> rangeIndex;

    private ClpsMetadata(int declaredCount) {
        this.declaredCount = declaredCount;
    }

    static ClpsMetadata parse(byte[] section, Limits limits) {
        if (section.length == 0) {
            ClpsMetadata m = new ClpsMetadata(0);
            m.problems.add("at decoded offset 0: the metadata section is empty (no packet count)");
            return m;
        }
        ClpsCursor c = new ClpsCursor(section);
        ClpsMetadata m = new ClpsMetadata(section[0] & 0xff);
        c.pos = 1;
        for (int i = 0; i < m.declaredCount; i++) {
            int at = c.pos;
            if (c.remaining() < 5) {
                m.problems.add("at decoded offset " + at + ": packet " + i + " of " + m.declaredCount + " is cut off ("
                        + c.remaining() + " bytes left)");
                return m;
            }
            int type = section[c.pos] & 0xff;
            c.pos++;
            long size = LittleEndian.u32(section, c.pos);
            c.pos += 4;
            if (size > c.remaining()) {
                m.problems.add("at decoded offset " + at + ": packet " + i + " (" + typeName(type) + ") says " + size
                        + " bytes but only " + c.remaining() + " remain in the section; later packets are not trusted");
                return m;
            }
            byte[] payload = new byte[(int) size];
            System.arraycopy(section, c.pos, payload, 0, (int) size);
            c.pos += (int) size;
            Object value = null;
            String problem = null;
            try {
                value = m.decode(type, payload, limits);
            } catch (ClpsDecodeException e) {
                problem = "at decoded offset " + (at + 5 + e.decodedOffset()) + ": " + typeName(type) + " packet: "
                        + e.getMessage();
                m.problems.add(problem);
            }
            m.packets.add(new ClpsPacket(i, type, at, size, payload, value, problem));
        }
        if (c.remaining() > 0)
            m.problems.add("at decoded offset " + c.pos + ": " + c.remaining() + " bytes after the last packet");
        if (m.files == null)
            m.problems.add(
                    "at decoded offset 0: no readable ArchiveFileInfo packet: the files section cannot be placed");
        return m;
    }

    static String typeName(int type) {
        return new ClpsPacket(0, type, 0, 0, null, null, null).typeName();
    }

    @SuppressWarnings("unchecked")
    private Object decode(int type, byte[] p, Limits limits) throws ClpsDecodeException {
        switch (type) {
            case ClpsPacket.ARCHIVE_INFO -> {
                Object v = ClpsMsgpack.decode(p, limits.maxDepth(), limits.maxEntries());
                if (!(v instanceof Map<?, ?> map)) throw new ClpsDecodeException(0, "ArchiveInfo is not a msgpack map");
                if (!(map.get("num_segments") instanceof Long))
                    throw new ClpsDecodeException(0, "ArchiveInfo has no integer num_segments");
                if (archiveInfo == null) archiveInfo = (Map<String, Object>) map;
                return v;
            }
            case ClpsPacket.ARCHIVE_FILE_INFO -> {
                Object v = ClpsMsgpack.decode(p, limits.maxDepth(), limits.maxEntries());
                if (!(v instanceof Map<?, ?> map) || !(map.get("files") instanceof List<?> list)) {
                    throw new ClpsDecodeException(0, "ArchiveFileInfo is not a map with a \"files\" array");
                }
                List<FileInfo> out = new ArrayList<>();
                for (Object e : list) {
                    if (!(e instanceof Map<?, ?> f)
                            || !(f.get("n") instanceof String n)
                            || !(f.get("o") instanceof Long o)) {
                        throw new ClpsDecodeException(
                                0,
                                "ArchiveFileInfo entry " + out.size() + " lacks a string \"n\" and an integer \"o\"");
                    }
                    out.add(new FileInfo(n, o));
                }
                if (files == null) files = List.copyOf(out);
                return v;
            }
            case ClpsPacket.TIMESTAMP_DICTIONARY -> {
                ClpsTimestampDictionary d = ClpsTimestampDictionary.parse(p, limits.maxEntries());
                if (timestamps == null) timestamps = d;
                return d;
            }
            case ClpsPacket.RANGE_INDEX -> {
                Object v = ClpsMsgpack.decode(p, limits.maxDepth(), limits.maxEntries());
                if (!(v instanceof List<?> list)) throw new ClpsDecodeException(0, "RangeIndex is not a msgpack array");
                List<RangeEntry> out = new ArrayList<>();
                for (Object e : list) {
                    if (!(e instanceof Map<?, ?> f)
                            || !(f.get("s") instanceof Long s)
                            || !(f.get("e") instanceof Long en)) {
                        throw new ClpsDecodeException(
                                0, "RangeIndex entry " + out.size() + " lacks integer \"s\" and \"e\"");
                    }
                    Map<String, Object> props =
                            f.get("f") instanceof Map<?, ?> pm ? (Map<String, Object>) pm : Map.of();
                    out.add(new RangeEntry(s, en, props));
                }
                if (rangeIndex == null) rangeIndex = List.copyOf(out);
                return v;
            }
            default -> {
                return null; // unknown packet types are kept as raw bytes and skipped by size
            }
        }
    }
}
