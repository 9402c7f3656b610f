package dev.vitrine.app.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Placeholder until the Zss writer lands (being written now); not a product command yet. */
@Command(name = "zss", aliases = "zs", description = "(in progress)", hidden = true)
final class CreateZssCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("vitrine: create zss is not available yet");
        return ExitCodes.UNREADABLE;
    }
}
