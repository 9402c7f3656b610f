package dev.vitrine.core.format.clps;

/**
 * One metadata packet: where it lies in the decoded metadata section, its payload, and what it
 * decoded to (null with {@code problem} set when it did not; unknown types stay raw bytes).
 */
record ClpsPacket(int index, int type, int offset, long size, byte[] payload, Object value, String problem) {
    static final int ARCHIVE_INFO = 0, ARCHIVE_FILE_INFO = 1, TIMESTAMP_DICTIONARY = 2, RANGE_INDEX = 3;

    String typeName() {
        return switch (type) {
            case ARCHIVE_INFO -> "ArchiveInfo";
            case ARCHIVE_FILE_INFO -> "ArchiveFileInfo";
            case TIMESTAMP_DICTIONARY -> "TimestampDictionary";
            case RANGE_INDEX -> "RangeIndex";
            default -> "unknown type " + type;
        };
    }

    /** Offset of the payload in the decoded section (after the type byte and u32 size). */
    int payloadOffset() {
        return offset + 5;
    }
}
