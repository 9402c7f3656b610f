package dev.vitrine.core.format.zss;

import static dev.vitrine.core.format.zss.HeaderLayout.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.Crc64Xz;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Problem;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads the header and reports every damage it finds as a problem with the offset of the
 * field concerned, in the order the reference checks them (magic, CRC, codec, file length,
 * metadata). Never throws for damage: whatever was readable is returned.
 */
final class HeaderParser {
    private final ByteSource src;
    private final ZssFlavor flavor;
    private final Limits limits;
    private final String file;
    private final List<Field> fields = new ArrayList<>();
    private final List<Problem> problems = new ArrayList<>();

    private HeaderParser(ByteSource src, ZssFlavor flavor, Limits limits) {
        this.src = src;
        this.flavor = flavor;
        this.limits = limits;
        this.file = src.name();
    }

    static ZssHeader parse(ByteSource src, ZssFlavor flavor, Limits limits) {
        try {
            return new HeaderParser(src, flavor, limits).parse();
        } catch (FormatException e) {
            // Unreachable: every read below is range-checked first. Report rather than throw.
            return new ZssHeader(
                    flavor,
                    false,
                    false,
                    -1,
                    -1,
                    -1,
                    -1,
                    -1,
                    null,
                    null,
                    -1,
                    null,
                    null,
                    List.of(),
                    List.of(Problem.of(e)));
        }
    }

    private void problem(long offset, String message) {
        problems.add(Problem.error(file, offset, message));
    }

