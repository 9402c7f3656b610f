package dev.vitrine.core.export;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What an export did, entry by entry. {@link #ok()} is false when anything was refused or
 * failed, or the export was cancelled: the command line turns that into exit status 1.
 */
public record ExportReport(List<Exported> exported, List<Skipped> skipped, List<Refused> refused,
                           List<Failed> failed, long bytes, boolean cancelled) {

    /** Written to {@code path}; {@code notes} says how the name was cleaned, if it was. */
    public record Exported(String name, Path path, long bytes, List<String> notes) {}

    /** Left alone, e.g. because the file exists and overwriting was not asked for. */
    public record Skipped(String name, Path path, String reason) {}

    /** Not written because the name or the destination is unsafe; never touches the disk. */
    public record Refused(String name, String reason) {}

    /** Tried and failed: damaged entry, I/O error. Nothing partial is left behind. */
    public record Failed(String name, String reason) {}

    public boolean ok() {
        return refused.isEmpty() && failed.isEmpty() && !cancelled;
    }

    public int total() {
        return exported.size() + skipped.size() + refused.size() + failed.size();
    }

    /** Collects outcomes while an export runs. Not thread-safe: one export, one thread. */
    static final class Builder {
        final List<Exported> exported = new ArrayList<>();
        final List<Skipped> skipped = new ArrayList<>();
        final List<Refused> refused = new ArrayList<>();
        final List<Failed> failed = new ArrayList<>();
        long bytes;
        boolean cancelled;

        ExportReport build() {
            return new ExportReport(List.copyOf(exported), List.copyOf(skipped), List.copyOf(refused), List.copyOf(failed), bytes, cancelled);
        }
    }
}
