package dev.vitrine.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** `vitrine create FORMAT ...`: write a new archive. */
@Command(name = "create", description = "Write a new archive.",
        subcommands = {CreateZssCommand.class, CreateCafCommand.class})
final class CreateCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a format: zss, zs or caf");
    }
}
