package dev.vitrine.app.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until the CAF work lands (being written now); not a product command yet. */
@Command(name = "export", description = "(in progress)", hidden = true)
final class ExportCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("vitrine: export is not available yet");
        return ExitCodes.UNREADABLE;
    }
}
