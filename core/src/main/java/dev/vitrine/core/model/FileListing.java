package dev.vitrine.core.model;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Capability of archives that hold files (CAF, DataBundle): a listing in data order and each
 * file's content. Names come from the archive and may be unsafe; export sanitises them.
 */
public interface FileListing {

    /**
     * One stored file. {@code range} is where its bytes are (for the hex view).
     * {@code attributes} are the format's extra per-entry facts, in the order `ls --json`
     * prints them after {@code name} and {@code size} (values are strings, numbers or
     * booleans), e.g. DataBundle's {@code type}, {@code shard}, {@code offset}, {@code crc32c}.
     * CAF has none, so its listing is unchanged. {@code nameBytes}: the name's exact bytes as
     * stored when they are not valid UTF-8 (so {@code name} can only approximate them, and two
     * names could read alike), else null; a format whose names are bytes gives them.
     */
    record Entry(String name, long size, ByteRange range, Map<String, Object> attributes, byte[] nameBytes) {
        public Entry {
            attributes = attributes == null || attributes.isEmpty()
                    ? Map.of()
                    : Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
            nameBytes = nameBytes == null ? null : nameBytes.clone();
        }

        public Entry(String name, long size, ByteRange range, Map<String, Object> attributes) {
            this(name, size, range, attributes, null);
        }

        public Entry(String name, long size, ByteRange range) {
            this(name, size, range, Map.of());
        }

        /** The stored bytes when they are not valid UTF-8, else null (a copy: entries stay immutable). */
        @Override
        public byte[] nameBytes() {
            return nameBytes == null ? null : nameBytes.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Entry e
                    && name.equals(e.name)
                    && size == e.size
                    && java.util.Objects.equals(range, e.range)
                    && attributes.equals(e.attributes)
                    && java.util.Arrays.equals(nameBytes, e.nameBytes);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(name, size, range, attributes) * 31 + java.util.Arrays.hashCode(nameBytes);
        }

        /** A folder entry of {@link #listing()} (attribute {@code type} is {@code folder}): nothing to export but the folder itself. */
        public boolean isFolder() {
            return "folder".equals(attributes.get("type"));
        }
    }

    /** The stored files, in data order: what export writes. Never folders. */
    List<Entry> entries() throws IOException;

    /**
     * What `ls` shows: {@link #entries()} plus, for formats that store folders (DataBundle),
     * the folders as entries with {@link Entry#isFolder()}, in path order.
     */
    default List<Entry> listing() throws IOException {
        return entries();
    }

    Content content(Entry entry) throws IOException;
}
