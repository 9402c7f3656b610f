package dev.vitrine.core.format.zss;

/**
 * Where one block's parts are: uleb128 length · u8 level · payload · u64le CRC. The length
 * counts level + payload; the CRC covers them (not the length prefix).
 *
 * @param offset      first byte of the length prefix
 * @param prefixBytes size of the uleb128 length prefix
 * @param bodyLength  the stored length (level byte + payload)
 * @param level       0 data, 1..63 index, 64..255 extension; -1 when the body is empty
 */
record BlockFrame(long offset, int prefixBytes, long bodyLength, int level) {
    static final int CRC_LENGTH = 8;
    static final int FIRST_EXTENSION_LEVEL = 64;

    long levelOffset() {
        return offset + prefixBytes;
    }

    long payloadOffset() {
        return levelOffset() + 1;
    }

    long payloadLength() {
        return Math.max(0, bodyLength - 1);
    }

    long crcOffset() {
        return levelOffset() + bodyLength;
    }

    long end() {
        return crcOffset() + CRC_LENGTH;
    }

    long totalLength() {
        return end() - offset;
    }

    boolean isData() {
        return level == 0;
    }

    boolean isIndex() {
        return level > 0 && level < FIRST_EXTENSION_LEVEL;
    }

    boolean isExtension() {
        return level >= FIRST_EXTENSION_LEVEL;
    }

    static java.util.Set<dev.vitrine.core.model.Role> rolesOf(int level) {
        if (level == 0)
            return java.util.Set.of(dev.vitrine.core.model.Role.BLOCK, dev.vitrine.core.model.Role.DATA_BLOCK);
        if (level > 0 && level < FIRST_EXTENSION_LEVEL)
            return java.util.Set.of(dev.vitrine.core.model.Role.BLOCK, dev.vitrine.core.model.Role.INDEX_BLOCK);
        return java.util.Set.of(dev.vitrine.core.model.Role.BLOCK);
    }

    static String kindOf(int level) {
        if (level == 0) return "data-block";
        if (level > 0 && level < FIRST_EXTENSION_LEVEL) return "index-block";
        if (level >= FIRST_EXTENSION_LEVEL) return "extension-block";
        return "block";
    }

    static String describeLevel(int level) {
        if (level == 0) return "data block";
        if (level > 0 && level < FIRST_EXTENSION_LEVEL) return "level " + level + " index block";
        if (level >= FIRST_EXTENSION_LEVEL) return "level " + level + " extension block";
        return "block without a level byte";
    }
}
