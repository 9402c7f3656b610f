package dev.vitrine.core.limits;

/**
 * The one policy that keeps hostile input from exhausting memory or time. Readers check sizes
 * against what they actually produce (decompressed bytes, entries parsed), never only against
 * what a header claims.
 *
 * @param maxBlockBytes     largest decompressed block (or record, or index) we hold in memory
 * @param maxEntries        most entries (files, children, problems per block) we parse from one index
 * @param maxDepth          deepest nesting we follow (index levels, JSON nesting, schema trees)
 * @param maxMetadataBytes  largest metadata or JSON index we parse
 * @param maxOpenFiles      most files of one multi-file archive held open (mapped) at once
 */
public record Limits(long maxBlockBytes, long maxEntries, int maxDepth, long maxMetadataBytes, int maxOpenFiles) {

    public static final Limits DEFAULT = new Limits(512L << 20, 10_000_000, 64, 256L << 20, 64);

    public Limits(long maxBlockBytes, long maxEntries, int maxDepth, long maxMetadataBytes) {
        this(maxBlockBytes, maxEntries, maxDepth, maxMetadataBytes, DEFAULT_OPEN_FILES);
    }

    private static final int DEFAULT_OPEN_FILES = 64;

    public int maxBlockBytesInt() {
        return (int) Math.min(Integer.MAX_VALUE - 16, maxBlockBytes);
    }
}
