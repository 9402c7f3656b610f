package dev.vitrine.core.model;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Capability of archives that store records against a merged tree of keys (clp-s's schema
 * tree): every key node with its type, the schemas (sets of leaf nodes) with their record
 * counts, and the stored size of each node's column. Calls may read the file: never on a UI thread.
 */
public interface SchemaTree {

    /** Every node, in id order; {@code parent} is -1 for roots. */
    List<KeyNode> keyNodes() throws IOException;

    /** The schemas, each with the leaf nodes it holds and how many records use it. */
    List<Schema> schemas() throws IOException;

    /**
     * Bytes stored for each node's column, summed over the tables (may decode every table, so
     * call it after the tree is drawn). Nodes without a column are absent.
     */
    Map<Integer, Long> columnBytes() throws IOException;

    /**
     * One key: id, parent id, key text, type name, whether it belongs to record content (false for
     * bookkeeping subtrees such as clp-s's log-order metadata), and how many records hold it or a key below it.
     */
    record KeyNode(int id, int parent, String key, String type, boolean content, long records) {}

    record Schema(int id, List<Integer> nodes, long records, int tables) {}
}
