package dev.vitrine.core.format.clps.kql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * clp-s's column resolution: walks a tree from the root's children while stepping through the
 * column's key tokens. A wildcard token takes any number of levels (zero included); a key with
 * an empty name is passed through without using a token (and as a leaf it ends any column that
 * has at most one token left); a column without wildcards that meets an array stops there and
 * searches inside the array with the remaining tokens. A node is a match when the tokens are used
 * up and its type is one of the wanted types; matched nodes are not descended.
 */
final class KqlResolver {
    /** A matched node; {@code arrayRest} is the index of the first token left for array search, or -1. */
    record Match<N>(N node, KqlType type, int arrayRest) {}

    private KqlResolver() {}

    static <N> List<Match<N>> resolve(KqlTree<N> tree, N root, KqlColumn column, int types) {
        List<Match<N>> out = new ArrayList<>();
        List<KqlColumn.Token> d = column.tokens();
        boolean resolvedDescriptor = !column.hasWildcard();
        tree.forEachChild(root, child -> {
            Set<Integer> start = new HashSet<>();
            start.add(0);
            if (!d.isEmpty() && d.getFirst().wildcard()) {
                start.add(1);
            }
            for (int state : start) {
                walk(tree, child, state, d, types, resolvedDescriptor, out, new HashSet<>());
            }
        });
        return dedupe(out);
    }

    private static <N> void walk(
            KqlTree<N> tree,
            N node,
            int state,
            List<KqlColumn.Token> d,
            int types,
            boolean resolvedDescriptor,
            List<Match<N>> out,
            Set<Integer> seenHere) {
        if (!seenHere.add(state)) {
            return;
        }
        int m = d.size();
        String key = tree.key(node);
        boolean emptyKey = key.isEmpty();
        boolean atEnd = state == m;
        int next = atEnd ? state : state + 1;
        boolean nextAtEnd = next == m;
        boolean wildcard = !atEnd && d.get(state).wildcard();
        boolean accepted =
                wildcard || emptyKey || (!atEnd && key.equals(d.get(state).name()));
        if (!accepted) {
            return;
        }
        KqlType type = tree.type(node);
        if (type == KqlType.ARRAY && resolvedDescriptor) {
            out.add(new Match<>(node, type, next));
            return;
        }
        if (nextAtEnd && type != null && (types & type.bit()) != 0) {
            out.add(new Match<>(node, type, -1));
            return;
        }
        if (!nextAtEnd && d.get(next).wildcard()) {
            walk(tree, node, next, d, types, resolvedDescriptor, out, seenHere);
        }
        tree.forEachChild(node, child -> {
            Set<Integer> seenChild = new HashSet<>();
            if (emptyKey) {
                walk(tree, child, state, d, types, resolvedDescriptor, out, seenChild);
            } else {
                walk(tree, child, next, d, types, resolvedDescriptor, out, seenChild);
                if (wildcard) {
                    walk(tree, child, state, d, types, resolvedDescriptor, out, seenChild);
                }
            }
        });
    }

    private static <N> List<Match<N>> dedupe(List<Match<N>> in) {
        if (in.size() < 2) {
            return in;
        }
        List<Match<N>> out = new ArrayList<>();
        for (Match<N> m : in) {
            boolean dup = false;
            for (Match<N> o : out) {
                if (o.node() == m.node() && o.arrayRest() == m.arrayRest()) {
                    dup = true;
                    break;
                }
            }
            if (!dup) {
                out.add(m);
            }
        }
        return out;
    }

    /** Every leaf below the root (objects are walked through, arrays are leaves). */
    static <N> void leaves(KqlTree<N> tree, N root, List<N> out) {
        tree.forEachChild(root, child -> {
            if (tree.type(child) == null) {
                leaves(tree, child, out);
            } else {
                out.add(child);
            }
        });
    }
}
