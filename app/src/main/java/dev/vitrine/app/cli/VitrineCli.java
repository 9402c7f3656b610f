package dev.vitrine.app.cli;

import dev.vitrine.core.io.FileChangedException;
import dev.vitrine.core.text.Messages;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The headless `vitrine` command: subcommands over the same core the window uses. */
public final class VitrineCli implements Runnable {
    /** What `vitrine --version` prints after the name, and the window's About shows. */
    public static final String VERSION = "0.1.0";

    private static final String[] DESCRIPTION = {
        "Look inside ZSS/ZS, CAF, clp-s, Ark robot log and DataBundle archives: structure, integrity, contents."
    };

    /** Shown under every command's help. One line each, shorter than the help's 80 columns: none is broken mid-sentence. */
    private static final String[] FOOTER = {
        "",
        "Exit codes:",
        "  0    intact, done",
        "  1    damaged (or some entries refused)",
        "  2    unreadable, bad usage, or a file changed while being read",
        "  3    internal error (a bug: the one line names a log to report)",
        "  141  the output's reader stopped reading (cat | head)",
        "Behind a proxy: https_proxy, http_proxy, all_proxy, no_proxy, as curl.",
        "Run `vitrine` with no command (or with files) to open the window."
    };

    private static final Set<String> COMMANDS = Set.of(
            "info", "verify", "tree", "cat", "ls", "export", "create", "help", "--help", "-h", "--version", "-V");

    /**
     * The subcommands, in the order help lists them. picocli builds every registered command's
     * model up front: a run registers only the command it was asked for (all of them for help,
     * version or a mistake).
     */
    private static final Map<String, Function<VitrineCli, Object>> SUBCOMMANDS = new LinkedHashMap<>();

    static {
        SUBCOMMANDS.put("info", cli -> new InfoCommand().spec);
        SUBCOMMANDS.put("verify", cli -> new VerifyCommand().spec);
        SUBCOMMANDS.put("tree", cli -> new TreeCommand().spec);
        SUBCOMMANDS.put("cat", cli -> new CatCommand(cli).spec);
        SUBCOMMANDS.put("ls", cli -> new LsCommand().spec);
        SUBCOMMANDS.put("export", cli -> new ExportCommand().spec);
        SUBCOMMANDS.put("create", cli -> CreateCommand.commandLine());
    }

    private final CommandSpec spec;

    /** True when the arguments name a subcommand (otherwise they are files for the window). */
    public static boolean handles(String[] args) {
        return args.length > 0 && COMMANDS.contains(args[0]);
    }

