package dev.vitrine.app.cli;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.io.Uleb128;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.JsonRecords;
import dev.vitrine.core.model.SortedRecords;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.remote.RemoteSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * `vitrine cat`: chosen by what the archive can do, never by its format. With an ENTRY, one
 * stored file ({@link FileListing}); without, the records: sorted records with key ranges
 * ({@link SortedRecords}, byte-identical to `zss dump` with the same options) or JSON records
 * as JSON lines, filtered by --query ({@link JsonRecords}).
 */
final class CatCommand implements Callable<Integer> {

    enum LengthPrefix {
        uleb128,
        u64le
    }

    final CommandSpec spec = Specs.command(
            this,
            "cat",
            "Write records, JSON records or messages, or one stored file, to standard output.",
            "Keys and terminators take backslash escapes: \\xff, \\x00, \\n.");
    private final ArchiveArgument archiveArg = new ArchiveArgument(spec);
    private final VitrineCli root;
    private String entry;
    private boolean json;
    private Boolean progress;
    // sorted records (ZSS, ZS)
    private String start;
    private String stop;
    private String prefix;
    private String terminator;
    private LengthPrefix lengthPrefixed;
    // JSON records (clp-s)
    private String query;
    // time-stamped messages (Ark logs)
    private java.util.List<String> channels = java.util.List.of();
    private Long startNs;
    private Long stopNs;
    private java.nio.file.Path raw;

    /** {@code root} gives standard output as bytes. */
    CatCommand(VitrineCli root) {
        this.root = root;
        spec.addPositional(Specs.positional(
                "1", "0..1", "ENTRY", String.class, "Stored file to print (file archives).", v -> entry = v));
        Specs.add(
                spec,
                Specs.flag(
                        "--json",
                        "JSON lines (what JSON records and time-stamped messages print; accepted for scripts).",
                        v -> json = v),
                Specs.negatable(
                        "--progress",
                        "Draw a progress line on standard error (default: when it is a terminal, never with --json).",
                        v -> progress = v));
        // Options grouped by the archives they apply to, so `cat --help` shows each under its heading.
        Specs.group(
                spec,
                "%nSorted records (ZSS, ZS):%n",
                1,
                false,
                Specs.option("--start", "K", String.class, "First key (inclusive).", v -> start = v)
                        .order(1),
                Specs.option("--stop", "K", String.class, "Last key (exclusive).", v -> stop = v)
                        .order(2),
                Specs.option("--prefix", "K", String.class, "Only records starting with K.", v -> prefix = v)
                        .order(3));
        Specs.group(
                spec,
                "%nRecord framing (ZSS, ZS):%n",
                2,
                true,
                Specs.option(
                        "--terminator",
                        "T",
                        String.class,
                        "Written after each record (default \\n).",
                        v -> terminator = v),
                Specs.option(
                        "--length-prefixed",
                        "uleb128|u64le",
                        LengthPrefix.class,
                        "Write each record's length before it instead of a terminator.",
                        v -> lengthPrefixed = v));
        Specs.group(
                spec,
                "%nJSON records (clp-s):%n",
                3,
                false,
                Specs.option(
                        "--query",
                        "KQL",
                        String.class,
                        "Only the records matching this query (the format's query language).",
                        v -> query = v));
        Specs.group(
                spec,
                "%nTime-stamped messages (Ark logs):%n",
                4,
                false,
                Specs.repeatable("--channel", "NAME", "Only messages of this channel (repeatable).", v -> channels = v)
                        .order(1),
                Specs.option(
                                "--start-ns",
                                "N",
                                Long.class,
                                "Messages at or after N ns (latched channels first give their last earlier message).",
                                v -> startNs = v)
                        .order(2),
                Specs.option("--stop-ns", "N", Long.class, "Messages at or before N ns.", v -> stopNs = v)
                        .order(3),
                Specs.option(
                                "--raw",
                                "DIR",
                                java.nio.file.Path.class,
                                "Write each message's decompressed payload as a file in DIR instead of JSON.",
                                v -> raw = v)
                        .order(4));
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        String file = archiveArg.typed();
        return archiveArg.run((archive, reading) -> {
            reading.openProblems(archive, false);
            if (archive.unreadable()) return ExitCodes.DAMAGED;
            Optional<SortedRecords> records = archive.capability(SortedRecords.class);
            Optional<JsonRecords> json = archive.capability(JsonRecords.class);
            Optional<FileListing> listing = archive.capability(FileListing.class);
            Optional<TimedMessages> timed = archive.capability(TimedMessages.class);
            String name = archive.format().displayName();
            boolean timeOptions = !channels.isEmpty() || startNs != null || stopNs != null || raw != null;
            if (timeOptions && (entry != null || query != null || timed.isEmpty())) {
                err.println("vitrine: " + file
                        + ": --channel, --start-ns, --stop-ns and --raw are for time-stamped messages"
                        + (entry != null
                                ? ", not a stored file"
                                : query != null ? ", not with --query" : "; " + name + " has none"));
                return ExitCodes.UNREADABLE;
            }
            boolean keyOptions =
                    start != null || stop != null || prefix != null || terminator != null || lengthPrefixed != null;
            if (entry != null && listing.isEmpty()) {
                err.println("vitrine: " + file + ": " + name + " holds records, not files: leave out ENTRY");
                return ExitCodes.UNREADABLE;
            }
            if (query != null && (entry != null || json.isEmpty())) {
                err.println("vitrine: " + file + ": --query filters JSON records"
                        + (entry != null ? ", not a stored file" : "; " + name + " has none"));
                return ExitCodes.UNREADABLE;
            }
            if (keyOptions && (entry != null || records.isEmpty())) {
                err.println("vitrine: " + file
                        + ": --start, --stop, --prefix, --terminator and --length-prefixed are for sorted records"
                        + (entry != null ? ", not a stored file" : "; " + name + " has none"));
                return ExitCodes.UNREADABLE;
            }
            OutputBuffer out = new OutputBuffer(root.stdout(), 1 << 18);
            try (ProgressLine line =
                    progress(ProgressLine.besideOutput(err, this.json ? Boolean.FALSE : progress), archive, out)) {
                if (entry != null) return catEntry(listing.get(), out, err, file);
                if (records.isPresent()) {
                    catRecords(records.get(), out);
                } else if (timed.isPresent() && query == null) {
                    return catTimed(
                            timed.get(),
                            dev.vitrine.core.export.ExportLimit.of(archive, dev.vitrine.core.limits.Limits.DEFAULT),
                            out,
                            err,
                            file);
                } else if (json.isPresent()) {
                    return catJson(json.get(), out, err);
                } else if (listing.isPresent()) {
                    err.println("vitrine: " + file + ": holds files: name one (see `vitrine ls " + file + "`)");
                    return ExitCodes.UNREADABLE;
                } else {
                    err.println("vitrine: " + file + ": " + name + " has nothing cat can print");
                    return ExitCodes.UNREADABLE;
                }
            } finally {
                out.flush(); // what was readable before any damage is written, as the reference does
            }
            return ExitCodes.OK;
        });
    }

