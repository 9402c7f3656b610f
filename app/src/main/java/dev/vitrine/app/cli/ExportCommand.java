package dev.vitrine.app.cli;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.export.ExportLimit;
import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.export.ListingSelection;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.text.Messages;
import dev.vitrine.core.text.Runs;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * `vitrine export FILE DIR [ENTRY...] [--overwrite] [--allow-overlaps] [--max-output BYTES]`:
 * writes stored files under DIR, keeping their relative paths; all of them when no ENTRY is
 * named (an ENTRY that is a folder selects everything under it). Unsafe names are refused and
 * never written outside DIR. Entries whose bytes overlap an earlier entry's are refused unless
 * --allow-overlaps, and the whole export stops at an output limit tied to the archive's size
 * ({@link ExportLimit}, raised with --max-output). Every entry that can be exported is, even
 * when others fail; the exit status is 1 if any entry was refused, failed, overlapped another
 * or was not found, or the limit stopped the export; 2 when a named ENTRY is not in the archive,
 * the archive or DIR cannot be used at all, or an option is wrong.
 */
final class ExportCommand implements Callable<Integer> {
    final CommandSpec spec = Specs.command(
            this,
            "export",
            // A sentence a line, each shorter than the help's 80 columns (none is broken in the middle).
            "Write stored files under DIR, keeping their paths (all when no ENTRY is named).",
            "Names escaping DIR are refused; existing files are kept unless --overwrite.",
            "Entries sharing bytes with an earlier one are refused unless --allow-overlaps.",
            "Output stops at max(4 x the archive's size, its size + 1 GiB); see --max-output.");
    private final ArchiveArgument archiveArg = new ArchiveArgument(spec);
    private Path dir;
    /** DIR as typed, to tell a URL from a folder (a Path has lost its \"//\"). */
    private String dirTyped;

    private List<String> entries = List.of();
    private List<String> channels = List.of();
    private boolean overwrite;
    private boolean allowOverlaps;
    private String maxOutput;
    private Boolean progress;

