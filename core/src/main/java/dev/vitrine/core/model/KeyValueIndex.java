package dev.vitrine.core.model;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.LongPredicate;

/**
 * Capability of archives whose metadata is an ordered key-value store (DataBundle's RocksDB
 * index): the raw keys in bytewise order, narrowed by a key prefix and read a page at a time,
 * each with its value decoded for reading. An index may hold millions of keys, so nothing here
 * reads them all at once. Every call may read the archive: never on a UI thread.
 */
public interface KeyValueIndex {

    /**
     * How many keys start with {@code prefix} (empty: all). Walks those keys once; {@code progress}
     * hears the count so far every few thousand keys and stops the walk by returning false (the
     * count so far is then returned).
     */
    long count(byte[] prefix, LongPredicate progress) throws IOException;

    /** Keys {@code [from, from+count)} of those that start with {@code prefix}, in bytewise order. */
    List<Entry> entries(byte[] prefix, long from, int count) throws IOException;

    /** The structure tree's nodes from the root down to the node {@code entry} describes (a file, a record, the config), if any. */
    Optional<List<Node>> nodePath(Entry entry) throws IOException;

    /**
     * One key. {@code keyText} is the key made printable ({@link #printable}); {@code kind} the
     * format's name for what the key holds; {@code summary} its value in one line; {@code fields}
     * the value decoded, field by field; {@code range} the archive bytes the key points at, when
     * known. {@code index} is its position among the keys of the prefix it was read with.
     */
    record Entry(
            long index,
            byte[] key,
            String keyText,
            String kind,
            String summary,
            int valueSize,
            List<Field> fields,
            ByteRange range) {
        public Entry {
            fields = List.copyOf(fields);
            if (range == null) range = ByteRange.NONE;
        }
    }

    /**
     * A key as text: valid UTF-8 as itself with control characters and backslashes as
     * {@code \xNN}; anything else byte by byte, printable ASCII as itself and other bytes as
     * {@code \xNN}. {@link #prefixOf} reads it back, so a shown key can be typed as a filter.
     */
    static String printable(byte[] key) {
        StringBuilder sb = new StringBuilder(key.length + 8);
        String s = strictUtf8(key);
        if (s != null) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c < 0x20 || c == 0x7f || c == '\\') sb.append(String.format("\\x%02x", (int) c));
                else sb.append(c);
            }
            return sb.toString();
        }
        for (byte x : key) {
            int c = x & 0xff;
            if (c >= 0x20 && c < 0x7f && c != '\\') sb.append((char) c);
            else sb.append(String.format("\\x%02x", c));
        }
        return sb.toString();
    }

    /** The key bytes a typed filter stands for: UTF-8 of the text, with {@code \xNN} read as one byte. */
    static byte[] prefixOf(String typed) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(typed.length());
        int i = 0;
        while (i < typed.length()) {
            if (typed.startsWith("\\x", i)
                    && i + 4 <= typed.length()
                    && isHex(typed.charAt(i + 2))
                    && isHex(typed.charAt(i + 3))) {
                out.write(Integer.parseInt(typed.substring(i + 2, i + 4), 16));
                i += 4;
            } else {
                int cp = typed.codePointAt(i);
                out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
                i += Character.charCount(cp);
            }
        }
        return out.toByteArray();
    }

    private static boolean isHex(char c) {
        return Character.digit(c, 16) >= 0;
    }

    private static String strictUtf8(byte[] b) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(b))
                    .toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return null;
        }
    }
}
