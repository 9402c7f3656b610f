package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.Dictionaries;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** var.dict, log.dict and array.dict as named, paged dictionaries; log and array types hold placeholders. */
final class ClpsDictionaries implements Dictionaries {
    private final ClpsArchive a;

    ClpsDictionaries(ClpsArchive a) {
        this.a = a;
    }

    @Override
    public List<String> names() {
        List<String> out = new ArrayList<>();
        for (String n : List.of(ClpsArchive.VAR_DICT, ClpsArchive.LOG_DICT, ClpsArchive.ARRAY_DICT)) {
            if (a.entry(n) != null) out.add(n.substring(1));
        }
        return out;
    }

    private ClpsDictionary load(String name) throws IOException {
        ClpsLoaded<ClpsDictionary> d = a.dictionary("/" + name);
        if (d.problem() != null) throw ClpsRecords.asException(d.problem());
        return d.value();
    }

    @Override
    public long entryCount(String name) throws IOException {
        return load(name).size();
    }

    @Override
    public List<String> entries(String name, long from, int count) throws IOException {
        ClpsDictionary d = load(name);
        List<String> out = new ArrayList<>();
        for (long i = Math.max(0, from); i < Math.min(d.size(), from + (long) count); i++) out.add(d.text((int) i));
        return out;
    }

    @Override
    public Map<Character, String> placeholders(String name) {
        if (!name.equals(ClpsArchive.LOG_DICT.substring(1)) && !name.equals(ClpsArchive.ARRAY_DICT.substring(1)))
            return Map.of();
        // Before 0.4.0, 0x11 was an integer or a var.dict id and 0x12 a float.
        return a.version().oldPlaceholders()
                ? Map.of('\u0011', "int|dict", '\u0012', "float")
                : Map.of('\u0011', "int", '\u0012', "dict", '\u0013', "float");
    }
}
