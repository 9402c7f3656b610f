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
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * `vitrine cat`: chosen by what the archive can do, never by its format. With an ENTRY, one
 * stored file ({@link FileListing}); without, the records: sorted records with key ranges
 * ({@link SortedRecords}, byte-identical to `zss dump` with the same options) or JSON records
 * as JSON lines, filtered by --query ({@link JsonRecords}).
 */
@Command(
        name = "cat",
        description = {
            "Write records, JSON records or messages, or one stored file, to standard output.",
            "Keys and terminators take backslash escapes: \\xff, \\x00, \\n."
        })
final class CatCommand implements Callable<Integer> {

    enum LengthPrefix {
        uleb128,
        u64le
    }

    @Mixin
    ArchiveArgument archiveArg;

    @Parameters(
            index = "1",
            arity = "0..1",
            paramLabel = "ENTRY",
            description = "Stored file to print (file archives).")
    String entry;

    @Option(
            names = "--json",
            description = "JSON lines (what JSON records and time-stamped messages print; accepted for scripts).")
    boolean json;

    // Options grouped by the archives they apply to, so `cat --help` shows each under its heading.
    @ArgGroup(validate = false, heading = "%nSorted records (ZSS, ZS):%n", order = 1)
    Sorted sorted = new Sorted();

    @ArgGroup(validate = false, heading = "%nJSON records (clp-s):%n", order = 3)
    JsonOptions jsonOptions = new JsonOptions();

    @ArgGroup(validate = false, heading = "%nTime-stamped messages (Ark logs):%n", order = 4)
    Timed timedOptions = new Timed();

    static final class Sorted {
        @Option(names = "--start", paramLabel = "K", description = "First key (inclusive).", order = 1)
        String start;

        @Option(names = "--stop", paramLabel = "K", description = "Last key (exclusive).", order = 2)
        String stop;

        @Option(names = "--prefix", paramLabel = "K", description = "Only records starting with K.", order = 3)
        String prefix;
    }

    @Option(
            names = "--progress",
            negatable = true,
            description = "Draw a progress line on standard error (default: when it is a terminal, never with --json).")
    Boolean progress;

    @ArgGroup(exclusive = true, heading = "%nRecord framing (ZSS, ZS):%n", order = 2)
    Framing framing = new Framing();

    static final class Framing {
        @Option(names = "--terminator", paramLabel = "T", description = "Written after each record (default \\n).")
        String terminator;

        @Option(
                names = "--length-prefixed",
                paramLabel = "uleb128|u64le",
                description = "Write each record's length before it instead of a terminator.")
        LengthPrefix lengthPrefixed;
    }

    static final class JsonOptions {
        @Option(
                names = "--query",
                paramLabel = "KQL",
                description = "Only the records matching this query (the format's query language).")
        String query;
    }

    static final class Timed {
        @Option(
                names = "--channel",
                paramLabel = "NAME",
                description = "Only messages of this channel (repeatable).",
                order = 1)
        java.util.List<String> channels = new java.util.ArrayList<>();

        @Option(
                names = "--start-ns",
                paramLabel = "N",
                description = "Messages at or after N ns (latched channels first give their last earlier message).",
                order = 2)
        Long startNs;

        @Option(names = "--stop-ns", paramLabel = "N", description = "Messages at or before N ns.", order = 3)
        Long stopNs;

        @Option(
                names = "--raw",
                paramLabel = "DIR",
                description = "Write each message's decompressed payload as a file in DIR instead of JSON.",
                order = 4)
        java.nio.file.Path raw;
    }

    @Spec
    CommandSpec spec;

    @ParentCommand
    VitrineCli root;

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
            boolean timeOptions = !timedOptions.channels.isEmpty()
                    || timedOptions.startNs != null
                    || timedOptions.stopNs != null
                    || timedOptions.raw != null;
            if (timeOptions && (entry != null || jsonOptions.query != null || timed.isEmpty())) {
                err.println("vitrine: " + file
                        + ": --channel, --start-ns, --stop-ns and --raw are for time-stamped messages"
                        + (entry != null
                                ? ", not a stored file"
                                : jsonOptions.query != null ? ", not with --query" : "; " + name + " has none"));
                return ExitCodes.UNREADABLE;
            }
            boolean keyOptions = sorted.start != null
                    || sorted.stop != null
                    || sorted.prefix != null
                    || framing.terminator != null
                    || framing.lengthPrefixed != null;
            if (entry != null && listing.isEmpty()) {
                err.println("vitrine: " + file + ": " + name + " holds records, not files: leave out ENTRY");
                return ExitCodes.UNREADABLE;
            }
            if (jsonOptions.query != null && (entry != null || json.isEmpty())) {
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
                    progress(ProgressLine.on(err, this.json ? Boolean.FALSE : progress), archive, out)) {
                if (entry != null) return catEntry(listing.get(), out, err, file);
                if (records.isPresent()) {
                    catRecords(records.get(), out);
                } else if (timed.isPresent() && jsonOptions.query == null) {
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
        String unknown = ChannelNames.unknown(messages, timedOptions.channels, file);
        if (unknown != null) {
            err.println(unknown);
            return ExitCodes.UNREADABLE;
        }
        long lo = timedOptions.startNs == null ? Long.MIN_VALUE : timedOptions.startNs;
        long hi = timedOptions.stopNs == null ? Long.MAX_VALUE : timedOptions.stopNs;
        if (timedOptions.raw == null) {
            messages.writeJsonLines(timedOptions.channels, lo, hi, out);
            return ExitCodes.OK;
        }
        java.nio.file.Files.createDirectories(timedOptions.raw);
        int exit = ExitCodes.OK;
        long n = 0;
        long written = 0;
        try (TimedMessages.Cursor c = messages.messages(timedOptions.channels, lo, hi)) {
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
                java.nio.file.Files.write(
                        timedOptions.raw.resolve(name), payload, java.nio.file.StandardOpenOption.CREATE_NEW);
                written += payload.length;
            }
        }
        return exit;
    }

    /** JSON lines; a query the format cannot parse is bad usage, shown with a caret under the mistake. */
    private int catJson(JsonRecords records, OutputBuffer out, PrintWriter err) throws IOException {
        try {
            records.writeJsonLines(jsonOptions.query, out);
            return ExitCodes.OK;
        } catch (JsonRecords.QuerySyntaxException e) {
            out.flush();
            err.println("vitrine: --query: " + e.getMessage());
            String q = jsonOptions.query == null ? "" : jsonOptions.query;
            int at = Math.max(0, Math.min(e.position(), q.length()));
            // One line: a query with newlines would put the caret under the wrong character.
            String shown = q.replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
            err.println("  " + shown);
            err.println("  " + " ".repeat(at) + "^");
            return ExitCodes.UNREADABLE;
        }
    }

    private void catRecords(SortedRecords records, OutputBuffer out) throws IOException {
        byte[] lo = sorted.start == null ? null : Escapes.parse(sorted.start);
        byte[] hi = sorted.stop == null ? null : Escapes.parse(sorted.stop);
        byte[] pre = sorted.prefix == null ? null : Escapes.parse(sorted.prefix);
        LengthPrefix lp = framing.lengthPrefixed;
        byte[] term = framing.terminator == null ? new byte[] {'\n'} : Escapes.parse(framing.terminator);
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
        err.println("vitrine: " + file + ": no entry named " + EntryPathPolicy.quote(entry) + " (see `vitrine ls "
                + file + "`)");
        return ExitCodes.UNREADABLE;
    }
}
