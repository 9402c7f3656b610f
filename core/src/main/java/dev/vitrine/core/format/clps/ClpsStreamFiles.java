package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.FormatException;
import java.io.IOException;

/**
 * The packed streams of the files section's /0 entry: where each lies, its bytes read and
 * decoded within the limits, and failures placed at its frame in the file.
 */
final class ClpsStreamFiles {
    private final ClpsArchive archive;

    ClpsStreamFiles(ClpsArchive archive) {
        this.archive = archive;
    }

    /** Where stream {@code s} lies in the file: [offset, offset+length). */
    long[] streamRange(ClpsTableMetadata tm, int s) {
        ClpsFileEntry t = archive.entry(ClpsArchive.TABLES);
        if (t == null || t.offset() < 0) return null;
        ClpsTableMetadata.Stream st = tm.streams.get(s);
        long next = s + 1 < tm.streams.size() ? tm.streams.get(s + 1).offset() : t.size();
        if (st.offset() < 0 || st.offset() > t.size() || next < st.offset() || next > t.size()) return null;
        return new long[] {t.offset() + st.offset(), next - st.offset()};
    }

    /** Decodes packed stream {@code s} (exactly its size from /table_metadata) onto the heap. */
    byte[] stream(ClpsTableMetadata tm, int s) throws IOException {
        byte[] comp = compressedStream(tm, s);
        try {
            return ClpsZstd.decompressExact(
                    comp, 0, comp.length, (int) tm.streams.get(s).size(), "stream " + s);
        } catch (ClpsZstd.FrameException e) {
            throw streamFrameProblem(tm, s, e);
        }
    }

    /** The compressed bytes of packed stream {@code s}, once its place and decoded size are checked against the limits. */
    byte[] compressedStream(ClpsTableMetadata tm, int s) throws IOException {
        long[] r = checkedRange(tm, s);
        return archive.source().read(r[0], (int) r[1]);
    }

    /**
     * Like {@link #compressedStream}, as a view of the file where it is mapped, else a copy: a
     * first page's tens of MB are then copied once, not into a heap array and out again.
     */
    java.lang.foreign.MemorySegment compressedSegment(ClpsTableMetadata tm, int s) throws IOException {
        long[] r = checkedRange(tm, s);
        return archive.source().segment(r[0], r[1]);
    }

    /** Where stream {@code s}'s compressed bytes lie, {offset, length}, once checked as {@link #compressedStream} checks them. */
    long[] compressedRange(ClpsTableMetadata tm, int s) throws IOException {
        return checkedRange(tm, s);
    }

    private long[] checkedRange(ClpsTableMetadata tm, int s) throws IOException {
        ClpsTableMetadata.Stream st = tm.streams.get(s);
        long[] r = streamRange(tm, s);
        ClpsFileEntry t = archive.entry(ClpsArchive.TABLES);
        if (r == null)
            throw new FormatException(
                    archive.source().name(),
                    t == null || t.offset() < 0 ? -1 : t.offset(),
                    "stream " + s + " at /0 offset " + st.offset() + " lies outside /0");
        if (st.size() > archive.limits.maxBlockBytes()
                || st.size() > Integer.MAX_VALUE - 16
                || r[1] > Integer.MAX_VALUE - 16) {
            throw new FormatException(
                    archive.source().name(),
                    r[0],
                    "stream " + s + " claims " + st.size() + " decoded bytes, over the limit of "
                            + archive.limits.maxBlockBytes());
        }
        return r;
    }

    /** A stream whose zstd frame does not decode, placed at the frame. */
    FormatException streamFrameProblem(ClpsTableMetadata tm, int s, ClpsZstd.FrameException e) {
        long[] r = streamRange(tm, s);
        return new FormatException(archive.source().name(), r == null ? -1 : r[0], e.getMessage());
    }

    /** A decoding failure inside table {@code t}, placed at its stream's frame in the file. */
    FormatException streamProblem(ClpsTableMetadata.Table t, ClpsDecodeException e) {
        ClpsTableMetadata tm = archive.tableMetadata().value();
        long[] r = tm == null ? null : streamRange(tm, t.stream());
        return new FormatException(
                archive.source().name(),
                r == null ? -1 : r[0],
                e.where("stream " + t.stream() + ", table " + t.index()));
    }
}
