package dev.vitrine.core.format.clps;

import java.nio.charset.StandardCharsets;

/**
 * /schema_tree, the merged parse tree: per node a parent (-1 for roots), a key and a type.
 * Parsing checks what decoding relies on: parents are valid ids without cycles and types are
 * known, so walking up from any node ends at a root.
 */
final class ClpsSchemaTree {
    final int[] parent;
    final byte[][] key;
    final int[] type;
    final int[] depth;
    /** Where each node's record starts in the decoded /schema_tree (for the hex view). */
    final int[] offset;
    /** Record-content root ("" Object), log-order root ("" Metadata); -1 when absent. */
    final int objectRoot;

    final int metadataRoot;

    private ClpsSchemaTree(int[] parent, byte[][] key, int[] type, int[] offset) throws ClpsDecodeException {
        this.offset = offset;
        this.parent = parent;
        this.key = key;
        this.type = type;
        int n = parent.length;
        depth = new int[n];
        int obj = -1, meta = -1;
        for (int i = 0; i < n; i++) {
            if (parent[i] < -1 || parent[i] >= n || parent[i] == i) {
                throw new ClpsDecodeException(
                        -1, "schema tree node " + i + " has parent " + parent[i] + ", not a node of the tree");
            }
            if (!ClpsNodeType.known(type[i]))
                throw new ClpsDecodeException(-1, "schema tree node " + i + " has unknown type " + type[i]);
            if (parent[i] == -1 && key[i].length == 0) {
                if (type[i] == ClpsNodeType.OBJECT && obj < 0) obj = i;
                if (type[i] == ClpsNodeType.METADATA && meta < 0) meta = i;
            }
        }
        // Depths in one pass over each chain (memoised), refusing cycles: a node met again
        // while its own chain is still open is on a loop.
        java.util.Arrays.fill(depth, -1);
        int[] chain = new int[Math.min(n, 1024)];
        for (int i = 0; i < n; i++) {
            int len = 0;
            int p = i;
            while (p >= 0 && depth[p] == -1) {
                if (len == chain.length) chain = java.util.Arrays.copyOf(chain, Math.min(n + 1, chain.length * 2));
                depth[p] = -2; // open
                chain[len++] = p;
                p = parent[p];
            }
            if (p >= 0 && depth[p] == -2)
                throw new ClpsDecodeException(-1, "schema tree node " + p + " is on a parent cycle");
            int d = p < 0 ? -1 : depth[p];
            for (int k = len - 1; k >= 0; k--) depth[chain[k]] = ++d;
        }
        objectRoot = obj;
        metadataRoot = meta;
    }

    static ClpsSchemaTree parse(byte[] b, long maxEntries) throws ClpsDecodeException {
        ClpsCursor c = new ClpsCursor(b);
        int n = c.count("schema tree node count", 4 + 8 + 1);
        if (n > maxEntries) throw new ClpsDecodeException(0, "schema tree of " + n + " nodes is over the limit");
        int[] parent = new int[n];
        byte[][] key = new byte[n][];
        int[] type = new int[n];
        int[] offset = new int[n];
        for (int i = 0; i < n; i++) {
            offset[i] = c.pos;
            parent[i] = c.i32("schema tree parent");
            int kl = c.count("schema tree key length", 1);
            key[i] = c.bytes(kl, "schema tree key");
            type[i] = c.u8("schema tree node type");
        }
        if (c.remaining() != 0)
            throw new ClpsDecodeException(c.pos, c.remaining() + " bytes after the last schema tree node");
        return new ClpsSchemaTree(parent, key, type, offset);
    }

    int size() {
        return parent.length;
    }

    String keyText(int id) {
        return new String(key[id], StandardCharsets.UTF_8);
    }

    /** Walks up from {@code node} towards (not including) {@code stopAt}; the last node of {@code wanted} type met. */
    int outermostOfType(int stopAt, int node, int wanted) {
        int match = -1;
        int steps = 0;
        while (node != stopAt && node >= 0 && steps++ <= size()) {
            if (type[node] == wanted) match = node;
            node = parent[node];
        }
        return match;
    }
}
