package dev.vitrine.core.export;

/**
 * How an export treats what is already in the destination.
 *
 * @param overwrite replace existing regular files (atomically where the file system allows);
 *                  when false an existing file is left alone and the entry is reported as skipped.
 *                  Symbolic links and directories are never replaced either way.
 */
public record ExportOptions(boolean overwrite) {
    public static final ExportOptions DEFAULT = new ExportOptions(false);
    public static final ExportOptions OVERWRITE = new ExportOptions(true);
}
