package dev.vitrine.core.export;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.limits.Limits;
import java.io.IOException;

/**
 * The total-output limit of one export of an archive, from {@link Limits#maxExportBytes}: tied
 * to the archive's size (all its files), so an archive that reuses or compresses bytes cannot
 * make an export write without bound. One place, so the command line, the window and every
 * format (CAF, DataBundle records, Ark payloads) get the same number.
 */
public record ExportLimit(long bytes, long archiveBytes, String rule) {

    public static ExportLimit of(Archive archive, Limits limits) {
        return ofSize(archiveSize(archive), limits);
    }

    public static ExportLimit ofSize(long archiveBytes, Limits limits) {
        return new ExportLimit(limits.maxExportBytes(archiveBytes), archiveBytes, limits.exportRule());
    }

    /** The sizes of all of an archive's files; a file that cannot be opened counts as 0. */
    public static long archiveSize(Archive archive) {
        long total = 0;
        for (FileRef f : archive.files()) {
            try {
                total += Math.max(0, archive.source(f).size());
            } catch (IOException | RuntimeException e) {
                // counted as empty: the limit only gets tighter
            }
        }
        return total;
    }

    /** These options with this limit as their output limit. */
    public ExportOptions applyTo(ExportOptions options) {
        return options.withMaxOutput(bytes);
    }

    /** "1073741824 bytes (the larger of 4 × the archive's size and ...; the archive is N bytes)". */
    public String describe() {
        return bytes + " bytes (" + rule + "; the archive is " + archiveBytes + " bytes)";
    }
}
