package dev.vitrine.core.format.clps.kql;

import java.util.ArrayList;
import java.util.List;

/**
 * Rewrites a parsed query the way clp-s does before it looks at any data: NOT is pushed down to
 * the filters, the query becomes an OR of ANDs, each filter keeps only the column types its value
 * can match (a column of another type counts as missing, which makes its AND false even under
 * NOT), and {@code *} and {@code null} values turn into existence checks.
 */
final class KqlPlan {
    /** More conjunctions than this is refused rather than expanded. */
    static final int MAX_CONJUNCTS = 100_000;

    private KqlPlan() {}

    /** The OR of these ANDs is the query; an empty list never matches. */
    static List<List<KqlLeaf>> plan(KqlExpr expr) {
        List<List<KqlLeaf>> dnf = dnf(expr, false);
        dnf = narrow(dnf);
        return convertToExists(dnf);
    }

    private static List<List<KqlLeaf>> dnf(KqlExpr e, boolean negate) {
        // instanceof, not a switch on the type: see KqlExpr.children
        if (e instanceof KqlExpr.Not n) return dnf(n.operand(), !negate);
        if (e instanceof KqlExpr.Filter f)
            return List.of(List.of(new KqlLeaf(f.column(), f.op(), f.literal(), f.inverted() != negate, KqlType.ALL)));
        // An empty value list, "k: ()", never matches, negated or not (clp-s finds no schema for it).
        List<KqlExpr> parts = KqlExpr.children(e);
        if (parts.isEmpty()) return List.of();
        boolean all = e instanceof KqlExpr.And;
        return all != negate ? and(parts, negate) : or(parts, negate);
    }

    private static List<List<KqlLeaf>> or(List<KqlExpr> parts, boolean negate) {
        List<List<KqlLeaf>> out = new ArrayList<>();
        for (KqlExpr p : parts) {
            out.addAll(dnf(p, negate));
        }
        return out;
    }

    private static List<List<KqlLeaf>> and(List<KqlExpr> parts, boolean negate) {
        List<List<KqlLeaf>> acc = List.of(List.of());
        for (KqlExpr p : parts) {
            acc = cross(acc, dnf(p, negate));
        }
        return acc;
    }

    private static List<List<KqlLeaf>> cross(List<List<KqlLeaf>> a, List<List<KqlLeaf>> b) {
        if ((long) a.size() * b.size() > MAX_CONJUNCTS) {
            throw new KqlSyntaxException(0, "query too complex (more than " + MAX_CONJUNCTS + " alternatives)");
        }
        List<List<KqlLeaf>> out = new ArrayList<>(a.size() * b.size());
        for (List<KqlLeaf> x : a) {
            for (List<KqlLeaf> y : b) {
                List<KqlLeaf> c = new ArrayList<>(x);
                c.addAll(y);
                out.add(c);
            }
        }
        return out;
    }

    /** A conjunct whose leaves are alternatives (an OR) or plain leaves, expanded to DNF. */
    private static List<List<KqlLeaf>> expand(List<List<List<KqlLeaf>>> conjunct) {
        List<List<KqlLeaf>> acc = List.of(List.of());
        for (List<List<KqlLeaf>> alternatives : conjunct) {
            acc = cross(acc, alternatives);
        }
        return acc;
    }

    private static List<List<KqlLeaf>> narrow(List<List<KqlLeaf>> dnf) {
        List<List<KqlLeaf>> out = new ArrayList<>();
        for (List<KqlLeaf> conjunct : dnf) {
            List<List<List<KqlLeaf>>> parts = new ArrayList<>();
            List<KqlLeaf> existsAdded = new ArrayList<>();
            boolean empty = false;
            for (KqlLeaf leaf : conjunct) {
                List<List<KqlLeaf>> alt = narrow(leaf, existsAdded);
                if (alt.isEmpty()) {
                    empty = true;
                    break;
                }
                parts.add(alt);
            }
            if (!empty) {
                out.addAll(expand(parts));
            }
        }
        return out;
    }

    /**
     * One filter's alternatives after type narrowing: none when no column type is left; two when a
     * negated string filter lost one of the two string kinds (clp-s then adds "or the column is a
     * string of the other kind", once per AND for the same column).
     */
    private static List<List<KqlLeaf>> narrow(KqlLeaf leaf, List<KqlLeaf> existsAdded) {
        KqlLiteral lit = leaf.literal();
        KqlOp op = leaf.op();
        int types = lit.narrow(op, leaf.types());
        if (types == 0) {
            return List.of();
        }
        KqlLeaf narrowed = leaf.withTypes(types);
        boolean lostClp = !lit.isAny(op) && lit.asClpString(op) == null;
        boolean lostVar = !lit.isAny(op) && lit.asVarString(op) == null;
        boolean negatedEq = (leaf.inverted() && op == KqlOp.EQ) || (!leaf.inverted() && op == KqlOp.NEQ);
        boolean hadBoth =
                (leaf.types() & KqlType.CLP_STRING.bit()) != 0 && (leaf.types() & KqlType.VAR_STRING.bit()) != 0;
        if (negatedEq && hadBoth && lostClp != lostVar) {
            KqlType other = lostClp ? KqlType.CLP_STRING : KqlType.VAR_STRING;
            KqlLeaf exists = KqlLeaf.exists(leaf.column(), true, other.bit());
            if (!existsAdded.contains(exists)) {
                existsAdded.add(exists);
                return List.of(List.of(narrowed), List.of(exists));
            }
        }
        return List.of(List.of(narrowed));
    }

    private static List<List<KqlLeaf>> convertToExists(List<List<KqlLeaf>> dnf) {
        List<List<KqlLeaf>> out = new ArrayList<>();
        for (List<KqlLeaf> conjunct : dnf) {
            List<List<List<KqlLeaf>>> parts = new ArrayList<>();
            boolean empty = false;
            for (KqlLeaf leaf : conjunct) {
                List<List<KqlLeaf>> alt = convert(leaf);
                if (alt.isEmpty()) {
                    empty = true;
                    break;
                }
                parts.add(alt);
            }
            if (!empty) {
                out.addAll(expand(parts));
            }
        }
        return out;
    }

    private static List<List<KqlLeaf>> convert(KqlLeaf leaf) {
        KqlOp op = leaf.op();
        KqlLiteral lit = leaf.literal();
        if (op.isExistence()) {
            return List.of(List.of(leaf));
        }
        boolean exists = leaf.inverted() ? op == KqlOp.NEQ : op == KqlOp.EQ;
        if (lit.isAny(op)) {
            return List.of(List.of(KqlLeaf.exists(leaf.column(), exists, leaf.types())));
        }
        if (!lit.asNull(op)) {
            return List.of(List.of(leaf));
        }
        int types = leaf.types();
        if (exists) {
            List<List<KqlLeaf>> alt = new ArrayList<>();
            int nullTypes = types & KqlType.NULL.bit();
            if (nullTypes != 0) {
                alt.add(List.of(KqlLeaf.exists(leaf.column(), true, nullTypes)));
            }
            int other = types & KqlType.mask(KqlType.ARRAY, KqlType.CLP_STRING, KqlType.VAR_STRING);
            if (other != 0) {
                alt.add(List.of(leaf.withTypes(other)));
            }
            return alt;
        }
        int nonNull =
                (types & KqlType.NULL.bit()) != 0 ? KqlType.ALL & ~KqlType.NULL.bit() : types & ~KqlType.NULL.bit();
        return nonNull == 0 ? List.of() : List.of(List.of(KqlLeaf.exists(leaf.column(), true, nonNull)));
    }
}
