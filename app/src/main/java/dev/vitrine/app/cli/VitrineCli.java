package dev.vitrine.app.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The headless `vitrine` command: subcommands over the same core the window uses. */
@Command(name = "vitrine",
        mixinStandardHelpOptions = true,
        scope = CommandLine.ScopeType.INHERIT, // every subcommand gets --help too
        version = "vitrine 0.1.0",
        description = "Look inside ZSS/ZS, CAF and other archives: structure, integrity, contents.",
        footer = {"", "Exit codes: 0 intact/ok, 1 damaged (or some entries refused), 2 unreadable or bad usage.",
                "Run `vitrine` with no command (or with files) to open the window."})
public final class VitrineCli implements Runnable {

    private static final Set<String> COMMANDS = Set.of("info", "verify", "tree", "cat", "ls", "export", "create",
            "help", "--help", "-h", "--version", "-V");

    /**
     * The subcommands, in the order help lists them. picocli reads every registered command's
     * annotations up front, which was a quarter of a short command's own time; a run registers
     * only the command it was asked for (all of them for help, version or a mistake).
     */
    private static final Map<String, Supplier<Object>> SUBCOMMANDS = new LinkedHashMap<>();

    static {
        SUBCOMMANDS.put("info", InfoCommand::new);
        SUBCOMMANDS.put("verify", VerifyCommand::new);
        SUBCOMMANDS.put("tree", TreeCommand::new);
        SUBCOMMANDS.put("cat", CatCommand::new);
        SUBCOMMANDS.put("ls", LsCommand::new);
        SUBCOMMANDS.put("export", ExportCommand::new);
        SUBCOMMANDS.put("create", CreateCommand::new);
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** True when the arguments name a subcommand (otherwise they are files for the window). */
    public static boolean handles(String[] args) {
        return args.length > 0 && COMMANDS.contains(args[0]);
    }

    /** Raw standard output, for commands that write bytes (cat). */
    private final OutputStream stdout;

    private VitrineCli(OutputStream stdout) {
        this.stdout = stdout;
    }

    OutputStream stdout() {
        return stdout;
    }

    public static int run(String[] args) {
        return run(args, new FileOutputStream(FileDescriptor.out), new PrintWriter(System.err, true));
    }

    /** Runs a command with the given standard output (bytes) and error stream. */
    public static int run(String[] args, OutputStream stdout, PrintWriter err) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        CommandLine cl = new CommandLine(new VitrineCli(stdout));
        String asked = args.length > 0 && SUBCOMMANDS.containsKey(args[0]) ? args[0] : null;
        SUBCOMMANDS.forEach((name, make) -> {
            if (asked == null || asked.equals(name)) cl.addSubcommand(name, make.get());
        });
        cl.addSubcommand("help", new CommandLine.HelpCommand());
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("vitrine: " + ex.getMessage());
            CommandLine c = ex.getCommandLine();
            err.println("Usage: " + c.getCommandSpec().qualifiedName() + " --help for the options");
            return ExitCodes.UNREADABLE;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            // Never a stack trace: one line that says what went wrong.
            String msg = ex.getMessage() != null ? ex.getMessage() : ex.toString();
            err.println("vitrine: " + msg);
            return ex instanceof java.io.IOException ? ExitCodes.DAMAGED : ExitCodes.UNREADABLE;
        });
        int rc = cl.execute(args);
        out.flush();
        return rc;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
