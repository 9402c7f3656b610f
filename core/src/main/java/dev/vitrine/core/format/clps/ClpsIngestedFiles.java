package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ingested files the RangeIndex names, as a file listing: each is a range of records
 * [first_record, end_record) rebuilt as JSON lines, named by its {@code _filename} (or by its
 * range when it has none). Its size is known only once decoded, so it is -1 here; the
 * attributes carry what {@code ls} shows: the split number, the record range and every field
 * the range index holds for it (the original {@code _filename} among them).
 *
 * <p>clp-s is usually run on absolute paths, so most archives name their files {@code /var/log/...}.
 * Refusing those would make export useless; following them would write outside the export
 * folder. The name is made safe instead, as the issue asks: resolved lexically, with the root
 * and any {@code ..} that would climb above it dropped ({@code /var/log/../../x} becomes
 * {@code x}). Two files that become one name are told apart by their record range.
 *
 * <p>A {@code _filename} that is not UTF-8 (Linux names are bytes) keeps its bytes in the name
 * as lone surrogates ({@link ClpsRawText}): {@code ls} and the file table show it escaped,
 * {@code "\\udcffname.jsonl"}, and two such names never show alike; {@link #nameBytes} gives
 * the name's exact bytes. java.nio cannot create a file
 * whose name is not text, so export writes it under {@link #exportNames its name with U+FFFD}
 * for each such byte, told apart by its record range if another file has that name.
 */
final class ClpsIngestedFiles {
    /** Attribute keys: the record range (end exclusive) and the split number. */
    static final String FIRST_RECORD = "first_record",
            END_RECORD = "end_record",
            SPLIT = "split_number",
            FIELDS = "fields";

    /**
     * The exact bytes of a listed name that is not UTF-8, else null: FileListing.Entry's
     * nameBytes, which ls --json prints as name_bytes.
     */
    static byte[] nameBytes(String name) {
        return ClpsRawText.hasRawBytes(name) ? ClpsRawText.bytes(name) : null;
    }

    private ClpsIngestedFiles() {}

    static List<FileListing.Entry> entries(ClpsMetadata metadata) {
        List<FileListing.Entry> out = new ArrayList<>();
        Set<String> used = new HashSet<>();
        if (metadata == null || metadata.rangeIndex == null) return out;
        for (ClpsMetadata.RangeEntry r : metadata.rangeIndex) {
            Object fn = r.fields().get("_filename");
            String range = "records " + r.start() + "-" + r.end();
            String name = fn == null ? range : safeName(String.valueOf(fn));
            if (name.isEmpty()) name = range;
            if (!used.add(name)) name = name + " (" + range + ")";
            Map<String, Object> a = new LinkedHashMap<>();
            Object split = r.fields().get("_file_split_number");
            if (split != null) a.put(SPLIT, split);
            a.put(FIRST_RECORD, r.start());
            a.put(END_RECORD, r.end());
            a.put(FIELDS, r.fields());
            out.add(new FileListing.Entry(name, -1, ByteRange.NONE, a, nameBytes(name)));
        }
        return out;
    }

    /**
     * The names export writes the entries under, in the same order: each as listed, except that
     * bytes that are not UTF-8 become U+FFFD, with the record range added when that would give
     * a name another entry has (\xff and \xfe both read as U+FFFD: never two files in one).
     */
    static List<String> exportNames(List<FileListing.Entry> entries) {
        Set<String> taken = new HashSet<>();
        for (FileListing.Entry e : entries) taken.add(e.name());
        List<String> out = new ArrayList<>(entries.size());
        for (FileListing.Entry e : entries) {
            String name = e.name();
            if (ClpsRawText.hasRawBytes(name)) {
                String base = ClpsRawText.replaced(name);
                name = base;
                String range = "records " + e.attributes().get(FIRST_RECORD) + "-"
                        + e.attributes().get(END_RECORD);
                for (int n = 1; !taken.add(name); n++) name = base + " (" + range + (n == 1 ? "" : ", " + n) + ")";
            }
            out.add(name);
        }
        return out;
    }

    /** The name with {@code .} and {@code x/..} resolved, the root and climbing {@code ..} dropped; "" when nothing is left. */
    static String safeName(String name) {
        Deque<String> kept = new ArrayDeque<>();
        for (String seg : name.split("[/\\\\]")) {
            if (seg.isEmpty() || seg.equals(".")) continue;
            if (seg.equals("..")) {
                kept.pollLast();
            } else {
                kept.addLast(seg);
            }
        }
        return String.join("/", kept);
    }
}
