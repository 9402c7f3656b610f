package dev.vitrine.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.text.Placeholders;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * `vitrine info`'s text, for a person (--json is for machines): nested objects as dotted names,
 * lists of records (channels, sections, packets) as aligned tables, placeholders such as
 * ±9223372036854775807 ("no bound") as "—", and for a folder archive both its main file's size
 * and the folder's.
 */
final class InfoText {
    private InfoText() {}

    static void print(PrintWriter out, Archive archive, String typed) throws java.io.IOException {
        out.println("file: " + typed);
        out.println("format: " + archive.format().displayName());
        out.println("size: " + size(archive));
        flat(out, "", archive.info());
    }

    /** "7321 bytes", or for an archive of several files "7321 bytes (the manifest), 336,120 bytes in 7 files". */
    static String size(Archive archive) {
        long main = archive.source().size();
        List<FileRef> files = archive.files();
        if (files.size() <= 1) return main + " bytes";
        long total = 0;
        for (FileRef f : files) {
            try { // through the archive, so a folder read from a URL prefix says the same as a local one
                total += archive.source(f).size();
            } catch (java.io.IOException | RuntimeException e) {
                // a missing part is damage, said elsewhere; the total is of those present
            }
        }
        return main + " bytes (" + archive.displayName(files.getFirst()) + "), " + total + " bytes in " + files.size()
                + " files (the folder)";
    }

    private static void flat(PrintWriter out, String prefix, JsonNode node) {
        Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = prefix + e.getKey();
            JsonNode v = e.getValue();
            if (name.equals("format")) continue; // already printed as the format's display name
            if (v.isObject() && !v.isEmpty()) flat(out, name + ".", v);
            else if (isTable(v)) table(out, name, v);
            else out.println(name + ": " + cell(v));
        }
    }

    /** A non-empty array whose items are all objects. */
    private static boolean isTable(JsonNode v) {
        if (!v.isArray() || v.isEmpty()) return false;
        for (JsonNode i : v) if (!i.isObject()) return false;
        return true;
    }

    /** "name:" and the rows below it, one column per key, numbers right-aligned. */
    private static void table(PrintWriter out, String name, JsonNode rows) {
        Set<String> keys = new LinkedHashSet<>();
        for (JsonNode r : rows) r.properties().forEach(e -> keys.add(e.getKey()));
        List<String> cols = new ArrayList<>(keys);
        List<String[]> cells = new ArrayList<>();
        cells.add(cols.toArray(String[]::new));
        boolean[] numeric = new boolean[cols.size()];
        java.util.Arrays.fill(numeric, true);
        for (JsonNode r : rows) {
            String[] c = new String[cols.size()];
            for (int i = 0; i < c.length; i++) {
                JsonNode v = r.get(cols.get(i));
                c[i] = v == null ? "" : cell(v);
                if (v != null && !v.isNumber() && !c[i].equals(Placeholders.DASH)) numeric[i] = false;
            }
            cells.add(c);
        }
        int[] width = new int[cols.size()];
        for (String[] c : cells) for (int i = 0; i < c.length; i++) width[i] = Math.max(width[i], c[i].length());
        out.println(name + ": " + rows.size());
        for (String[] c : cells) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < c.length; i++) {
                boolean last = i == c.length - 1;
                String pad = " ".repeat(width[i] - c[i].length());
                b.append("  ");
                if (numeric[i]) b.append(pad).append(c[i]);
                else b.append(c[i]).append(last ? "" : pad);
            }
            out.println(b.toString().stripTrailing());
        }
    }

    /** A value as text: strings bare, placeholders as "—", anything nested as compact JSON (placeholders replaced there too). */
    static String cell(JsonNode v) {
        if (v.isTextual()) return v.asText();
        if (isSentinel(v)) return Placeholders.DASH;
        if (v.isContainerNode())
            return v.toString().replace("-9223372036854775808", "\"—\"").replace("9223372036854775807", "\"—\"");
        return v.toString();
    }

    private static boolean isSentinel(JsonNode v) {
        return v.isIntegralNumber() && v.canConvertToLong() && Placeholders.is(v.asLong());
    }
}
