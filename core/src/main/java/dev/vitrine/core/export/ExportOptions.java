package dev.vitrine.core.export;

/**
 * How an export treats what is already in the destination, and how much it lets an archive
 * make it write.
 *
 * @param overwrite      replace existing regular files (atomically where the file system allows);
 *                       when false an existing file is left alone and the entry is reported as skipped.
 *                       Symbolic links and directories are never replaced either way.
 * @param allowOverlaps  export entries whose stored bytes overlap an earlier entry's (they are
 *                       reported either way); without it they are refused, since an archive whose
 *                       entries all point at the same bytes is a decompression bomb in disguise
 * @param maxOutputBytes most bytes the export writes in all, counted as written (decoded bytes
 *                       for compressed content); reaching it stops the export. {@link #UNLIMITED}
 *                       for none; callers exporting an archive pass {@link ExportLimit#of}.
 */
public record ExportOptions(boolean overwrite, boolean allowOverlaps, long maxOutputBytes) {
    public static final long UNLIMITED = Long.MAX_VALUE;
    public static final ExportOptions DEFAULT = new ExportOptions(false);
    public static final ExportOptions OVERWRITE = new ExportOptions(true);

    public ExportOptions {
        if (maxOutputBytes < 0) throw new IllegalArgumentException("negative output limit " + maxOutputBytes);
    }

    public ExportOptions(boolean overwrite) {
        this(overwrite, false, UNLIMITED);
    }

    public ExportOptions withOverwrite(boolean replace) {
        return new ExportOptions(replace, allowOverlaps, maxOutputBytes);
    }

    public ExportOptions withOverlapsAllowed(boolean allow) {
        return new ExportOptions(overwrite, allow, maxOutputBytes);
    }

    public ExportOptions withMaxOutput(long bytes) {
        return new ExportOptions(overwrite, allowOverlaps, bytes);
    }
}