    ExportCommand() {
        spec.addPositional(Specs.positional(
                "1", "1", "DIR", String.class, "Destination folder (created if missing).", v -> dirTyped = v));
        spec.addPositional(
                Specs.positionals("2..*", "0..*", "ENTRY", "Stored files or folders to export.", v -> entries = v));
        Specs.add(
                spec,
                Specs.repeatable(
                        "--channel",
                        "NAME",
                        "Only this channel (repeatable; archives of time-stamped messages, e.g. Ark logs: one NAME.jsonl per channel).",
                        v -> channels = v),
                Specs.flag(
                        "--overwrite",
                        "Replace files that already exist in DIR (symbolic links are never replaced).",
                        v -> overwrite = v),
                Specs.flag(
                        "--allow-overlaps",
                        "Also write entries whose bytes overlap an earlier entry's (still reported, exit status 1).",
                        v -> allowOverlaps = v),
                Specs.option(
                        "--max-output",
                        "BYTES",
                        String.class,
                        "Stop once the export has written this much in all (suffixes K, M, G, T: powers of 1024).",
                        v -> maxOutput = v),
                Specs.negatable(
                        "--progress",
                        "Draw a progress line on standard error (default: when it is a terminal).",
                        v -> progress = v));
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long explicitLimit;
        if (maxOutput != null) {
            explicitLimit = parseSize(maxOutput);
            if (explicitLimit < 0) {
                err.println("vitrine: --max-output: " + EntryPathPolicy.quote(maxOutput)
                        + " is not a size (e.g. 500M, 20G or a number of bytes)");
                return ExitCodes.UNREADABLE;
            }
        } else {
            explicitLimit = -1;
        }
        if (dirTyped.matches("[A-Za-z][A-Za-z0-9+.-]*://.*")) {
            // as a path, "s3://b/out" is the local folder "s3:/b/out": the user would think it uploaded
            err.println(
                    "vitrine: " + ArchiveArgument.shown(dirTyped) + ": export writes to a local folder, not to a URL");
            return ExitCodes.UNREADABLE;
        }
        dir = Path.of(dirTyped);
        String file = archiveArg.typed();
        return archiveArg.run((archive, reading) -> {
            Optional<dev.vitrine.core.model.TimedMessages> timed =
                    archive.capability(dev.vitrine.core.model.TimedMessages.class);
            if (timed.isPresent() && archive.capability(FileListing.class).isEmpty()) {
                return exportChannels(timed.get(), archive, reading, out, err, file, explicitLimit);
            }
            if (!channels.isEmpty()) {
                err.println("vitrine: " + file + ": --channel is for time-stamped messages; "
                        + archive.format().displayName() + " has none");
                return ExitCodes.UNREADABLE;
            }
            Optional<FileListing> listing = archiveArg.fileListing(archive);
            if (listing.isEmpty()) return ExitCodes.UNREADABLE;
            reading.openProblems(archive, false);
            ListingSelection.Selection sel = ListingSelection.select(listing.get(), entries);
            for (String missing : sel.unmatched()) {
                err.println("vitrine: " + file + ": no entry named " + EntryPathPolicy.quote(missing)
                        + " (see `vitrine ls " + file + "`)");
            }
            ExportLimit limit = ExportLimit.of(archive, Limits.DEFAULT);
            long max = explicitLimit >= 0 ? explicitLimit : limit.bytes();
            ExportOptions options = new ExportOptions(overwrite, allowOverlaps, max);
            ExportReport report;
            try (ProgressLine line = ProgressLine.on(err, progress)) {
                report = new Exporter(
                                options,
                                (done, total, current) -> line.update(done, total),
                                new java.util.concurrent.atomic.AtomicBoolean())
                        .readingFrom(archiveArg.localPath(archive))
                        .export(sel.contents(), dir, sel.others());
            } catch (IOException e) {
                err.println("vitrine: " + dir + ": cannot use as destination: " + Messages.reason(e));
                return ExitCodes.UNREADABLE;
            }
            printReport(out, err, file, report);
            // With no names given, the archive's empty folders come out too (DataBundle stores them).
            List<String> foldersNotMade = List.of();
            if (entries.isEmpty()) {
                List<String> folders = new java.util.ArrayList<>();
                for (FileListing.Entry e : listing.get().listing()) if (e.isFolder()) folders.add(e.name());
                if (!folders.isEmpty()) foldersNotMade = Exporter.makeFolders(folders, dir);
                for (String line : foldersNotMade) err.println("vitrine: " + file + ": folder not made: " + line);
            }
            if (report.stop() != null)
                printStop(
                        err,
                        file,
                        report.stop(),
                        explicitLimit >= 0 ? max + " bytes (--max-output)" : limit.describe());
            // A name that matches nothing is a usage error; what could be exported was.
            if (!sel.unmatched().isEmpty()) return ExitCodes.UNREADABLE;
            // Overlapping entries written as asked still come from a damaged archive.
            return report.ok() && report.overlaps().isEmpty() && foldersNotMade.isEmpty()
                    ? ExitCodes.OK
                    : ExitCodes.DAMAGED;
        });
    }

    /**
     * One JSON-lines file per channel (path-safe names), in time order, through the shared
     * exporter: its name and link rules, never replacing a file unless --overwrite, and its
     * output limit (messages can decompress far beyond the log's size).
     */
    private int exportChannels(
            dev.vitrine.core.model.TimedMessages timed,
            dev.vitrine.core.format.Archive archive,
            ArchiveArgument.Reading reading,
            PrintWriter out,
            PrintWriter err,
            String file,
            long explicitLimit)
            throws IOException {
        reading.openProblems(archive, false);
        if (archive.unreadable()) return ExitCodes.DAMAGED;
        if (!entries.isEmpty()) {
            err.println("vitrine: " + file + ": holds channels, not files: name them with --channel");
            return ExitCodes.UNREADABLE;
        }
        String unknown = ChannelNames.unknown(timed, channels, file);
        if (unknown != null) {
            err.println(unknown);
            return ExitCodes.UNREADABLE;
        }
        ExportLimit limit = ExportLimit.of(archive, Limits.DEFAULT);
        long max = explicitLimit >= 0 ? explicitLimit : limit.bytes();
        ExportReport report;
        try {
            report = new Exporter(new ExportOptions(overwrite, allowOverlaps, max))
                    .readingFrom(archiveArg.localPath(archive))
                    .export(timed.channelFiles(channels), dir);
        } catch (IOException e) {
            err.println("vitrine: " + dir + ": cannot use as destination: " + Messages.reason(e));
            return ExitCodes.UNREADABLE;
        }
        printReport(out, err, file, report);
        if (report.stop() != null)
            printStop(err, file, report.stop(), explicitLimit >= 0 ? max + " bytes (--max-output)" : limit.describe());
        // A channel file kept because it exists is not what was asked for either.
        return report.ok() && report.skipped().isEmpty() ? ExitCodes.OK : ExitCodes.DAMAGED;
    }

