package dev.vitrine.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Checks on counting options (--depth, --children, ...): a negative count is bad usage (exit 2). */
final class Counts {
    private Counts() {}

    static void requireNonNegative(CommandSpec spec, String option, long value) {
        if (value < 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "Invalid value for option '" + option + "': " + value + " is negative (a count must be 0 or more)");
        }
    }
}
