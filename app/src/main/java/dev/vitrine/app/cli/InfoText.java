package dev.vitrine.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.json.JsonText;
import dev.vitrine.core.text.Placeholders;
import dev.vitrine.core.text.TimeText;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * `vitrine info`'s text, for a person (--json is for machines): nested objects as dotted names,
 * lists of records (channels, sections, packets) as aligned tables, a record's own lists of
 * records (a section's columns, a packet's value) as tables of their own under it, never JSON
 * blobs; nanosecond times (names ending in _ns or _time) as the timeline shows them, the time
 * and its offset from the earliest _ns time named; placeholders such as ±9223372036854775807
 * ("no bound") as "—"; and for a folder archive both its main file's size and the folder's.
 */
final class InfoText {
    private final PrintWriter out;
    /** The earliest time the summary names: what times are offset from (the log's start). */
    private final long startNs;

    private InfoText(PrintWriter out, long startNs) {
        this.out = out;
        this.startNs = startNs;
    }

    static void print(PrintWriter out, Archive archive, String typed) throws java.io.IOException {
        out.println("file: " + typed);
        out.println("format: " + archive.format().displayName());
        out.println("size: " + size(archive));
        JsonNode info = archive.info();
        new InfoText(out, earliest(info, "", Long.MAX_VALUE)).object("", "", info);
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

    private static long earliest(JsonNode v, String key, long min) {
        if (v.isIntegralNumber() && key.endsWith("_ns") && v.canConvertToLong() && !Placeholders.is(v.asLong()))
            return Math.min(min, v.asLong());
        if (v.isObject()) {
            for (Map.Entry<String, JsonNode> e : v.properties()) min = earliest(e.getValue(), e.getKey(), min);
        } else if (v.isArray()) {
            for (JsonNode i : v) min = earliest(i, key, min);
        }
        return min;
    }

    /** An object's members: "name: value", nested objects as dotted names, lists of records as tables. */
    private void object(String indent, String prefix, JsonNode node) {
        Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = prefix + e.getKey();
            JsonNode v = e.getValue();
            if (name.equals("format")) continue; // already printed as the format's display name
            if (v.isObject() && !v.isEmpty()) object(indent, name + ".", v);
            else if (isTable(v)) table(indent, name, v);
            else out.println(indent + heading(name, v) + ": " + cell(e.getKey(), v));
        }
    }

    /** A non-empty array whose items are all objects. */
    private static boolean isTable(JsonNode v) {
        if (!v.isArray() || v.isEmpty()) return false;
        for (JsonNode i : v) if (!i.isObject()) return false;
        return true;
    }

    /** A value that fits a cell: a scalar, a list of scalars, or an object of those (flattened to dotted columns). */
    private static boolean flat(JsonNode v) {
        if (v.isValueNode()) return true;
        if (v.isArray()) {
            for (JsonNode i : v) if (!i.isValueNode()) return false;
            return true;
        }
        for (Map.Entry<String, JsonNode> e : v.properties()) if (!flat(e.getValue())) return false;
        return true;
    }

    /** The columns of rows: paths to values that fit a cell; paths to anything larger go to {@code nested}. */
    private static void columns(JsonNode row, List<String> path, List<List<String>> cols, List<List<String>> nested) {
        for (Map.Entry<String, JsonNode> e : row.properties()) {
            List<String> p = new ArrayList<>(path);
            p.add(e.getKey());
            JsonNode v = e.getValue();
            if (v.isObject() && !v.isEmpty() && flat(v)) columns(v, p, cols, nested);
            else if (flat(v)) {
                if (!cols.contains(p)) cols.add(p);
            } else if (!nested.contains(p)) nested.add(p);
        }
    }

    private static JsonNode at(JsonNode row, List<String> path) {
        JsonNode v = row;
        for (String k : path) v = v == null ? null : v.get(k);
        return v;
    }

    private static boolean under(List<String> p, List<List<String>> nested) {
        for (List<String> n : nested)
            if (p.size() > n.size() && p.subList(0, n.size()).equals(n)) return true;
        return false;
    }

