package dev.vitrine.core.format.bundle;

/**
 * One entry of a bundle as `vitrine ls --json` shows it: {@code name} (full relative path) and
 * {@code size} as CAF's listing has them, plus {@code type} ("file" or "folder"), {@code shard},
 * {@code offset} (in the shard's uncompressed stream) and {@code crc32c}. Unparseable entries
 * have type "unknown" and {@code problem} set.
 */
public record BundleEntry(String name, String type, long size, long shard, long offset, long crc32c, String problem) {

    static BundleEntry of(CatEntry e) {
        if (e.meta() == null) return new BundleEntry(e.path(), "unknown", 0, -1, -1, -1, e.problem());
        var m = e.meta();
        String type = switch (m.getType()) {
            case REGULAR -> "file";
            case DIRECTORY -> "folder";
            default -> "unknown";
        };
        return new BundleEntry(
                e.path(),
                type,
                m.getUncompressedSize(),
                m.getShardIndex(),
                m.getShardUncompressedOffset(),
                Integer.toUnsignedLong(m.getCrc32C()),
                e.problem());
    }

    public boolean isFolder() {
        return type.equals("folder");
    }
}
