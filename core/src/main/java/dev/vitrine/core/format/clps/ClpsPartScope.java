package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.verify.VerifyContext;

/**
 * Which units of a clp-s archive a verify checks: all of them, or for a part (a node's bytes) the
 * header and metadata section when the part meets them, the files-section entries (dictionaries,
 * schema tree, table metadata) whose bytes hold a finding, and the packed streams whose bytes meet
 * it. What needs every stream (log_event_idx as a permutation, timestamp ranges, the range
 * index, the stream layout, the original size) is said not to have run.
 */
final class ClpsPartScope {
    private final ClpsArchive a;
    private final VerifyContext ctx;
    private long streams;
    private long first = -1;
    private long end;

    ClpsPartScope(ClpsArchive a, VerifyContext ctx) {
        this.a = a;
        this.ctx = ctx;
    }

    boolean whole() {
        return !ctx.isPart();
    }

    /** The header and the metadata section's checks. */
    boolean metadata() {
        return ctx.wants(FileRef.MAIN, 0, a.header.filesStart());
    }

    /** The packed stream at {@code r} ({offset, length}, or null when it cannot be placed). */
    boolean stream(long[] r) {
        if (whole()) return true;
        if (r == null || !ctx.wants(FileRef.MAIN, r[0], r[0] + r[1])) return false;
        streams++;
        if (first < 0) first = r[0];
        end = Math.max(end, r[0] + r[1]);
        return true;
    }

    /** Bytes of the streams to check: the progress total. */
    long total(ClpsTableMetadata tm, long all) {
        if (whole()) return all;
        long n = 0;
        for (ClpsTableMetadata.Stream s : tm.streams) {
            long[] r = a.streams.streamRange(tm, s.index());
            if (r != null && ctx.wants(FileRef.MAIN, r[0], r[0] + r[1])) n += r[1];
        }
        return n;
    }

    /** Says what a part verify checked. */
    void finish() {
        if (whole()) return;
        String what = (metadata() ? "the header and metadata section" : "")
                + (metadata() && streams > 0 ? ", " : "")
                + (streams > 0
                        ? streams + (streams == 1 ? " stream" : " streams") + " in [" + first + ", " + end + ")"
                        : "");
        ctx.scope(
                what.isEmpty() ? "no stream or section holds the part" : what,
                "log_event_idx order, timestamp ranges, range index, stream layout, original size");
    }
}
