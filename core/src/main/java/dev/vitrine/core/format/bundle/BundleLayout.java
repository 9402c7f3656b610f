package dev.vitrine.core.format.bundle;

import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.io.FileRef;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Every byte-level decision of the DataBundle contract (shared/specs/databundle-notes.md) in
 * one place: index key spelling, shard names, the shard header's framing, the 1 MiB
 * large-file rule. Reader, verifier and writer all use these and nothing else.
 */
final class BundleLayout {
    private BundleLayout() {}

    static final String VERSION_MAGIC = "daBundleV1";
    static final byte[] SHARD_MAGIC = {'d', 'a', 'B', 'S'};
    /** "daBS", u32 LE header_length, u32 LE data_offset. */
    static final int SHARD_PREAMBLE = 12;

    static final long LARGE_FILE = 1L << 20;
    static final long DEFAULT_BLOCK_SIZE = 4096;
    static final long DEFAULT_RECORD_SIZE = 256 * 1024;
    /** Largest shard header we parse (ours are a few dozen bytes). */
    static final long MAX_HEADER = 1 << 20;
    /** Largest index value we parse as protobuf (ours are under 100 bytes). */
    static final int MAX_VALUE = 1 << 20;

    static final String SEP = " # ";
    static final byte[] CONFIG_KEY = ascii("BUNDLE_CONFIG #");
    static final String FILE_PREFIX = "FILE_METADATA # ";
    static final String SHARD_PREFIX = "SHARD_METADATA # ";

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** {@code a/b/c.txt} lives under {@code FILE_METADATA # a/b/ # c.txt}; top level under {@code FILE_METADATA # / # name}. */
    static byte[] fileKey(String path) {
        int slash = path.lastIndexOf('/');
        String dir = slash < 0 ? "" : path.substring(0, slash);
        return utf8(FILE_PREFIX + dir + "/" + SEP + path.substring(slash + 1));
    }

    /** The prefix whose keys are the direct children of folder {@code dir} ("" for the root). */
    static byte[] folderPrefix(String dir) {
        return utf8(FILE_PREFIX + dir + "/" + SEP);
    }

    static String pad20(long v) {
        return String.format("%020d", v);
    }

    static byte[] recordKey(long shard, long uncompressedOffset) {
        return ascii(SHARD_PREFIX + pad20(shard) + SEP + pad20(uncompressedOffset));
    }

    static byte[] shardRecordPrefix(long shard) {
        return ascii(SHARD_PREFIX + pad20(shard) + SEP);
    }

    static String shardName(long index) {
        return String.format("shard-%08d", index);
    }

    /** Problems about the index (config, keys, values) are reported against this name. */
    static final FileRef INDEX_REF = FileRef.of("index");

    static FileRef shardRef(long index) {
        return FileRef.of(shardName(index));
    }

    /** Shard number from a file name {@code shard-NNNNNNNN}, or -1. */
    static long shardNumber(String fileName) {
        if (!fileName.startsWith("shard-") || fileName.length() < 7 || fileName.length() > 6 + 18) return -1;
        for (int i = 6; i < fileName.length(); i++) if (fileName.charAt(i) < '0' || fileName.charAt(i) > '9') return -1;
        return Long.parseLong(fileName.substring(6));
    }

    static long alignUp(long v, long align) {
        long r = v % align;
        return r == 0 ? v : v + (align - r);
    }

    static boolean startsWith(byte[] key, byte[] prefix) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }

    static String codecName(CompressionType c) {
        return switch (c) {
            case NONE -> "none";
            case SNAPPY -> "snappy";
            case ZLIB -> "zlib";
            case ZSTD -> "zstd";
            default -> "unknown (" + c.getNumber() + ")";
        };
    }

