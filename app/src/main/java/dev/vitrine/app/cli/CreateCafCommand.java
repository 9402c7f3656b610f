package dev.vitrine.app.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until the Caf writer lands (being written now); not a product command yet. */
@Command(name = "caf", description = "(in progress)", hidden = true)
final class CreateCafCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("vitrine: create caf is not available yet");
        return ExitCodes.UNREADABLE;
    }
}
