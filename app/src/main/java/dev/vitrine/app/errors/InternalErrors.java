package dev.vitrine.app.errors;

import dev.vitrine.core.text.Messages;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * An Error that escaped every reader (out of memory, a stack overflow, a bug), on the command
 * line or in a window's background job: one line for the user, naming the file it was about,
 * and a log holding the full trace for a bug report, in {@code -Dvitrine.logs}, else
 * $XDG_STATE_HOME/vitrine/logs (or ~/.local/state/vitrine/logs).
 */
public final class InternalErrors {
    private InternalErrors() {}

    /**
     * "FILE: internal error: out of memory (details in LOG)", the log written as a side effect;
     * {@code file} may be null, {@code context} (the command, the window's job) heads the log.
     */
    public static String oneLine(String file, String context, Throwable e) {
        String log = write(context, e);
        return (file == null ? "" : file + ": ") + "internal error: " + Messages.reason(e)
                + (log == null ? "" : " (details in " + log + ")");
    }

    /** Where the logs go: -Dvitrine.logs, else $XDG_STATE_HOME/vitrine/logs (or ~/.local/state/vitrine/logs). */
    public static Path folder() {
        String base = System.getenv("XDG_STATE_HOME");
        return System.getProperty("vitrine.logs") != null
                ? Path.of(System.getProperty("vitrine.logs"))
                : (base != null && !base.isEmpty()
                                ? Path.of(base)
                                : Path.of(System.getProperty("user.home"), ".local", "state"))
                        .resolve("vitrine")
                        .resolve("logs");
    }

    /** Writes the trace; returns the log's path, or null when it could not be written. */
    public static String write(String context, Throwable e) {
        try {
            Path dir = folder();
            Files.createDirectories(dir);
            // Two errors in the same millisecond (a window's jobs failing together) get a log each.
            Path log = dir.resolve("error-" + Instant.now().toString().replace(':', '-') + "-"
                    + ProcessHandle.current().pid() + "-" + SEQ.incrementAndGet() + ".log");
            StringWriter trace = new StringWriter();
            try (PrintWriter w = new PrintWriter(trace)) {
                w.println(context);
                e.printStackTrace(w);
            }
            Files.writeString(log, trace.toString(), StandardCharsets.UTF_8);
            return log.toString();
        } catch (Exception | Error notWritten) {
            return null;
        }
    }

    private static final java.util.concurrent.atomic.AtomicInteger SEQ =
            new java.util.concurrent.atomic.AtomicInteger();
}
