package dev.vitrine.app.cli;

import dev.vitrine.core.text.Messages;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * An Error that escaped every reader (out of memory, a stack overflow, a bug): one line for
 * the user, naming the file the command was about and a log holding the full trace for a
 * bug report, in $XDG_STATE_HOME/vitrine/logs (or ~/.local/state/vitrine/logs).
 */
public final class InternalErrors {
    private InternalErrors() {}

    /** "FILE: internal error: out of memory (details in LOG)", the log written as a side effect. */
    public static String oneLine(String[] args, Throwable e) {
        String file = null;
        for (int i = args.length - 1; i >= 1 && file == null; i--) {
            if (!args[i].startsWith("-") && Files.exists(Path.of(args[i]))) file = args[i];
        }
        String log = write(args, e);
        return (file == null ? "" : file + ": ") + "internal error: " + Messages.reason(e)
                + (log == null ? "" : " (details in " + log + ")");
    }

    /** Writes the trace; returns the log's path, or null when it could not be written. */
    public static String write(String[] args, Throwable e) {
        try {
            String base = System.getenv("XDG_STATE_HOME");
            Path dir = System.getProperty("vitrine.logs") != null ? Path.of(System.getProperty("vitrine.logs"))
                    : (base != null && !base.isEmpty() ? Path.of(base) : Path.of(System.getProperty("user.home"), ".local", "state"))
                    .resolve("vitrine").resolve("logs");
            Files.createDirectories(dir);
            Path log = dir.resolve("error-" + Instant.now().toString().replace(':', '-') + "-" + ProcessHandle.current().pid() + ".log");
            StringWriter trace = new StringWriter();
            try (PrintWriter w = new PrintWriter(trace)) {
                w.println("vitrine " + String.join(" ", args));
                e.printStackTrace(w);
            }
            Files.writeString(log, trace.toString(), StandardCharsets.UTF_8);
            return log.toString();
        } catch (Exception | Error notWritten) {
            return null;
        }
    }
}
