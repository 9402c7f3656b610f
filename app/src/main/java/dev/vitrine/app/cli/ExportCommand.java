package dev.vitrine.app.cli;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.export.ListingSelection;
import dev.vitrine.core.io.Messages;
import dev.vitrine.core.model.FileListing;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * `vitrine export FILE DIR [ENTRY...] [--overwrite]`: writes stored files under DIR, keeping
 * their relative paths; all of them when no ENTRY is named (an ENTRY that is a folder selects
 * everything under it). Unsafe names are refused and never written outside DIR. Every entry
 * that can be exported is, even when others fail; the exit status is 1 if any entry was
 * refused or failed or the archive is damaged, 2 when a named ENTRY is not in the archive or
 * the archive or DIR cannot be used at all.
 */
@Command(name = "export", description = {
        "Write stored files under DIR, keeping their paths (all files when no ENTRY is named).",
        "Names that would escape DIR are refused; existing files are kept unless --overwrite."})
final class ExportCommand implements Callable<Integer> {

    @Mixin
    ArchiveArgument archiveArg;

    @Parameters(index = "1", paramLabel = "DIR", description = "Destination folder (created if missing).")
    Path dir;

    @Parameters(index = "2..*", arity = "0..*", paramLabel = "ENTRY", description = "Stored files or folders to export.")
    List<String> entries = List.of();

    @Option(names = "--channel", paramLabel = "NAME",
            description = "Only this channel (repeatable; archives of time-stamped messages, e.g. Ark logs: one NAME.jsonl per channel).")
    List<String> channels = new java.util.ArrayList<>();

    @Option(names = "--overwrite", description = "Replace files that already exist in DIR (symbolic links are never replaced).")
    boolean overwrite;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String file = archiveArg.typed();
        return archiveArg.run((archive, reading) -> {
            Optional<dev.vitrine.core.model.TimedMessages> timed = archive.capability(dev.vitrine.core.model.TimedMessages.class);
            if (timed.isPresent() && archive.capability(FileListing.class).isEmpty()) {
                return exportChannels(timed.get(), archive, reading, out, err, file);
            }
            if (!channels.isEmpty()) {
                err.println("vitrine: " + file + ": --channel is for time-stamped messages; " + archive.format().displayName() + " has none");
                return ExitCodes.UNREADABLE;
            }
            Optional<FileListing> listing = archiveArg.fileListing(archive);
            if (listing.isEmpty()) return ExitCodes.UNREADABLE;
            reading.openProblems(archive, false);
            ListingSelection.Selection sel = ListingSelection.select(listing.get(), entries);
            for (String missing : sel.unmatched()) {
                err.println("vitrine: " + file + ": no entry named " + EntryPathPolicy.quote(missing) + " (see `vitrine ls " + file + "`)");
            }
            ExportReport report;
            try {
                report = new Exporter(new ExportOptions(overwrite)).export(sel.contents(), dir);
            } catch (IOException e) {
                err.println("vitrine: " + dir + ": cannot use as destination: " + Messages.reason(e));
                return ExitCodes.UNREADABLE;
            }
            printReport(out, err, report);
            // A name that matches nothing is a usage error; what could be exported was.
            if (!sel.unmatched().isEmpty()) return ExitCodes.UNREADABLE;
            return report.ok() ? ExitCodes.OK : ExitCodes.DAMAGED;
        });
    }

    /** One JSON-lines file per channel (path-safe names), in time order; never replaces a file unless --overwrite. */
    private int exportChannels(dev.vitrine.core.model.TimedMessages timed, dev.vitrine.core.format.Archive archive, ArchiveArgument.Reading reading,
            PrintWriter out, PrintWriter err, String file) throws IOException {
        reading.openProblems(archive, false);
        if (archive.unreadable()) return ExitCodes.DAMAGED;
        if (!entries.isEmpty()) {
            err.println("vitrine: " + file + ": holds channels, not files: name them with --channel");
            return ExitCodes.UNREADABLE;
        }
        java.util.Set<String> known = new java.util.HashSet<>();
        for (var c : timed.channels()) known.add(c.name());
        for (String c : channels) {
            if (!known.contains(c)) {
                err.println("vitrine: " + file + ": no channel named " + EntryPathPolicy.quote(c) + " (see `vitrine info " + file + "`)");
                return ExitCodes.UNREADABLE;
            }
        }
        java.util.Map<String, Path> written;
        try {
            written = timed.exportJsonLinesPerChannel(channels, dir, overwrite);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            err.println("vitrine: " + e.getFile() + ": exists (--overwrite replaces it); nothing exported");
            return ExitCodes.DAMAGED;
        }
        long bytes = 0;
        for (Path p : written.values()) bytes += java.nio.file.Files.size(p);
        out.println("exported " + written.size() + (written.size() == 1 ? " file" : " files") + " (" + bytes + " bytes) to " + dir);
        out.flush();
        return ExitCodes.OK;
    }

    private void printReport(PrintWriter out, PrintWriter err, ExportReport r) {
        for (ExportReport.Refused x : r.refused()) err.println("refused: " + LsCommand.printable(x.name()) + ": " + x.reason());
        for (ExportReport.Failed x : r.failed()) err.println("failed: " + LsCommand.printable(x.name()) + ": " + x.reason());
        for (ExportReport.Skipped x : r.skipped()) {
            err.println("skipped: " + LsCommand.printable(x.name()) + ": " + x.reason() + (overwrite ? "" : " (--overwrite replaces it)"));
        }
        for (ExportReport.Exported x : r.exported()) {
            if (!x.notes().isEmpty()) err.println("renamed: " + LsCommand.printable(x.name()) + " -> " + x.path() + " (" + String.join(", ", x.notes()) + ")");
        }
        out.println("exported " + r.exported().size() + (r.exported().size() == 1 ? " file" : " files") + " (" + r.bytes() + " bytes) to " + dir
                + (r.skipped().isEmpty() ? "" : ", " + r.skipped().size() + " skipped")
                + (r.refused().isEmpty() ? "" : ", " + r.refused().size() + " refused")
                + (r.failed().isEmpty() ? "" : ", " + r.failed().size() + " failed")
                + (r.cancelled() ? ", cancelled" : ""));
        out.flush();
    }
}
