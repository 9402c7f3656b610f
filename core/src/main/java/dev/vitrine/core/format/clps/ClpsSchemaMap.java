package dev.vitrine.core.format.clps;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * /schema_ids: per schema its entries. The first num_ordered are leaf node ids; the rest
 * describe structured arrays, where an entry with a non-zero top byte is a delimiter carrying
 * a node type (entry >>> 24) and the length of the span that follows (entry & 0xFFFFFF).
 */
final class ClpsSchemaMap {
    /** One schema; {@code offset} is where it starts in the decoded /schema_ids. */
    record Schema(int id, int[] entries, int numOrdered, int offset) {}

    final Map<Integer, Schema> schemas;

    private ClpsSchemaMap(Map<Integer, Schema> schemas) {
        this.schemas = schemas;
    }

    static boolean isDelimiter(int entry) {
        return (entry & 0xFF000000) != 0;
    }

    static int delimiterType(int entry) {
        return entry >>> 24;
    }

    static int delimiterLength(int entry) {
        return entry & 0x00FFFFFF;
    }

    static ClpsSchemaMap parse(byte[] b, ClpsSchemaTree tree, long maxEntries) throws ClpsDecodeException {
        ClpsCursor c = new ClpsCursor(b);
        int n = c.count("schema count", 12);
        if (n > maxEntries) throw new ClpsDecodeException(0, n + " schemas is over the limit");
        Map<Integer, Schema> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            int at = c.pos;
            int id = c.i32("schema id");
            long size = c.u32("schema size");
            long ordered = c.u32("schema num_ordered");
            if (size > c.remaining() / 4)
                throw new ClpsDecodeException(
                        at, "schema " + id + " claims " + size + " entries, more than the section holds");
            if (ordered > size)
                throw new ClpsDecodeException(at, "schema " + id + " has num_ordered " + ordered + " > size " + size);
            int[] e = new int[(int) size];
            for (int j = 0; j < size; j++) {
                int eat = c.pos;
                e[j] = c.i32("schema entry");
                boolean delim = j >= ordered && isDelimiter(e[j]);
                if (delim) {
                    if (delimiterLength(e[j]) > size - j - 1)
                        throw new ClpsDecodeException(
                                eat,
                                "schema " + id + ": structured span of " + delimiterLength(e[j])
                                        + " runs past the schema");
                } else if (tree != null && (e[j] < 0 || e[j] >= tree.size())) {
                    throw new ClpsDecodeException(
                            eat,
                            "schema " + id + " names node " + e[j] + ", not in the schema tree (" + tree.size()
                                    + " nodes)");
                }
            }
            if (out.put(id, new Schema(id, e, (int) ordered, at)) != null)
                throw new ClpsDecodeException(at, "schema id " + id + " appears twice");
        }
        if (c.remaining() != 0) throw new ClpsDecodeException(c.pos, c.remaining() + " bytes after the last schema");
        return new ClpsSchemaMap(out);
    }
}
