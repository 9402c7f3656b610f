package dev.vitrine.core.export;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What an export did, entry by entry. {@link #ok()} is false when anything was refused or
 * failed, the export was cancelled or the output limit stopped it: the command line turns
 * that into exit status 1.
 *
 * @param overlaps entries whose stored bytes overlap an earlier entry's: refused (and also in
 *                 {@link #refused}) unless overlaps were allowed, then exported and listed here
 * @param stop     why the export stopped before the end (the output limit), or null
 */
public record ExportReport(
        List<Exported> exported,
        List<Skipped> skipped,
        List<Refused> refused,
        List<Failed> failed,
        long bytes,
        boolean cancelled,
        List<Overlap> overlaps,
        Stop stop) {

    public ExportReport(
            List<Exported> exported,
            List<Skipped> skipped,
            List<Refused> refused,
            List<Failed> failed,
            long bytes,
            boolean cancelled) {
        this(exported, skipped, refused, failed, bytes, cancelled, List.of(), null);
    }

    /** Written to {@code path}; {@code notes} says how the name was cleaned, if it was. */
    public record Exported(String name, Path path, long bytes, List<String> notes) {}

    /** Left alone, e.g. because the file exists and overwriting was not asked for. */
    public record Skipped(String name, Path path, String reason) {}

    /**
     * Not written because the name, the destination or the entry's bytes are unsafe; never
     * touches the disk. {@code offset}: where the entry's bytes are stored (-1 if unknown), so
     * a run of refusals can be summed up by the range they cover.
     */
    public record Refused(String name, String reason, long offset) {
        public Refused(String name, String reason) {
            this(name, reason, -1);
        }
    }

    /** Tried and failed: damaged entry, I/O error. Nothing partial is left behind. */
    public record Failed(String name, String reason) {}

    /**
     * An entry whose stored bytes start at {@code offset} inside bytes an earlier entry
     * already covers ({@code reason} says which); {@code exported} when overlaps were allowed
     * and the entry was written, else it is also in {@link #refused} with the whole story.
     */
    public record Overlap(String name, long offset, String reason, boolean exported) {}

    /**
     * The export stopped at entry {@code name} (stored at {@code offset}, -1 if unknown):
     * {@code reason} names the limit; {@code remaining} entries, that one included, were not written.
     */
    public record Stop(String name, long offset, String reason, int remaining) {}

    public boolean ok() {
        return refused.isEmpty() && failed.isEmpty() && !cancelled && stop == null;
    }

    /** Entries asked for: those with an outcome, and those the stop left unwritten. */
    public int total() {
        return exported.size()
                + skipped.size()
                + refused.size()
                + failed.size()
                + (stop == null ? 0 : stop.remaining());
    }

    /** Collects outcomes while an export runs. Not thread-safe: one export, one thread. */
    static final class Builder {
        final List<Exported> exported = new ArrayList<>();
        final List<Skipped> skipped = new ArrayList<>();
        final List<Refused> refused = new ArrayList<>();
        final List<Failed> failed = new ArrayList<>();
        final List<Overlap> overlaps = new ArrayList<>();
        long bytes;
        boolean cancelled;
        Stop stop;

        ExportReport build() {
            return new ExportReport(
                    List.copyOf(exported),
                    List.copyOf(skipped),
                    List.copyOf(refused),
                    List.copyOf(failed),
                    bytes,
                    cancelled,
                    List.copyOf(overlaps),
                    stop);
        }
    }
}