    /**
     * What cat's progress line counts: for a remote single-file archive the bytes fetched of its
     * size (cat fetches each about once, so the time left holds); otherwise the bytes written,
     * with no total (records expand by an amount no header states for every format).
     */
    private static ProgressLine progress(ProgressLine line, Archive archive, OutputBuffer out) {
        if (archive.files().size() == 1 && archive.source() instanceof RemoteSource r) {
            long size = r.size();
            return line.follow(() -> Math.min(size, r.object().stats().bytes()), () -> size);
        }
        return line.follow(out::passed, () -> 0);
    }

    /**
     * Time-stamped messages in time order as {@code {"channel","time_ns","value"}} lines, or with
     * --raw their decompressed payloads as files {@code NNNNNNNN-TIME-CHANNEL.bin} (never replacing
     * one), stopping at the export output limit: payloads can decompress far beyond the log's size.
     */
    private int catTimed(
            TimedMessages messages,
            dev.vitrine.core.export.ExportLimit limit,
            OutputBuffer out,
            PrintWriter err,
            String file)
            throws IOException {
        String unknown = ChannelNames.unknown(messages, channels, file);
        if (unknown != null) {
            err.println(unknown);
            return ExitCodes.UNREADABLE;
        }
        long lo = startNs == null ? Long.MIN_VALUE : startNs;
        long hi = stopNs == null ? Long.MAX_VALUE : stopNs;
        if (raw == null) {
            messages.writeJsonLines(channels, lo, hi, out);
            return ExitCodes.OK;
        }
        java.nio.file.Files.createDirectories(raw);
        int exit = ExitCodes.OK;
        long n = 0;
        long written = 0;
        try (TimedMessages.Cursor c = messages.messages(channels, lo, hi)) {
            while (c.hasNext()) {
                TimedMessages.Message m = c.next();
                String name = String.format("%08d-%d-%s.bin", n++, m.timeNs(), TimedMessages.safeFileName(m.channel()));
                byte[] payload;
                try {
                    payload = m.payload();
                } catch (IOException e) { // damage in the archive: said, and the rest still written
                    err.println("vitrine: " + file + ": " + m.range().file() + ": offset "
                            + m.range().offset() + ": " + e.getMessage());
                    exit = ExitCodes.DAMAGED;
                    continue;
                }
                if (payload.length > limit.bytes() - written) {
                    err.println("vitrine: " + file + ": --raw stopped at " + name + " ("
                            + m.range().file() + ", offset " + m.range().offset()
                            + "): writing its " + payload.length + " bytes would take the output to "
                            + (written + payload.length)
                            + " bytes, past the output limit of " + limit.describe()
                            + ", which keeps a log whose messages expand from filling the disk");
                    return ExitCodes.DAMAGED;
                }
                java.nio.file.Files.write(raw.resolve(name), payload, java.nio.file.StandardOpenOption.CREATE_NEW);
                written += payload.length;
            }
        }
        return exit;
    }