    static CompressionType codecOf(String name) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "none" -> CompressionType.NONE;
            case "snappy" -> CompressionType.SNAPPY;
            case "zlib" -> CompressionType.ZLIB;
            case "zstd" -> CompressionType.ZSTD;
            default ->
                throw new IllegalArgumentException("unknown compression " + name + " (zstd, zlib, snappy or none)");
        };
    }

    /** Strict UTF-8, or null. */
    static String strictUtf8(byte[] b, int from, int to) {
        // Most names are ASCII: no decoder (making one per key was a tenth of `ls` at 100,000 files).
        int i = from;
        while (i < to && b[i] >= 0) i++;
        if (i == to) return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, from, to - from))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** A FILE_METADATA key split at its LAST "/ # ": folder (no trailing slash, "" at the top) and name. */
    record FileKey(String dir, String name, String path) {}

    /** Splits a FILE_METADATA key, or returns null when it is not one or is not UTF-8. */
    static FileKey parseFileKey(byte[] key) {
        byte[] p = ascii(FILE_PREFIX);
        if (!startsWith(key, p)) return null;
        String rest = strictUtf8(key, p.length, key.length);
        if (rest == null) return null;
        int cut = rest.lastIndexOf("/" + SEP);
        if (cut < 0) return null;
        String dir = rest.substring(0, cut);
        String name = rest.substring(cut + 1 + SEP.length());
        return new FileKey(dir, name, dir.isEmpty() ? name : dir + "/" + name);
    }

    /**
     * The path bytes of a FILE_METADATA key that is not UTF-8 ({@code a/b/\xff} for
     * {@code FILE_METADATA # a/b/ # \xff}): what `ls --json` gives as the name's exact bytes.
     * Null when the key is not a FILE_METADATA key with its separator.
     */
    static byte[] rawPath(byte[] key) {
        byte[] p = ascii(FILE_PREFIX);
        byte[] sep = ascii("/" + SEP);
        if (!startsWith(key, p)) return null;
        int cut = -1;
        for (int i = key.length - sep.length; i >= p.length && cut < 0; i--) {
            if (Arrays.equals(key, i, i + sep.length, sep, 0, sep.length)) cut = i;
        }
        if (cut < 0) return null;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(key.length);
        out.write(key, p.length, cut - p.length);
        if (cut > p.length) out.write('/');
        out.write(key, cut + sep.length, key.length - cut - sep.length);
        return out.toByteArray();
    }

    /** The key of the file at {@code path} given as bytes (names that are not UTF-8): the inverse of {@link #rawPath}. */
    static byte[] fileKey(byte[] path) {
        int slash = path.length - 1;
        while (slash >= 0 && path[slash] != '/') slash--;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(path.length + 32);
        out.writeBytes(ascii(FILE_PREFIX));
        if (slash > 0) out.write(path, 0, slash);
        out.writeBytes(ascii("/" + SEP));
        out.write(path, slash + 1, path.length - slash - 1);
        return out.toByteArray();
    }

    /** Why a stored name or folder path is unsafe, or null when it is fine. */
    static String unsafeName(FileKey k) {
        String n = k.name();
        if (n.isEmpty()) return "empty name";
        if (n.equals(".") || n.equals("..")) return "name " + n;
        if (n.indexOf('\0') >= 0) return "name holds NUL";
        if (n.indexOf('/') >= 0) return "name holds /";
        if (k.dir().startsWith("/")) return "absolute folder";
        if (!k.dir().isEmpty()) {
            for (String seg : k.dir().split("/", -1)) {
                if (seg.isEmpty()) return "empty folder segment";
                if (seg.equals(".") || seg.equals("..")) return "folder segment " + seg;
                if (seg.indexOf('\0') >= 0) return "folder holds NUL";
            }
        }
        return null;
    }

    /** Parsed {@code SHARD_METADATA # shard # offset}, or null. */
    record RecordKey(long shard, long offset) {}

    static RecordKey parseRecordKey(byte[] key) {
        byte[] p = ascii(SHARD_PREFIX);
        if (!startsWith(key, p) || key.length != p.length + 20 + SEP.length() + 20) return null;
        String s = new String(key, p.length, key.length - p.length, StandardCharsets.US_ASCII);
        if (!s.substring(20, 23).equals(SEP)) return null;
        try {
            long a = Long.parseLong(s.substring(0, 20));
            long b = Long.parseLong(s.substring(23));
            return a < 0 || b < 0 ? null : new RecordKey(a, b);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A key as `ldb scan` would print it when printable, with \xNN escapes otherwise. */
    static String printable(byte[] b) {
        StringBuilder sb = new StringBuilder();
        String s = strictUtf8(b, 0, b.length);
        if (s != null) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c < 0x20 || c == 0x7f) sb.append(String.format("\\x%02x", (int) c));
                else sb.append(c);
            }
            return sb.toString();
        }
        for (byte x : b) {
            int c = x & 0xff;
            if (c >= 0x20 && c < 0x7f) sb.append((char) c);
            else sb.append(String.format("\\x%02x", c));
        }
        return sb.toString();
    }
}
