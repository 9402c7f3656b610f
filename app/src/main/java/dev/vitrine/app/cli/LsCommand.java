package dev.vitrine.app.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.model.FileListing;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * `vitrine ls [--json] FILE`: the stored files of a file archive (CAF, DataBundle, ...) in
 * data order, one per line: size, offset, name. Generic over {@link FileListing}. Entries
 * whose bytes cannot be located show "?" (see `vitrine verify`). Files rebuilt from a range of
 * records (entries with {@value #FIRST_RECORD} and {@value #END_RECORD} attributes: clp-s's
 * ingested files) have no bytes of their own: they list as records (first-last), split number
 * and name instead. Names with control characters are printed quoted and escaped so they
 * cannot garble the terminal.
 */
final class LsCommand implements Callable<Integer> {
    /** Entry attributes of files rebuilt from records [first, end), and their split number. */
    static final String FIRST_RECORD = "first_record", END_RECORD = "end_record", SPLIT = "split_number";

    final CommandSpec spec =
            Specs.command(this, "ls", "List the files stored in an archive, in data order: size, offset, name.");
    private final ArchiveArgument archiveArg = new ArchiveArgument(spec);
    private boolean json;

    LsCommand() {
        Specs.add(
                spec,
                Specs.flag(
                        "--json",
                        "Print a JSON array of {name, size, offset, end} (null when unknown) and the format's own facts"
                                + " (files rebuilt from records: split_number, first_record, end_record (exclusive), fields);"
                                + " name_bytes (base64) when a stored name is not UTF-8.",
                        v -> json = v));
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        return archiveArg.run((archive, reading) -> {
            Optional<FileListing> listing = archiveArg.fileListing(archive);
            if (listing.isEmpty()) return ExitCodes.UNREADABLE;
            // Damage at open (an entry without its range, a broken index) is printed and makes
            // the exit status 1: the listing below is what could be read.
            reading.openProblems(archive, false);
            // listing(): the files and, for formats that store them (DataBundle), the folders too.
            List<FileListing.Entry> entries = listing.get().listing();
            if (json) printJson(out, entries);
            else printText(out, entries);
            out.flush();
            // An entry without a byte range is not damage by itself: formats that rebuild files
            // from records (clp-s) have none. Damage is what the archive reported above.
            return ExitCodes.OK;
        });
    }

    private static void printText(PrintWriter out, List<FileListing.Entry> entries) {
        if (!entries.isEmpty() && entries.stream().allMatch(e -> e.attributes().containsKey(FIRST_RECORD))) {
            printRecordRanges(out, entries);
            return;
        }
        int sizeWidth = 4, offWidth = 6;
        for (FileListing.Entry e : entries) {
            sizeWidth = Math.max(sizeWidth, Long.toString(e.size()).length());
            offWidth = Math.max(offWidth, offsetText(e).length());
        }
        // One buffer for the whole listing: the shared writer flushes on every line, which
        // costs a system call per file on a 100,000-file chunk.
        StringBuilder b = new StringBuilder(64 * 1024);
        row(b, sizeWidth, "size", offWidth, "offset", "name");
        for (FileListing.Entry e : entries) {
            boolean located = !e.range().isNone();
            Object at = e.attributes().get("offset");
            String offset = offsetText(e);
            String name = printable(e.name()) + (e.isFolder() ? "/" : "");
            row(
                    b,
                    sizeWidth,
                    located || e.isFolder() || at != null ? Long.toString(e.size()) : "?",
                    offWidth,
                    offset,
                    name);
            if (b.length() > 60 * 1024) {
                out.write(b.toString());
                b.setLength(0);
            }
        }
        out.write(b.toString());
    }

    /** The offset column as printed; the width is measured on the same text (a format's own offset may be longer than its byte range's). */
    private static String offsetText(FileListing.Entry e) {
        Object at = e.attributes().get("offset");
        return at != null
                ? String.valueOf(at)
                : !e.range().isNone() ? Long.toString(e.range().offset()) : e.isFolder() ? "-" : "?";
    }

    /** records (first-last, "-" when none), split number ("-" when the format has none), name. */
    private static void printRecordRanges(PrintWriter out, List<FileListing.Entry> entries) {
        List<String> ranges = entries.stream().map(LsCommand::recordRange).toList();
        int w1 = Math.max(7, ranges.stream().mapToInt(String::length).max().orElse(0));
        int w2 = Math.max(
                5, entries.stream().mapToInt(e -> split(e).length()).max().orElse(0));
        StringBuilder b = new StringBuilder(64 * 1024);
        row(b, w1, "records", w2, "split", "name");
        for (int i = 0; i < entries.size(); i++) {
            row(
                    b,
                    w1,
                    ranges.get(i),
                    w2,
                    split(entries.get(i)),
                    printable(entries.get(i).name()));
            if (b.length() > 60 * 1024) {
                out.write(b.toString());
                b.setLength(0);
            }
        }
        out.write(b.toString());
    }

    private static String recordRange(FileListing.Entry e) {
        Object first = e.attributes().get(FIRST_RECORD);
        Object end = e.attributes().get(END_RECORD);
        if (first instanceof Number f && end instanceof Number n) {
            return n.longValue() > f.longValue() ? f.longValue() + "-" + (n.longValue() - 1) : "-";
        }
        return "?";
    }

    private static String split(FileListing.Entry e) {
        Object s = e.attributes().get(SPLIT);
        return s == null ? "-" : String.valueOf(s);
    }

    private static void row(StringBuilder b, int w1, String size, int w2, String offset, String name) {
        b.repeat(' ', w1 - size.length())
                .append(size)
                .append("  ")
                .repeat(' ', w2 - offset.length())
                .append(offset)
                .append("  ")
                .append(name)
                .append(System.lineSeparator());
    }

    /**
     * The name as is, unless it holds characters a terminal would act on (controls, any
     * surrogate) or that would make it display as another name (bidi controls, zero-width and
     * other invisible characters: {@link EntryPathPolicy#needsQuoting}); then quoted with those
     * escaped, e.g. {@code "rtl\u202etxt.exe"}.
     */
    static String printable(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (Character.isSurrogate(name.charAt(i))) return EntryPathPolicy.quote(name);
        }
        return EntryPathPolicy.shown(name);
    }

    private static void printJson(PrintWriter out, List<FileListing.Entry> entries) throws IOException {
        JsonGenerator g = Json.MAPPER.getFactory().createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.useDefaultPrettyPrinter();
        g.writeStartArray();
        for (FileListing.Entry e : entries) {
            g.writeStartObject();
            g.writeStringField("name", e.name());
            // A name that is not UTF-8 can only be approximated as text: its exact bytes too, so two names never read
            // alike.
            byte[] raw = e.nameBytes();
            if (raw != null)
                g.writeStringField("name_bytes", java.util.Base64.getEncoder().encodeToString(raw));
            boolean located = !e.range().isNone();
            if (!e.attributes().isEmpty()) {
                // The format's own facts (DataBundle: type, shard, offset in the shard's stream, crc32c;
                // clp-s: split number, record range and the range index's fields).
                if (e.size() < 0) g.writeNullField("size");
                else g.writeNumberField("size", e.size());
                if (!located && !e.attributes().containsKey("offset")) {
                    g.writeNullField("offset");
                    g.writeNullField("end");
                }
                for (var a : e.attributes().entrySet()) g.writeObjectField(a.getKey(), a.getValue());
            } else if (located) {
                g.writeNumberField("size", e.size());
                g.writeNumberField("offset", e.range().offset());
                g.writeNumberField("end", e.range().end());
            } else {
                g.writeNullField("size");
                g.writeNullField("offset");
                g.writeNullField("end");
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.flush();
        out.println();
    }
}
