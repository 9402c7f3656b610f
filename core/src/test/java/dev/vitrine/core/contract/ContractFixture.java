package dev.vitrine.core.contract;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Severity;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One small archive the format contract runs on, and the one file of it that the sweeps change
 * (the whole file for single-file formats; a shard, a split or a manifest for folder formats).
 * A format's test package lists its fixtures through {@link ContractFixtures}; the contract
 * itself flips and cuts the file at every offset (a dense sample for larger files), so a
 * fixture only says where its format can see a flip ({@link #covered}) and adds the changes
 * only its format needs ({@link #extraSweeps}). {@link Fixture} holds the defaults.
 */
public interface ContractFixture {

    /** The registered format's id this fixture belongs to. */
    String formatId();

    /** Shown in test names, e.g. "generated/single-record.zss" or "small-log/splits/…". */
    String name();

    /** The intact bytes of the file the sweeps change. */
    byte[] original();

    /**
     * The archive with {@code member} in place of {@link #original()} and everything else intact.
     * May throw a {@link dev.vitrine.core.io.FormatException} when nothing can be shown (that is
     * reported damage); any other exception fails the contract.
     */
    Archive open(byte[] member, Limits limits) throws IOException;

    /** Writes the intact archive under {@code dir}; returns what a user opens (a file or a folder). */
    Path materialize(Path dir) throws IOException;

    /**
     * Whether a flipped byte at {@code offset} must be reported: a checksum covers it, or it is
     * structure the reader checks (magic, lengths, offsets). Elsewhere (raw payload bytes no
     * checksum covers) a flip must only be survived.
     */
    boolean covered(int offset);

    /** Whether every cut of the file must be reported (true where the file's length is checked). */
    boolean cutsReported();

    /** The least severity that counts as reporting a change (ZSS: an ERROR; others: any problem). */
    Severity reportedAs();

    /** Changes only this format needs, beyond the contract's flips and cuts at every offset. */
    List<Sweep> extraSweeps() throws IOException;

    /** False for a fixture that is damaged as it comes (a reference tool's broken files): it must verify with problems. */
    boolean intact();

    /** Limits for every open: small ones so that a length turned into a bomb cannot eat the heap. */
    Limits limits();

    /**
     * Whether every problem must point at a byte inside its file (ZSS: every byte belongs to a
     * block). Otherwise offset -1 ("the file as a whole", as {@link dev.vitrine.core.io.FormatException}
     * allows) and the end of the file (where a cut file's missing bytes would be) are accepted too.
     */
    boolean strictOffsets();

    /** Files up to this size get every offset flipped and cut; larger ones about this many offsets. */
    int sample();

    /** Whether {@link #open} may run on several threads at once. */
    boolean parallel();

    /**
     * Every how many changes the full read (tree walk, tables, range scans) runs; the others get
     * open, info, listings and verify. More than 1 only where decoders allocate megabytes.
     */
    int thoroughEvery();
}
