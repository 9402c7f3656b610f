package dev.vitrine.core.format.clps.kql;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.format.clps.kql.KqlRecordTree.Node;
import java.util.ArrayList;
import java.util.List;

/**
 * Evaluates a planned query on one record. In each AND every filter must find its column in the
 * record with one of the filter's types, or the AND is false (even for a negated filter), as
 * clp-s only searches the records whose schema holds all the columns of an AND.
 */
final class KqlEvaluator {
    private final List<List<KqlLeaf>> plan;
    private final KqlContext ctx;
    private final KqlRecordTree tree;
    private final boolean archiveExcluded;

    KqlEvaluator(List<List<KqlLeaf>> plan, KqlContext ctx) {
        // The index is judged before clp-s lowers timestamp literals to milliseconds for old archives.
        this.archiveExcluded = KqlTimestampIndex.excludesArchive(plan, ctx.timestampIndex());
        this.plan = ctx.millisecondTimestamps() ? atMilliseconds(plan) : plan;
        this.ctx = ctx;
        this.tree = new KqlRecordTree(ctx.timestampKey());
    }

    private static List<List<KqlLeaf>> atMilliseconds(List<List<KqlLeaf>> plan) {
        return plan.stream()
                .map(c -> c.stream()
                        .map(l -> l.literal() == null
                                ? l
                                : new KqlLeaf(
                                        l.column(),
                                        l.op(),
                                        l.literal().atMillisecondPrecision(),
                                        l.inverted(),
                                        l.types()))
                        .toList())
                .toList();
    }

