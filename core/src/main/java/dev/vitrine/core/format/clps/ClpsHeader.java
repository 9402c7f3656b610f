package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.ByteSource;
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
        for (int i = 0; i < 4; i++) pad[i] = (long) ClpsCursor.I64.get(b, 24 + 8 * i);
        int patch = ((short) ClpsCursor.I16.get(b, 4)) & 0xffff;
        return new ClpsHeader(
                new ClpsVersion(b[7] & 0xff, b[6] & 0xff, patch),
                (long) ClpsCursor.I64.get(b, 8),
                (long) ClpsCursor.I64.get(b, 16),
                pad,
                ((int) ClpsCursor.I32.get(b, 56)) & 0xffffffffL,
                ((short) ClpsCursor.I16.get(b, 60)) & 0xffff,
                ((short) ClpsCursor.I16.get(b, 62)) & 0xffff);
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