    /**
     * The message for a mistyped command ("vitrine: unknown command 'verfy' (did you mean
     * 'verify'?)"), or empty when the first argument is an existing path, an option, or a word
     * not close to any command: those are for the window, which opens files.
     */
    public static Optional<String> unknownCommand(String[] args) {
        if (args.length == 0 || handles(args)) return Optional.empty();
        String word = args[0];
        if (word.isEmpty() || word.startsWith("-")) return Optional.empty();
        try {
            if (Files.exists(Path.of(word), LinkOption.NOFOLLOW_LINKS)) return Optional.empty();
        } catch (InvalidPathException e) {
            // not a path at all: judge it as a word
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : SUBCOMMANDS.keySet()) {
            int d = distance(word.toLowerCase(Locale.ROOT), c);
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        // One mistake in a short word, two in a longer one; "ls" and "cat" are easily hit otherwise.
        int allowed = best != null && best.length() <= 3 ? 1 : 2;
        if (best == null || bestDistance > allowed) return Optional.empty();
        return Optional.of("vitrine: unknown command '" + word + "' (did you mean '" + best + "'?)");
    }

    /** Edit distance with transpositions (optimal string alignment). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** Raw standard output, for commands that write bytes (cat). */
    private final ClosedOutput.Guard stdout;

    private VitrineCli(ClosedOutput.Guard stdout) {
        this.stdout = stdout;
        spec = Specs.command(this, "vitrine", DESCRIPTION);
        spec.version("vitrine " + VERSION);
        spec.usageMessage().footer(FOOTER);
        spec.scopeType(CommandLine.ScopeType.INHERIT); // every subcommand's help ends with the footer
    }

    /**
     * -h/--help and -V/--version for {@code c} and the commands under it. Not picocli's inherited
     * options: its help command has a -h of its own, which they would clash with.
     */
    private static void helpOptions(CommandLine c) {
        c.getCommandSpec()
                .addOption(OptionSpec.builder("-h", "--help")
                        .usageHelp(true)
                        .description("Show this help message and exit.")
                        .build());
        c.getCommandSpec()
                .addOption(OptionSpec.builder("-V", "--version")
                        .versionHelp(true)
                        .description("Print version information and exit.")
                        .build());
        for (CommandLine sub : c.getSubcommands().values()) {
            if (!(sub.getCommand() instanceof CommandLine.HelpCommand)) helpOptions(sub);
        }
    }

    OutputStream stdout() {
        return stdout;
    }

    public static int run(String[] args) {
        return run(args, new FileOutputStream(FileDescriptor.out), new PrintWriter(System.err, true));
    }

    /** Runs a command with the given standard output (bytes) and error stream. */
    public static int run(String[] args, OutputStream stdout, PrintWriter err) {
        ClosedOutput.Guard guarded = new ClosedOutput.Guard(stdout);
        PrintWriter out = new PrintWriter(new OutputStreamWriter(guarded, StandardCharsets.UTF_8), true);
        FileChangedException.forgetEarlier();
        VitrineCli top = new VitrineCli(guarded);
        CommandLine cl = new CommandLine(top.spec);
        String asked = args.length > 0 && SUBCOMMANDS.containsKey(args[0]) ? args[0] : null;
        SUBCOMMANDS.forEach((name, make) -> {
            if (asked == null || asked.equals(name)) cl.addSubcommand(name, make.apply(top));
        });
        helpOptions(cl);
        // picocli's help command is built from its annotations: only when it can be asked for.
        if (asked == null) cl.addSubcommand("help", new CommandLine.HelpCommand());
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        // An argument starting with @ is a query or a path, never a file of more arguments.
        cl.setExpandAtFiles(false);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("vitrine: " + ex.getMessage());
            CommandLine c = ex.getCommandLine();
            err.println("Usage: " + c.getCommandSpec().qualifiedName() + " --help for the options");
            return ExitCodes.UNREADABLE;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            // A file that shrank under us faults in whatever read it, a remote object may change or
            // drop: say so, naming it, not "damaged".
            dev.vitrine.core.io.SourceUnavailableException gone = dev.vitrine.core.io.SourceUnavailableException.in(ex);
            if (gone == null) gone = FileChangedException.find(ex);
            if (gone != null) {
                err.println("vitrine: " + gone.getMessage());
                return ExitCodes.UNREADABLE;
            }
            // Never a stack trace: one line that says what went wrong, in plain words.
            err.println("vitrine: " + Messages.reason(ex));
            return ex instanceof java.io.IOException ? ExitCodes.DAMAGED : ExitCodes.UNREADABLE;
        });
        int rc;
        try {
            rc = cl.execute(args);
        } catch (Error e) {
            // The last line of defence: picocli hands on Errors, which would be a stack trace.
            FileChangedException changed = FileChangedException.find(e);
            if (changed != null) {
                err.println("vitrine: " + changed.getMessage());
                return ExitCodes.UNREADABLE;
            }
            err.println("vitrine: "
                    + dev.vitrine.app.errors.InternalErrors.oneLine(
                            fileIn(args), "vitrine " + String.join(" ", args), e));
            return ExitCodes.INTERNAL_ERROR;
        }
        out.flush();
        // Bytes past a shrunk file's end that still lie in its last page read as zeros, not a
        // fault: what looked like damage then came from a file that changed, not the archive.
        if (rc == ExitCodes.DAMAGED) {
            FileChangedException changed = FileChangedException.find(null);
            if (changed != null) {
                err.println("vitrine: " + changed.getMessage());
                return ExitCodes.UNREADABLE;
            }
        }
        return written(guarded.failure(), rc, err);
    }

    /** The file a command was about: its last argument that names one (for an internal error's line). */
    private static String fileIn(String[] args) {
        for (int i = args.length - 1; i >= 1; i--) {
            try {
                if (!args[i].startsWith("-") && java.nio.file.Files.exists(java.nio.file.Path.of(args[i])))
                    return args[i];
            } catch (RuntimeException notAPath) {
                // a query or a name that no file system allows
            }
        }
        return null;
    }

    /** The exit status once output that could not be written is accounted for: lost output is never a success. */
    private static int written(java.io.IOException failure, int rc, PrintWriter err) {
        if (failure == null) return rc;
        if (failure instanceof ClosedOutput) return ExitCodes.OUTPUT_CLOSED; // cat | head: quiet
        String reason = Messages.reason(failure);
        err.println(
                "vitrine: standard output: " + reason.substring(0, 1).toLowerCase(Locale.ROOT) + reason.substring(1));
        return ExitCodes.UNREADABLE;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
