package dev.vitrine.core.limits;

/**
 * The one policy that keeps hostile input from exhausting memory, time or disk. Readers check
 * sizes against what they actually produce (decompressed bytes, entries parsed), never only
 * against what a header claims.
 *
 * @param maxBlockBytes     largest decompressed block (or record, or index) we hold in memory
 * @param maxEntries        most entries (files, children, problems per block) we parse from one index
 * @param maxDepth          deepest nesting we follow (index levels, JSON nesting, schema trees)
 * @param maxMetadataBytes  largest metadata or JSON index we parse
 * @param maxOpenFiles      most files of one multi-file archive held open (mapped) at once
 * @param exportFactor      an export of an archive of S bytes writes at most
 *                          {@code max(exportFactor × S, S + exportSlackBytes)} bytes (see
 *                          {@link #maxExportBytes}): entries that share bytes, or compressed
 *                          content, would otherwise let a small archive fill a disk
 * @param exportSlackBytes  see {@code exportFactor}: what small archives may write beyond their size
 */
public record Limits(
        long maxBlockBytes,
        long maxEntries,
        int maxDepth,
        long maxMetadataBytes,
        int maxOpenFiles,
        int exportFactor,
        long exportSlackBytes) {

    private static final int DEFAULT_OPEN_FILES = 64;
    private static final int DEFAULT_EXPORT_FACTOR = 4;
    private static final long DEFAULT_EXPORT_SLACK = 1L << 30;

    public static final Limits DEFAULT = new Limits(512L << 20, 10_000_000, 64, 256L << 20, DEFAULT_OPEN_FILES);

    public Limits(long maxBlockBytes, long maxEntries, int maxDepth, long maxMetadataBytes, int maxOpenFiles) {
        this(
                maxBlockBytes,
                maxEntries,
                maxDepth,
                maxMetadataBytes,
                maxOpenFiles,
                DEFAULT_EXPORT_FACTOR,
                DEFAULT_EXPORT_SLACK);
    }

    public Limits(long maxBlockBytes, long maxEntries, int maxDepth, long maxMetadataBytes) {
        this(maxBlockBytes, maxEntries, maxDepth, maxMetadataBytes, DEFAULT_OPEN_FILES);
    }

    public int maxBlockBytesInt() {
        return (int) Math.min(Integer.MAX_VALUE - 16, maxBlockBytes);
    }

    /**
     * Most bytes one export of an archive of {@code archiveBytes} bytes (all its files) may
     * write: {@code max(exportFactor × archiveBytes, archiveBytes + exportSlackBytes)}, counted
     * in bytes actually written (decoded), saturating at {@link Long#MAX_VALUE}.
     */
    public long maxExportBytes(long archiveBytes) {
        long size = Math.max(0, archiveBytes);
        long scaled =
                size > Long.MAX_VALUE / Math.max(1, exportFactor) ? Long.MAX_VALUE : size * Math.max(1, exportFactor);
        long slack = size > Long.MAX_VALUE - exportSlackBytes ? Long.MAX_VALUE : size + Math.max(0, exportSlackBytes);
        return Math.max(scaled, slack);
    }

    /** How {@link #maxExportBytes} is worked out, in words, for messages. */
    public String exportRule() {
        return "the larger of " + exportFactor + " × the archive's size and the archive's size + "
                + humanBytes(exportSlackBytes);
    }

    private static String humanBytes(long n) {
        if (n >= 1L << 30 && n % (1L << 30) == 0) return (n >> 30) + " GiB";
        if (n >= 1L << 20 && n % (1L << 20) == 0) return (n >> 20) + " MiB";
        return n + " bytes";
    }
}
