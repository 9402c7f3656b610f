package dev.vitrine.core.format.clps.kql;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Folds the checks of one AND that exclude values of the same column ({@code NOT k: 1 AND NOT k:
 * 2 AND ...}, as generated queries write hundreds of them) into one test of the value against a
 * sorted set, so a record costs one lookup instead of one comparison (and, for floats, one
 * parse) per term. Each fold answers exactly what the conjunction of its checks answers.
 */
final class KqlCheckSets {
    private KqlCheckSets() {}

    /** {@code checks} with every group of two or more excluding checks on one column replaced by its set test. */
    static List<KqlPrefilter.Check> fold(List<KqlPrefilter.Check> checks) {
        Map<Integer, List<Long>> ints = new LinkedHashMap<>();
        Map<Integer, List<Double>> floats = new LinkedHashMap<>();
        for (KqlPrefilter.Check c : checks) {
            if (c instanceof KqlPrefilter.IntegerCheck i && excludes(i))
                ints.computeIfAbsent(i.column(), k -> new ArrayList<>()).add(i.operand());
            else if (c instanceof KqlPrefilter.FloatCheck f && excludes(f))
                floats.computeIfAbsent(f.column(), k -> new ArrayList<>())
                        .add(f.leaf().literal().asFloat(KqlOp.EQ));
        }
        ints.values().removeIf(v -> v.size() < 2);
        floats.values().removeIf(v -> v.size() < 2);
        if (ints.isEmpty() && floats.isEmpty()) return checks;
        List<KqlPrefilter.Check> out = new ArrayList<>();
        for (KqlPrefilter.Check c : checks) {
            if (c instanceof KqlPrefilter.IntegerCheck i && excludes(i) && ints.containsKey(i.column())) continue;
            if (c instanceof KqlPrefilter.FloatCheck f && excludes(f) && floats.containsKey(f.column())) continue;
            out.add(c);
        }
        ints.forEach((column, values) -> out.add(new IntegerNotIn(
                column,
                values.stream().mapToLong(Long::longValue).sorted().distinct().toArray())));
        floats.forEach((column, values) -> out.add(new FloatNotIn(
                column,
                values.stream()
                        .filter(d -> d != null && !d.isNaN()) // a literal that is no float excludes nothing
                        .mapToDouble(d -> d + 0.0) // -0.0 == 0.0 for the matcher: one key for both
                        .sorted()
                        .distinct()
                        .toArray())));
        return out;
    }

    /** Whether an integer check holds exactly when the column's value differs from its operand. */
    private static boolean excludes(KqlPrefilter.IntegerCheck i) {
        return (i.op() == KqlOp.EQ && i.inverted()) || (i.op() == KqlOp.NEQ && !i.inverted());
    }

    /** Whether a float check is a {@code NOT k: literal} that can hold for float values. */
    private static boolean excludes(KqlPrefilter.FloatCheck f) {
        KqlLeaf l = f.leaf();
        return l.op() == KqlOp.EQ && l.inverted() && l.literal() != null && (l.types() & KqlType.FLOAT.bit()) != 0;
    }

    /** The conjunction of {@code value != v} for every v of a sorted set. */
    record IntegerNotIn(int column, long[] values) implements KqlPrefilter.Check {
        @Override
        public int judge(KqlPrefilter.Row row) {
            return Arrays.binarySearch(values, row.value(column)) >= 0 ? KqlPrefilter.NO : KqlPrefilter.YES;
        }
    }

    /** The conjunction of the float checks {@code NOT k: v}: the value's text read once, looked up once. */
    record FloatNotIn(int column, double[] values) implements KqlPrefilter.Check {
        @Override
        public int judge(KqlPrefilter.Row row) {
            Double v = KqlPrefilter.FloatCheck.floatOf(row.valueText(column));
            if (v == null) return KqlPrefilter.MAYBE;
            return !v.isNaN() && Arrays.binarySearch(values, v + 0.0) >= 0 ? KqlPrefilter.NO : KqlPrefilter.YES;
        }
    }
}
