package dev.vitrine.core.format.zss;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Problem;
import java.util.HexFormat;
import java.util.List;

/**
 * What could be read of a header, damaged or not; {@link #problems()} says what is wrong.
 * The u64 fields are raw (compare them unsigned); they are meaningless unless
 * {@link #blocksLocatable()}.
 *
 * @param headerLength  the u64le after the magic (-1 if the file is shorter)
 * @param dataStart     where the first block must start (16 + header_length + 8), or -1
 * @param codecName     codec as stored (NULs stripped), null if unreadable
 * @param metadata      the metadata object, null if missing or not a JSON object
 * @param metadataText  the metadata bytes decoded as UTF-8, null if unreadable
 * @param fields        every header field with its exact byte range, for the header node
 */
public record ZssHeader(
        ZssFlavor flavor,
        boolean goodMagic,
        boolean fixedFieldsRead,
        long headerLength,
        long dataStart,
        long rootOffset,
        long rootLength,
        long totalFileLength,
        byte[] sha256,
        String codecName,
        long metadataLength,
        ObjectNode metadata,
        String metadataText,
        List<Field> fields,
        List<Problem> problems) {

    /** True when the fixed fields were all read, so blocks can be located and the root found. */
    public boolean blocksLocatable() {
        return fixedFieldsRead && dataStart >= 0;
    }

    public String sha256Hex() {
        return sha256 == null ? null : HexFormat.of().formatHex(sha256);
    }
}
