package dev.vitrine.app.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `vitrine info [--json] FILE`: the archive's header summary. */
@Command(name = "info", description = "Print an archive's summary (header fields, metadata).")
final class InfoCommand implements Callable<Integer> {

    @Option(names = "--json", description = "Print JSON (for ZSS/ZS, exactly as the reference `zss info`).")
    boolean json;

    @Mixin
    ArchiveArgument archiveArg;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        return archiveArg.run((archive, reading) -> {
            reading.openProblems(archive, false);
            // An archive whose header cannot be read has no summary to print; damage elsewhere
            // (an entry of the index) still leaves one, and the exit status says 1.
            if (archive.unreadable()) return ExitCodes.DAMAGED;
            if (json) {
                out.print(archive.infoJson());
            } else {
                InfoText.print(out, archive, archiveArg.typed());
            }
            out.flush();
            return ExitCodes.OK;
        });
    }
}
