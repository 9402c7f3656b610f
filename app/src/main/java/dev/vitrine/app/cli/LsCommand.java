package dev.vitrine.app.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until the CAF work lands (being written now); not a product command yet. */
@Command(name = "ls", description = "(in progress)", hidden = true)
final class LsCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("vitrine: ls is not available yet");
        return ExitCodes.UNREADABLE;
    }
}