    /** Bytes as {@link dev.vitrine.core.text.SizeText} reads them ("500M", "20G", "1048576"), or -1 when it is not a size. */
    static long parseSize(String text) {
        try {
            return dev.vitrine.core.text.SizeText.parse(text);
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }

    private void printStop(PrintWriter err, String file, ExportReport.Stop stop, String limit) {
        err.println("vitrine: " + file + ": export stopped at entry " + LsCommand.printable(stop.name())
                + (stop.offset() >= 0 ? " (offset " + stop.offset() + ")" : "") + ": " + stop.reason()
                + "; the limit is " + limit
                + ", which keeps an archive whose entries share or compress bytes from filling the disk; --max-output BYTES raises it ("
                + stop.remaining() + (stop.remaining() == 1 ? " entry" : " entries") + " not exported)");
    }

    /** Lines "PREFIX text" on {@code err}, a long run of one kind cut to ten and "PREFIX … and N more like this …". */
    private static Runs<String> collapsed(PrintWriter err, String prefix) {
        return new Runs<>(new Runs.Sink<>() {
            @Override
            public void item(String line) {
                err.println(prefix + line);
            }

            @Override
            public void more(String first, String text, long offset) {
                err.println(prefix + text);
            }
        });
    }

    private void printReport(PrintWriter out, PrintWriter err, String file, ExportReport r) {
        // 5,000 entries sharing one record are 4,999 refusals of one kind: ten lines and a summary, as verify does.
        Runs<String> refusals = collapsed(err, "refused: ");
        for (ExportReport.Refused x : r.refused())
            refusals.add(LsCommand.printable(x.name()) + ": " + x.reason(), Runs.kind(x.reason()), x.offset());
        refusals.finish();
        Runs<String> allowed = collapsed(err, "overlap: ");
        for (ExportReport.Overlap x : r.overlaps()) {
            if (x.exported())
                allowed.add(
                        LsCommand.printable(x.name()) + ": " + x.reason() + "; exported as asked",
                        Runs.kind(x.reason()),
                        x.offset());
        }
        allowed.finish();
        long refusedOverlaps = r.overlaps().stream().filter(x -> !x.exported()).count();
        if (refusedOverlaps > 0) {
            err.println("vitrine: " + file + ": " + refusedOverlaps
                    + (refusedOverlaps == 1 ? " entry shares" : " entries share")
                    + " bytes with an earlier entry (the archive is damaged); --allow-overlaps exports "
                    + (refusedOverlaps == 1 ? "it" : "them") + " too, within the output limit");
        }
        for (ExportReport.Failed x : r.failed())
            err.println("failed: " + LsCommand.printable(x.name()) + ": " + x.reason());
        for (ExportReport.Skipped x : r.skipped()) {
            err.println("skipped: " + LsCommand.printable(x.name()) + ": " + x.reason()
                    + (overwrite ? "" : " (--overwrite replaces it)"));
        }
        for (ExportReport.Exported x : r.exported()) {
            if (!x.notes().isEmpty())
                err.println("renamed: " + LsCommand.printable(x.name()) + " -> " + x.path() + " ("
                        + String.join(", ", x.notes()) + ")");
        }
        out.println("exported " + r.exported().size() + (r.exported().size() == 1 ? " file" : " files") + " ("
                + r.bytes() + " bytes) to " + dir
                + (r.skipped().isEmpty() ? "" : ", " + r.skipped().size() + " skipped")
                + (r.refused().isEmpty() ? "" : ", " + r.refused().size() + " refused")
                + (r.failed().isEmpty() ? "" : ", " + r.failed().size() + " failed")
                + (r.stop() != null ? ", stopped at the output limit" : "")
                + (r.cancelled() ? ", cancelled" : ""));
        out.flush();
    }
}
