package dev.vitrine.core.format;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * How a format writes new archives: what `vitrine create NAME` offers and does. The command
 * line builds its `create NAME` subcommand from {@link #options()} and {@link #parameters()}
 * (the core knows nothing of the command-line library), parses the user's words, and calls
 * {@link #write}. A format offers one through {@link ArchiveFormat#writer()}.
 */
public interface ArchiveWriter {

    /** The word after `create`, e.g. "zss". Usually the format's id. */
    String name();

    /** Help text, one paragraph a line, shown as it is. */
    List<String> description();

    List<Option> options();

    /** The positional parameters, in order; every one is required. */
    List<Parameter> parameters();

    /**
     * Writes the archive and prints what was written to {@code out}.
     *
     * @param values  every option by name ("--codec"): its text, its default when not given
     *                (null when it has none), "true"/"false" for flags, an Integer's text for numbers
     * @param params  the positional parameters' values in order
     * @param stdin   standard input, for a parameter given as "-"
     * @throws UsageException for an option or parameter value the writer cannot use (exit 2)
     * @throws BadInputException when the input is not what the format needs (exit 2); nothing was written
     * @throws java.nio.file.FileAlreadyExistsException when the output exists and overwriting was not asked (exit 2)
     * @throws IOException when reading the input or writing the output failed (exit 1)
     */
    void write(Map<String, String> values, List<String> params, InputStream stdin, PrintWriter out) throws IOException;

    /** What an option's value is: a flag takes none. */
    enum Kind {
        FLAG,
        TEXT,
        INTEGER
    }

    /**
     * One option.
     *
     * @param name         with its dashes, e.g. "--codec"
     * @param label        the value's placeholder in help, e.g. "N" (ignored for flags)
     * @param defaultValue text used when not given, or null
     * @param description  help text, shown as it is (say the default in it)
     */
    record Option(String name, Kind kind, String label, String defaultValue, String description) {
        public static Option flag(String name, String description) {
            return new Option(name, Kind.FLAG, null, null, description);
        }

        public static Option text(String name, String label, String defaultValue, String description) {
            return new Option(name, Kind.TEXT, label, defaultValue, description);
        }

        public static Option integer(String name, String label, String defaultValue, String description) {
            return new Option(name, Kind.INTEGER, label, defaultValue, description);
        }
    }

    /** One positional parameter, e.g. INPUT or OUT. */
    record Parameter(String label, String description) {}

    /** A value the writer cannot use; the message is one line, ready to print after "vitrine: ". */
    class UsageException extends IllegalArgumentException {
        public UsageException(String message) {
            super(message);
        }
    }

    /** Input the format cannot hold (unsorted, unterminated...); the message names where, ready to print. */
    class BadInputException extends IOException {
        public BadInputException(String message) {
            super(message);
        }
    }
}
