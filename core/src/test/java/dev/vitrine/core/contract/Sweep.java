package dev.vitrine.core.contract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;

/**
 * A set of changes to a fixture's file and what the format must say about them. Every change
 * must be survived (no exception, every problem inside its file); a {@link Expect#REPORTED}
 * change must also be reported (at the fixture's {@link ContractFixture#reportedAs()}); a
 * {@link Expect#SAFE} change need not be (a flip inside text no checksum covers reads as other
 * valid text), but more than {@link #minReported} of them must be, and each one that is not
 * reported passes {@link #unreported}.
 */
public record Sweep(String name, List<Change> changes, Expect expect, double minReported, Unreported unreported) {

    public enum Expect {
        REPORTED,
        SAFE
    }

    /** One changed copy of the file. */
    public record Change(String what, byte[] bytes) {}

    /** Extra checks on a SAFE change that went unreported (it may only have changed text). */
    @FunctionalInterface
    public interface Unreported {
        void check(Change change) throws Exception;
    }

    /** Each position changed by each of {@code ops} (old byte to new); changes that keep the byte are skipped. */
    public static Sweep bytes(String name, byte[] good, int[] positions, IntUnaryOperator... ops) {
        List<Change> out = new ArrayList<>();
        for (int i : positions) {
            for (IntUnaryOperator op : ops) {
                byte v = (byte) op.applyAsInt(good[i] & 0xff);
                if (v == good[i]) continue;
                byte[] b = good.clone();
                b[i] = v;
                out.add(new Change("byte " + i + " " + (good[i] & 0xff) + "->" + (v & 0xff), b));
            }
        }
        return of(name, out);
    }

    public static IntUnaryOperator xor(int mask) {
        return b -> b ^ mask;
    }

    public static IntUnaryOperator set(int value) {
        return b -> value;
    }

    /** The file cut to each of {@code lengths}. */
    public static Sweep cuts(String name, byte[] good, int[] lengths) {
        List<Change> out = new ArrayList<>();
        for (int len : lengths) out.add(new Change("cut to " + len + " of " + good.length, Arrays.copyOf(good, len)));
        return of(name, out);
    }

    /** Hand-made changes, each to be reported. */
    public static Sweep of(String name, List<Change> changes) {
        return new Sweep(name, changes, Expect.REPORTED, 0, c -> {});
    }

    /** Need not be reported one by one, but more than {@code fraction} of the changes must be. */
    public Sweep safe(double fraction, Unreported check) {
        return new Sweep(name, changes, Expect.SAFE, fraction, check);
    }

    /** Need only be survived. */
    public Sweep safe() {
        return safe(0, c -> {});
    }

    /** Positions from {@code from} (inclusive) to {@code to} (exclusive). */
    public static int[] range(long from, long to) {
        return IntStream.range((int) from, (int) to).toArray();
    }

    /** Every {@code step}th position from {@code from} to {@code to}. */
    public static int[] every(long from, long to, int step) {
        return IntStream.iterate((int) from, i -> i < to, i -> i + step).toArray();
    }

    /** The positions of all parts, each once, in order. */
    public static int[] concat(int[]... parts) {
        return Arrays.stream(parts)
                .flatMapToInt(Arrays::stream)
                .distinct()
                .sorted()
                .toArray();
    }
}