    /** "name: N", the rows below it (numbers right-aligned), then each row's nested records under their own headings. */
    private void table(String indent, String name, JsonNode rows) {
        List<List<String>> cols = new ArrayList<>();
        List<List<String>> nested = new ArrayList<>();
        for (JsonNode r : rows) columns(r, List.of(), cols, nested);
        cols.removeIf(p -> nested.contains(p) || under(p, nested));
        List<String[]> cells = new ArrayList<>();
        String[] head = new String[cols.size()];
        boolean[] numeric = new boolean[cols.size()];
        java.util.Arrays.fill(numeric, true);
        for (int i = 0; i < head.length; i++) {
            List<String> p = cols.get(i);
            String key = p.getLast();
            boolean time = false;
            for (JsonNode r : rows) time |= isTime(key, at(r, p));
            head[i] = String.join(".", p.subList(0, p.size() - 1))
                    + (p.size() > 1 ? "." : "")
                    + (time ? timeName(key) : key);
        }
        cells.add(head);
        for (JsonNode r : rows) {
            String[] c = new String[cols.size()];
            for (int i = 0; i < c.length; i++) {
                String key = cols.get(i).getLast();
                JsonNode v = at(r, cols.get(i));
                c[i] = v == null || v.isMissingNode() ? "" : cell(key, v);
                if (v != null && (!v.isNumber() || isTime(key, v)) && !c[i].equals(Placeholders.DASH))
                    numeric[i] = false;
            }
            cells.add(c);
        }
        int[] width = new int[cols.size()];
        for (String[] c : cells) for (int i = 0; i < c.length; i++) width[i] = Math.max(width[i], c[i].length());
        out.println(indent + name + ": " + rows.size());
        for (String[] c : cells) {
            StringBuilder b = new StringBuilder(indent);
            for (int i = 0; i < c.length; i++) {
                boolean last = i == c.length - 1;
                String pad = " ".repeat(width[i] - c[i].length());
                b.append("  ");
                if (numeric[i]) b.append(pad).append(c[i]);
                else b.append(c[i]).append(last ? "" : pad);
            }
            out.println(b.toString().stripTrailing());
        }
        String inner = indent + "  ";
        for (int i = 0; i < rows.size(); i++) {
            JsonNode r = rows.get(i);
            JsonNode label = r.get("name");
            for (List<String> p : nested) {
                JsonNode v = at(r, p);
                if (v == null || v.isMissingNode()) continue;
                String title = name + "[" + i + "]." + String.join(".", p)
                        + (label != null && label.isTextual() ? " (" + label.asText() + ")" : "");
                if (isTable(v)) table(inner, title, v);
                else if (v.isObject() && !v.isEmpty()) {
                    out.println(inner + title + ":");
                    object(inner + "  ", "", v);
                } else if (v.isArray() && v.isEmpty()) out.println(inner + title + ": 0");
                else out.println(inner + title + ": " + cell(p.getLast(), v));
            }
        }
    }

    /** A nanosecond time: an integer named *_ns or *_time. */
    private static boolean isTime(String key, JsonNode v) {
        return v != null
                && v.isIntegralNumber()
                && v.canConvertToLong()
                && (key.endsWith("_ns") || key.endsWith("_time"));
    }

    /** A time's heading: the name without its unit, as the value is no longer nanoseconds. */
    private static String timeName(String key) {
        return key.endsWith("_ns") ? key.substring(0, key.length() - 3) : key;
    }

    private static String heading(String name, JsonNode v) {
        int dot = name.lastIndexOf('.');
        String key = name.substring(dot + 1);
        return isTime(key, v) ? name.substring(0, dot + 1) + timeName(key) : name;
    }

    /** A value as text: strings bare, placeholders as "—", times as times, fractions to six digits, lists of scalars as compact JSON. */
    private String cell(String key, JsonNode v) {
        if (v.isTextual()) return Placeholders.inText(v.asText());
        if (isSentinel(v)) return Placeholders.DASH;
        if (isTime(key, v))
            return startNs == Long.MAX_VALUE
                    ? TimeText.absolute(v.asLong(), 1_000_000)
                    : TimeText.at(v.asLong(), startNs);
        if (v.isFloatingPointNumber() && Double.isFinite(v.doubleValue()))
            return new BigDecimal(v.doubleValue())
                    .round(new MathContext(6))
                    .stripTrailingZeros()
                    .toPlainString();
        if (v.isContainerNode()) return Placeholders.inText(JsonText.compact(v));
        return JsonText.compact(v);
    }

    private static boolean isSentinel(JsonNode v) {
        return v.isIntegralNumber() && v.canConvertToLong() && Placeholders.is(v.asLong());
    }
}
