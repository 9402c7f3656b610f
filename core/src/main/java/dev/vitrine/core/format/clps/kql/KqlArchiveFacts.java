package dev.vitrine.core.format.clps.kql;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What an archive holds as a whole (its schema tree: every key path with each type it was seen
 * with). A few clp-s answers depend on it rather than on the record alone: {@code NOT k: *}
 * matches nothing when no record of the archive has {@code k}, and {@code *: *} or the null part
 * of {@code *: null} match every record as soon as any record has a value of the right type.
 * Build it from the records ({@link #add}) or from a reader's schema tree ({@link #addLeaf}).
 */
public final class KqlArchiveFacts {
    static final class Node {
        final String key;
        final KqlType type;
        final Node parent;
        final Map<String, Node> children = new LinkedHashMap<>();

        Node(String key, KqlType type, Node parent) {
            this.key = key;
            this.type = type;
            this.parent = parent;
        }

        Node child(String key, KqlType type) {
            return children.computeIfAbsent(
                    key + '\u0000' + (type == null ? "obj" : type.name()), k -> new Node(key, type, this));
        }

        /** The keys from the root to this node. */
        List<String> path() {
            List<String> p = new ArrayList<>();
            for (Node n = this; n.parent != null; n = n.parent) {
                p.add(n.key);
            }
            return p.reversed();
        }
    }

    static final KqlTree<Node> TREE = new KqlTree<>() {
        @Override
        public String key(Node node) {
            return node.key;
        }

        @Override
        public KqlType type(Node node) {
            return node.type;
        }

        @Override
        public void forEachChild(Node node, Consumer<Node> action) {
            node.children.values().forEach(action);
        }
    };

    final Node root = new Node("", null, null);
    private final KqlRecordTree records;
    private int leafTypes;

    /** @param timestampKey the archive's timestamp column (key path), or null */
    public KqlArchiveFacts(List<String> timestampKey) {
        this.records = new KqlRecordTree(timestampKey);
    }

    /** Adds every key path of one record. */
    public KqlArchiveFacts add(JsonNode record) {
        addBelow(root, records.root(record));
        return this;
    }

    private void addBelow(Node into, KqlRecordTree.Node node) {
        records.forEachChild(node, child -> {
            KqlType t = records.type(child);
            Node n = into.child(child.key(), t);
            if (t == null) {
                addBelow(n, child);
            } else {
                leafTypes |= t.bit();
            }
        });
    }

    /** Adds one column of a schema tree: the keys from the root, the last one holding {@code type}. */
    public KqlArchiveFacts addLeaf(List<String> keys, KqlType type) {
        Objects.requireNonNull(type);
        Node n = root;
        for (int i = 0; i < keys.size(); i++) {
            n = n.child(keys.get(i), i == keys.size() - 1 ? type : null);
        }
        leafTypes |= type.bit();
        return this;
    }

    boolean resolves(KqlColumn column, int types) {
        if (column.isPureWildcard()) {
            return (leafTypes & types) != 0;
        }
        return !KqlResolver.resolve(TREE, root, column, types).isEmpty();
    }

    /**
     * The archive's columns a column with wildcards resolves to, each as a column without
     * wildcards (its literal key path) and its one type: clp-s rewrites such a filter into an OR
     * over these, and resolves them again against each record (where an array on the path is then
     * searched into, as for any column without wildcards).
     */
    List<Resolved> resolveWildcard(KqlColumn column, int types) {
        List<Resolved> out = new ArrayList<>();
        for (KqlResolver.Match<Node> m : KqlResolver.resolve(TREE, root, column, types)) {
            List<KqlColumn.Token> tokens = m.node().path().stream()
                    .map(k -> new KqlColumn.Token(k, false))
                    .toList();
            out.add(new Resolved(new KqlColumn(column.namespace(), tokens), m.type()));
        }
        return out;
    }

    record Resolved(KqlColumn column, KqlType type) {}

    /** Key paths seen (for debugging). */
    List<String> paths() {
        List<String> out = new ArrayList<>();
        collect(root, "", out);
        return out;
    }

    private static void collect(Node n, String prefix, List<String> out) {
        for (Node c : n.children.values()) {
            String p = prefix.isEmpty() ? c.key : prefix + "." + c.key;
            if (c.type != null) {
                out.add(p + ":" + c.type);
            }
            collect(c, p, out);
        }
    }
}
