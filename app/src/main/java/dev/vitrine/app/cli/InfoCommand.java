package dev.vitrine.app.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** `vitrine info [--json] FILE`: the archive's header summary. */
final class InfoCommand implements Callable<Integer> {
    final CommandSpec spec = Specs.command(this, "info", "Print an archive's summary (header fields, metadata).");
    private final ArchiveArgument archiveArg = new ArchiveArgument(spec);
    private boolean json;

    InfoCommand() {
        Specs.add(
                spec,
                Specs.flag("--json", "Print JSON (for ZSS/ZS, exactly as the reference `zss info`).", v -> json = v));
    }

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
