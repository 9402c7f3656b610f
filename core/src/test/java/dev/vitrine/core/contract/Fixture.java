package dev.vitrine.core.contract;

import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Severity;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntPredicate;

/**
 * The options every contract fixture has, set fluently by a format's {@link ContractFixtures}:
 * by default every byte is covered, every cut reported, any problem counts, limits are the
 * defaults and every change gets the full read.
 */
public abstract class Fixture implements ContractFixture {
    private IntPredicate covered = i -> true;
    private boolean cutsReported = true;
    private Severity reportedAs = Severity.INFO;
    private Function<byte[], List<Sweep>> extra = g -> List.of();
    private boolean intact = true;
    private Limits limits = Limits.DEFAULT;
    private int thoroughEvery = 1;
    private boolean strictOffsets;
    private int sample = defaultSample();

    /** How many offsets of a larger file the contract changes, unless {@link #sample(int)} says; called while constructing, so it reads no fields. */
    protected int defaultSample() {
        return 4096;
    }

    /** Only the offsets {@code covered} accepts must be reported when flipped. */
    public Fixture covered(IntPredicate covered) {
        this.covered = covered;
        return this;
    }

    /** Cuts need only be survived. */
    public Fixture cutsSurvivedOnly() {
        this.cutsReported = false;
        return this;
    }

    /** Only problems of at least {@code s} count as reporting a change. */
    public Fixture reportedAs(Severity s) {
        this.reportedAs = s;
        return this;
    }

    /** Changes only this format needs, made from the intact bytes. */
    public Fixture extra(Function<byte[], List<Sweep>> sweeps) {
        this.extra = sweeps;
        return this;
    }

    /** Damaged as it comes: must verify with problems. */
    public Fixture broken() {
        this.intact = false;
        return this;
    }

    public Fixture limits(Limits l) {
        this.limits = l;
        return this;
    }

    /** Every problem must point at a byte inside its file. */
    public Fixture strict() {
        this.strictOffsets = true;
        return this;
    }

    public Fixture sample(int offsets) {
        this.sample = offsets;
        return this;
    }

    public Fixture thoroughEvery(int n) {
        this.thoroughEvery = n;
        return this;
    }

    @Override
    public boolean covered(int offset) {
        return covered.test(offset);
    }

    @Override
    public boolean cutsReported() {
        return cutsReported;
    }

    @Override
    public Severity reportedAs() {
        return reportedAs;
    }

    @Override
    public List<Sweep> extraSweeps() {
        return extra.apply(original());
    }

    @Override
    public boolean intact() {
        return intact;
    }

    @Override
    public Limits limits() {
        return limits;
    }

    @Override
    public boolean strictOffsets() {
        return strictOffsets;
    }

    @Override
    public int sample() {
        return sample;
    }

    @Override
    public int thoroughEvery() {
        return thoroughEvery;
    }
}