    boolean matches(JsonNode record) {
        if (plan.isEmpty() || archiveExcluded) {
            return false;
        }
        Node root = tree.root(record);
        RecordState state = new RecordState(root);
        for (List<KqlLeaf> conjunct : plan) {
            boolean all = true;
            for (KqlLeaf leaf : conjunct) {
                if (!leaf(leaf, state)) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /** Per-record lazily computed facts. */
    private final class RecordState {
        final Node root;
        List<Node> leaves;
        int leafTypes = -1;
        KqlArchiveFacts facts;

        RecordState(Node root) {
            this.root = root;
        }

        List<Node> leaves() {
            if (leaves == null) {
                leaves = new ArrayList<>();
                KqlResolver.leaves(tree, root, leaves);
                int t = 0;
                for (Node n : leaves) {
                    t |= tree.type(n).bit();
                }
                leafTypes = t;
            }
            return leaves;
        }

        int leafTypes() {
            leaves();
            return leafTypes;
        }

        boolean archiveResolves(KqlColumn column, int types) {
            return facts().resolves(column, types);
        }

        KqlArchiveFacts facts() {
            if (ctx.archive() != null) {
                return ctx.archive();
            }
            if (facts == null) {
                facts = new KqlArchiveFacts(ctx.timestampKey()).add(root.value());
            }
            return facts;
        }
    }

    private boolean leaf(KqlLeaf leaf, RecordState st) {
        KqlColumn col = leaf.column();
        if (col.namespace().equals(KqlColumn.RANGE_INDEX_NAMESPACE)) {
            return rangeIndexLeaf(leaf);
        }
        if (!col.namespace().isEmpty()) {
            return false;
        }
        if (col.isPureWildcard()) {
            return wildcardLeaf(leaf, st);
        }
        if (col.hasWildcard()) {
            return wildcardPathLeaf(leaf, st);
        }
        List<KqlResolver.Match<Node>> found = resolve(st.root, col, leaf.types());
        return switch (leaf.op()) {
            case NEXISTS -> found.isEmpty() && st.archiveResolves(col, leaf.types());
            case EXISTS -> exists(leaf, col, found);
            default -> anyCompares(leaf, col, found);
        };
    }

    /**
     * clp-s reads one column per key path in a record (the first of its schema); more than one
     * only happens through keys with an empty name, and the first in the record is taken here.
     */
    private boolean anyCompares(KqlLeaf leaf, KqlColumn col, List<KqlResolver.Match<Node>> found) {
        return !found.isEmpty() && compare(leaf, col, found.getFirst()) != leaf.inverted();
    }

    /**
     * A column with wildcards (not just {@code *}): clp-s turns the filter into an OR of the same
     * filter on each archive column the wildcards resolve to, and resolves each of those again.
     */
    private boolean wildcardPathLeaf(KqlLeaf leaf, RecordState st) {
        List<KqlArchiveFacts.Resolved> columns = st.facts().resolveWildcard(leaf.column(), leaf.types());
        for (KqlArchiveFacts.Resolved r : columns) {
            List<KqlResolver.Match<Node>> found =
                    resolve(st.root, r.column(), r.type().bit());
            boolean holds = switch (leaf.op()) {
                case NEXISTS -> found.isEmpty();
                case EXISTS -> exists(leaf, r.column(), found);
                default -> anyCompares(leaf, r.column(), found);
            };
            if (holds) {
                return true;
            }
        }
        return false;
    }

    private List<KqlResolver.Match<Node>> resolve(Node root, KqlColumn col, int types) {
        if (!col.hasWildcard()) {
            List<KqlResolver.Match<Node>> fast = resolvePlainPath(root, col, types);
            if (fast != null) {
                return fast;
            }
        }
        return KqlResolver.resolve(tree, root, col, types);
    }

    /**
     * {@link KqlResolver#resolve} for a column without wildcards, by key look-ups; null when a key
     * with an empty name is on the way (those take part in clp-s's resolution: use the full walk).
     */
    private List<KqlResolver.Match<Node>> resolvePlainPath(Node root, KqlColumn col, int types) {
        JsonNode cur = root.value();
        if (!cur.isObject() || cur.has("")) {
            return null;
        }
        List<KqlColumn.Token> d = col.tokens();
        List<String> ts = ctx.timestampKey();
        int tsDepth = root.tsDepth();
        for (int i = 0; i < d.size(); i++) {
            String k = d.get(i).name();
            JsonNode child = cur.get(k);
            if (child == null) {
                return List.of();
            }
            tsDepth = tsDepth >= 0 && tsDepth < ts.size() && ts.get(tsDepth).equals(k) ? tsDepth + 1 : -1;
            Node node = new Node(k, child, tsDepth);
            KqlType t = tree.type(node);
            if (t == KqlType.ARRAY) {
                return List.of(new KqlResolver.Match<>(node, t, i + 1));
            }
            if (t != null) {
                return i == d.size() - 1 && (types & t.bit()) != 0
                        ? List.of(new KqlResolver.Match<>(node, t, -1))
                        : List.of();
            }
            if (child.has("")) {
                return null;
            }
            cur = child;
        }
        return List.of();
    }

    private boolean exists(KqlLeaf leaf, KqlColumn col, List<KqlResolver.Match<Node>> found) {
        for (KqlResolver.Match<Node> m : found) {
            if (m.arrayRest() < 0 || m.arrayRest() >= col.tokens().size()) {
                return true;
            }
            KqlArraySearch s = new KqlArraySearch(
                    leaf, col.tokens().subList(m.arrayRest(), col.tokens().size()));
            if (s.array(m.node().value(), 0)) {
                return true;
            }
        }
        return false;
    }

    private boolean compare(KqlLeaf leaf, KqlColumn col, KqlResolver.Match<Node> m) {
        JsonNode v = m.node().value();
        KqlOp op = leaf.op();
        KqlLiteral lit = leaf.literal();
        return switch (m.type()) {
            case ARRAY -> {
                List<KqlColumn.Token> d = col.tokens();
                int rest = m.arrayRest() < 0 ? d.size() : m.arrayRest();
                yield new KqlArraySearch(leaf, d.subList(rest, d.size())).array(v, 0);
            }
            default -> scalar(op, lit, m.type(), v);
        };
    }

    /** A filter on one scalar column value (clp-s's evaluate_*_filter). */
    private boolean scalar(KqlOp op, KqlLiteral lit, KqlType type, JsonNode v) {
        if (op.isExistence()) {
            return true;
        }
        return switch (type) {
            case INTEGER -> KqlCompare.intCompares(op, lit, KqlRecordTree.longOf(v));
            case FLOAT -> KqlCompare.floatCompares(op, lit, v.doubleValue());
            case CLP_STRING -> KqlCompare.clpStringCompares(op, lit, v.asText());
            case VAR_STRING -> KqlCompare.varStringCompares(op, lit, v.asText());
            case BOOLEAN -> KqlCompare.boolCompares(op, lit, v.booleanValue());
            case TIMESTAMP ->
                lit.canInt(op)
                        && ctx.timestampValue() != null
                        && KqlCompare.intCompares(op, lit, ctx.timestampValue().applyAsLong(v));
            default -> false;
        };
    }

    /** {@code *: value}: any scalar or array in the record (clp-s's evaluate_wildcard_filter). */
    private boolean wildcardLeaf(KqlLeaf leaf, RecordState st) {
        KqlOp op = leaf.op();
        if (op.isExistence()) {
            // clp-s treats both EXISTS and NEXISTS on "*" as true once any column could match.
            return st.archiveResolves(leaf.column(), leaf.types());
        }
        int types = leaf.types() & st.leafTypes();
        boolean any = false;
        for (Node n : st.leaves()) {
            KqlType t = tree.type(n);
            if ((types & t.bit()) == 0) {
                continue;
            }
            boolean r = t == KqlType.ARRAY
                    ? new KqlWildcardArraySearch(op, leaf.literal(), (types & KqlType.FLOAT.bit()) != 0)
                            .array(n.value())
                    : scalar(op, leaf.literal(), t, n.value());
            if (r) {
                any = true;
                break;
            }
        }
        return any != leaf.inverted();
    }

    private boolean rangeIndexLeaf(KqlLeaf leaf) {
        JsonNode fields = ctx.rangeFields();
        if (fields == null || !fields.isObject()) {
            return false;
        }
        KqlRecordTree plain = new KqlRecordTree(null);
        KqlColumn col = new KqlColumn("", leaf.column().tokens());
        // clp-s lets a filter that can match either kind of string look at any string field, as
        // the kind the field's text has; so the "or it is the other kind of string" existence
        // test its rewriting adds to a negated filter holds for every string field.
        int strings = KqlType.mask(KqlType.CLP_STRING, KqlType.VAR_STRING);
        int types = (leaf.types() & strings) != 0 ? leaf.types() | strings : leaf.types();
        List<KqlResolver.Match<Node>> found = KqlResolver.resolve(plain, plain.root(fields), col, types);
        for (KqlResolver.Match<Node> m : found) {
            if (m.type() == KqlType.ARRAY) {
                continue;
            }
            boolean holds = leaf.op() == KqlOp.NEXISTS
                    ? false
                    : scalar(leaf.op(), leaf.literal(), m.type(), m.node().value());
            if (holds != leaf.inverted()) {
                return true;
            }
        }
        return false;
    }
}
