package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.LittleEndian;
import dev.vitrine.core.io.TruncatedException;
import dev.vitrine.core.model.Field;
import java.util.List;

/** The 64-byte header, every field named as the spec names it. */
record ClpsHeader(
        ClpsVersion version,
        long originalUncompressedSize,
        long compressedArchiveSize,
        long[] reservedPadding1,
        long metadataSectionSize,
        int compressionType,
        int reservedPadding2) {
    static final int SIZE = 64;
    static final byte[] MAGIC = {(byte) 0xFD, 0x2F, (byte) 0xC5, 0x30};

    static ClpsHeader read(ByteSource src) throws TruncatedException {
        src.checkRange(0, SIZE, "header");
        byte[] b = src.read(0, SIZE);
        long[] pad = new long[4];
        for (int i = 0; i < 4; i++) pad[i] = LittleEndian.u64(b, 24 + 8 * i);
        int patch = LittleEndian.u16(b, 4);
        return new ClpsHeader(
                new ClpsVersion(b[7] & 0xff, b[6] & 0xff, patch),
                LittleEndian.u64(b, 8),
                LittleEndian.u64(b, 16),
                pad,
                LittleEndian.u32(b, 56),
                LittleEndian.u16(b, 60),
                LittleEndian.u16(b, 62));
    }

    long filesStart() {
        return SIZE + metadataSectionSize;
    }

    List<Field> fields(byte[] magic) {
        StringBuilder m = new StringBuilder();
        for (byte x : magic) m.append(String.format("%02X ", x & 0xff));
        StringBuilder p = new StringBuilder();
        for (long x : reservedPadding1) p.append(p.isEmpty() ? "" : ", ").append(Long.toUnsignedString(x));
        return List.of(
                Field.at("magic_number", m.toString().trim(), 0, 4),
                Field.at("patch_version", version.patch(), 4, 2),
                Field.at("minor_version", version.minor(), 6, 1),
                Field.at("major_version", version.major(), 7, 1),
                Field.at("original_uncompressed_size", Long.toUnsignedString(originalUncompressedSize), 8, 8),
                Field.at("compressed_archive_size", Long.toUnsignedString(compressedArchiveSize), 16, 8),
                Field.at("reserved_padding1", "[" + p + "]", 24, 32),
                Field.at("metadata_section_size", metadataSectionSize, 56, 4),
                Field.at("compression_type", compressionType == 0 ? "0 (zstd)" : compressionType + " (unknown)", 60, 2),
                Field.at("reserved_padding2", reservedPadding2, 62, 2));
    }
}
