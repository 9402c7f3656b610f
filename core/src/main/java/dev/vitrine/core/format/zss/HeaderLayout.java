package dev.vitrine.core.format.zss;

/**
 * Byte offsets of the fixed header: magic (8) · u64le header_length · [root_index_offset ·
 * root_index_length · total_file_length · sha256 (32) · codec (16) · metadata_length ·
 * metadata · extensions] · crc64. header_length counts the bracketed part, which the CRC covers.
 */
final class HeaderLayout {
    private HeaderLayout() {}

    static final int MAGIC = 0;
    static final int MAGIC_LENGTH = 8;
    static final int HEADER_LENGTH = 8;
    static final int DATA = 16;
    static final int ROOT_OFFSET = 16;
    static final int ROOT_LENGTH = 24;
    static final int TOTAL_LENGTH = 32;
    static final int SHA256 = 40;
    static final int SHA256_LENGTH = 32;
    static final int CODEC = 72;
    static final int CODEC_LENGTH = 16;
    static final int METADATA_LENGTH = 88;
    static final int METADATA = 96;
    /** Header data bytes before the metadata (root offset .. metadata length). */
    static final int FIXED_DATA_LENGTH = METADATA - DATA;

    static final int CRC_LENGTH = 8;
}