    /** JSON lines; a query the format cannot parse is bad usage, shown with a caret under the mistake. */
    private int catJson(JsonRecords records, OutputBuffer out, PrintWriter err) throws IOException {
        try {
            records.writeJsonLines(query, out);
            return ExitCodes.OK;
        } catch (JsonRecords.QuerySyntaxException e) {
            out.flush();
            err.println("vitrine: --query: " + e.getMessage());
            String q = query == null ? "" : query;
            int at = Math.max(0, Math.min(e.position(), q.length()));
            // One line: a query with newlines would put the caret under the wrong character.
            String shown = q.replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
            err.println("  " + shown);
            err.println("  " + " ".repeat(at) + "^");
            return ExitCodes.UNREADABLE;
        }
    }

    private void catRecords(SortedRecords records, OutputBuffer out) throws IOException {
        byte[] lo = start == null ? null : Escapes.parse(start);
        byte[] hi = stop == null ? null : Escapes.parse(stop);
        byte[] pre = prefix == null ? null : Escapes.parse(prefix);
        LengthPrefix lp = lengthPrefixed;
        byte[] term = terminator == null ? new byte[] {'\n'} : Escapes.parse(terminator);
        byte[] len = new byte[10];
        if (lp == null && term.length == 1) {
            // The usual case (one terminator byte): a small, separate loop body the JIT compiles early.
            byte t = term[0];
            records.scan(lo, hi, pre, (rec, off, n) -> {
                out.writeTerminated(rec, off, n, t);
                return true;
            });
            return;
        }
        records.scan(lo, hi, pre, (rec, off, n) -> {
            if (lp == LengthPrefix.uleb128) {
                out.write(len, 0, Uleb128.encode(n, len, 0));
            } else if (lp == LengthPrefix.u64le) {
                for (int i = 0; i < 8; i++) len[i] = (byte) ((long) n >>> (8 * i));
                out.write(len, 0, 8);
            }
            out.write(rec, off, n);
            if (lp == null) out.write(term);
            return true;
        });
    }

    private int catEntry(FileListing listing, OutputStream out, PrintWriter err, String file) throws IOException {
        for (FileListing.Entry e : listing.entries()) {
            if (e.name().equals(entry)) {
                Content c = listing.content(e);
                try (InputStream in = c.open()) {
                    in.transferTo(out);
                }
                return ExitCodes.OK;
            }
        }
        String folder = entry.endsWith("/") ? entry.substring(0, entry.length() - 1) : entry;
        for (FileListing.Entry e : listing.listing()) {
            String name =
                    e.name().endsWith("/") ? e.name().substring(0, e.name().length() - 1) : e.name();
            if (e.isFolder() && name.equals(folder)) {
                // ls lists it: "no entry named" would send the user looking for a typo
                err.println("vitrine: " + file + ": " + EntryPathPolicy.quote(entry)
                        + " is a folder; cat writes one stored file (`vitrine export " + file + " DIR "
                        + EntryPathPolicy.shown(entry)
                        + "` writes a folder)");
                return ExitCodes.UNREADABLE;
            }
        }
        err.println("vitrine: " + file + ": no entry named " + EntryPathPolicy.quote(entry) + " (see `vitrine ls "
                + file + "`)");
        return ExitCodes.UNREADABLE;
    }
}