    private ZssHeader parse() throws FormatException {
        long size = src.size();
        String label = flavor.label();
        boolean goodMagic = false;
        if (size < MAGIC_LENGTH) {
            problem(0, "file is only " + size + " bytes: too short for the " + MAGIC_LENGTH + "-byte magic number");
            return result(false, false, -1, -1, -1, -1, -1, null, null, -1, null, null);
        }
        byte[] magic = src.read(MAGIC, MAGIC_LENGTH);
        String magicHex = HexFormat.ofDelimiter(" ").formatHex(magic);
        if (flavor.isMagic(magic)) {
            goodMagic = true;
            fields.add(Field.at("magic", magicHex + " (" + label + ")", MAGIC, MAGIC_LENGTH));
        } else if (flavor.isPartialMagic(magic)) {
            fields.add(Field.at("magic", magicHex + " (partial file)", MAGIC, MAGIC_LENGTH));
            problem(0, "looks like this " + label + " file was only partially written");
        } else {
            fields.add(Field.at("magic", magicHex + " (bad)", MAGIC, MAGIC_LENGTH));
            problem(0, "bad magic number (are you sure this is a " + label + " file?)");
        }
        if (size < DATA) {
            // At the field when some of it is there, else at the last byte: always inside the file.
            problem(
                    Math.min(HEADER_LENGTH, size - 1),
                    "file ends inside the header length field (file is " + size + " bytes)");
            return result(goodMagic, false, -1, -1, -1, -1, -1, null, null, -1, null, null);
        }
        long hl = src.readU64LE(HEADER_LENGTH);
        fields.add(Field.at("header_length", Long.toUnsignedString(hl), HEADER_LENGTH, 8));
        if (hl < 0 || hl > size - DATA - CRC_LENGTH) {
            problem(
                    HEADER_LENGTH,
                    "header length " + Long.toUnsignedString(hl) + " runs past the end of the file (" + size
                            + " bytes): unexpectedly encountered end of file");
            return result(goodMagic, false, hl, -1, -1, -1, -1, null, null, -1, null, null);
        }
        long crcOffset = DATA + hl;
        long dataStart = crcOffset + CRC_LENGTH;
        long stored = src.readU64LE(crcOffset);
        long computed = Crc64Xz.of(src.segment(DATA, hl), 0, hl);
        boolean crcOk = stored == computed;
        Field crcField = Field.at(
                "header crc",
                hex64(stored) + (crcOk ? " (ok)" : " (mismatch: computed " + hex64(computed) + ")"),
                crcOffset,
                CRC_LENGTH);
        if (!crcOk)
            problem(
                    crcOffset,
                    "header checksum mismatch (stored " + hex64(stored) + ", computed " + hex64(computed) + ")");
        if (hl < FIXED_DATA_LENGTH) {
            problem(
                    HEADER_LENGTH,
                    "header length " + hl + " is too short for the fixed header fields (" + FIXED_DATA_LENGTH
                            + " bytes)");
            fields.add(crcField);
            return result(goodMagic, false, hl, dataStart, -1, -1, -1, null, null, -1, null, null);
        }
        long rootOffset = src.readU64LE(ROOT_OFFSET);
        long rootLength = src.readU64LE(ROOT_LENGTH);
        long total = src.readU64LE(TOTAL_LENGTH);
        byte[] sha = src.read(SHA256, SHA256_LENGTH);
        byte[] codecRaw = src.read(CODEC, CODEC_LENGTH);
        long ml = src.readU64LE(METADATA_LENGTH);
        fields.add(Field.at("root_index_offset", Long.toUnsignedString(rootOffset), ROOT_OFFSET, 8));
        fields.add(Field.at("root_index_length", Long.toUnsignedString(rootLength), ROOT_LENGTH, 8));
        fields.add(Field.at("total_file_length", Long.toUnsignedString(total), TOTAL_LENGTH, 8));
        fields.add(Field.at("data_sha256", HexFormat.of().formatHex(sha), SHA256, SHA256_LENGTH));

        String codec = decodeCodec(codecRaw);
        fields.add(Field.at("codec", codec, CODEC, CODEC_LENGTH));
        if (codec != null && !flavor.codecs().contains(codec)) {
            problem(CODEC, "unrecognized compression codec " + Keys.pyRepr(codec));
        }
        if (crcOk && Long.compareUnsigned(total, size) < 0 && total >= dataStart) {
            // The header is intact and says the file ends earlier: whatever follows was added
            // (or the file was padded), and that is where the damage is. Verify stops there.
            problems.add(Problem.error(
                            file,
                            total,
                            "file is " + size + " bytes but the header says it ends at " + total
                                    + ": the rest is not trusted")
                    .expecting(total, size));
        } else if (total != size) {
            problem(
                    TOTAL_LENGTH,
                    "file is " + size + " bytes, but header says it should be " + Long.toUnsignedString(total));
        }
        fields.add(Field.at("metadata_length", Long.toUnsignedString(ml), METADATA_LENGTH, 8));
        long room = hl - FIXED_DATA_LENGTH;
        ObjectNode metadata = null;
        String text = null;
        if (ml < 0 || ml > room) {
            problem(
                    METADATA_LENGTH,
                    "bad metadata: metadata length " + Long.toUnsignedString(ml) + " runs past the end of the header ("
                            + room + " bytes left)");
        } else if (ml > limits.maxMetadataBytes()) {
            problem(
                    METADATA_LENGTH,
                    "bad metadata: metadata length " + ml + " exceeds the limit of " + limits.maxMetadataBytes()
                            + " bytes");
        } else {
            byte[] raw = src.read(METADATA, (int) ml);
            try {
                text = StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(raw))
                        .toString();
                JsonNode node = MetadataJson.parse(text);
                if (node instanceof ObjectNode o) {
                    metadata = o;
                } else {
                    problem(METADATA, "bad metadata: expected a JSON object, found " + describe(node));
                }
            } catch (CharacterCodingException e) {
                problem(METADATA, "bad metadata: not valid UTF-8");
            } catch (java.io.IOException | RuntimeException e) {
                problem(METADATA, "bad metadata: not valid JSON (" + dev.vitrine.core.text.Messages.reason(e) + ")");
            }
            fields.add(Field.at("metadata", text == null ? "(unreadable)" : abbreviate(text), METADATA, ml));
            long extStart = METADATA + ml;
            if (extStart < crcOffset) {
                fields.add(Field.at(
                        "extension", (crcOffset - extStart) + " bytes (ignored)", extStart, crcOffset - extStart));
            }
        }
        fields.add(crcField);
        return result(goodMagic, true, hl, dataStart, rootOffset, rootLength, total, sha, codec, ml, metadata, text);
    }

    private ZssHeader result(
            boolean goodMagic,
            boolean fixed,
            long hl,
            long dataStart,
            long rootOffset,
            long rootLength,
            long total,
            byte[] sha,
            String codec,
            long ml,
            ObjectNode metadata,
            String text) {
        return new ZssHeader(
                flavor,
                goodMagic,
                fixed,
                hl,
                dataStart,
                rootOffset,
                rootLength,
                total,
                sha,
                codec,
                ml,
                metadata,
                text,
                List.copyOf(fields),
                List.copyOf(problems));
    }

    /** NUL padding stripped from the right, as the reference does; non-ASCII bytes are damage. */
    private String decodeCodec(byte[] raw) {
        int n = raw.length;
        while (n > 0 && raw[n - 1] == 0) n--;
        StringBuilder sb = new StringBuilder(n);
        boolean ascii = true;
        for (int i = 0; i < n; i++) {
            int b = raw[i] & 0xff;
            if (b >= 0x80) ascii = false;
            sb.append((char) b);
        }
        if (!ascii) {
            problem(CODEC, "codec field is not ASCII: " + Keys.escape(raw, 0, n, 64));
            return null;
        }
        return sb.toString();
    }

    private static String describe(JsonNode n) {
        return switch (n.getNodeType()) {
            case ARRAY -> "an array";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            default -> n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    private static String abbreviate(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "…";
    }

    static String hex64(long v) {
        return String.format("%016x", v);
    }
}
