package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ingested files the RangeIndex names, as a file listing: each is a range of records
 * [first_record, end_record) rebuilt as JSON lines, named by its {@code _filename} (or by its
 * range when it has none). Its size is known only once decoded, so it is -1 here; the
 * attributes carry what {@code ls} shows: the split number, the record range and every field
 * the range index holds for it.
 */
final class ClpsIngestedFiles {
    /** Attribute keys: the record range (end exclusive) and the split number. */
    static final String FIRST_RECORD = "first_record", END_RECORD = "end_record", SPLIT = "split_number", FIELDS = "fields";

    private ClpsIngestedFiles() {}

    static List<FileListing.Entry> entries(ClpsMetadata metadata) {
        List<FileListing.Entry> out = new ArrayList<>();
        if (metadata == null || metadata.rangeIndex == null) return out;
        for (ClpsMetadata.RangeEntry r : metadata.rangeIndex) {
            Object fn = r.fields().get("_filename");
            String name = fn == null ? "records " + r.start() + "-" + r.end() : String.valueOf(fn);
            Map<String, Object> a = new LinkedHashMap<>();
            Object split = r.fields().get("_file_split_number");
            if (split != null) a.put(SPLIT, split);
            a.put(FIRST_RECORD, r.start());
            a.put(END_RECORD, r.end());
            a.put(FIELDS, r.fields());
            out.add(new FileListing.Entry(name, -1, ByteRange.NONE, a));
        }
        return out;
    }
}
