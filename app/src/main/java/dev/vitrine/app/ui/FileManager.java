package dev.vitrine.app.ui;

import dev.vitrine.app.ui.concurrent.FxExecutor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Shows a local archive in the desktop's file manager. The JDK's Desktop API cannot on Linux
 * (BROWSE_FILE_DIR is macOS and Windows only), so it asks the file manager over D-Bus
 * (org.freedesktop.FileManager1.ShowItems, which selects the file), and when no file manager
 * answers there, opens the file's folder with xdg-open. The commands run off the FX thread: a
 * file manager that starts slowly must not freeze the window.
 */
final class FileManager {
    /** How long a command may take to say it failed; one still running by then has taken the request. */
    private static final long WAIT_SECONDS = 5;

    private FileManager() {}

    /** The commands tried in turn for {@code file}: D-Bus ShowItems, then xdg-open on its folder. */
    static List<List<String>> commands(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        // dbus-send splits array items at commas: a comma in the name is written as %2C, the same URI.
        String uri = abs.toUri().toString().replace(",", "%2C");
        Path folder = abs.getParent() == null ? abs : abs.getParent();
        return List.of(
                List.of(
                        "dbus-send",
                        "--session",
                        "--print-reply",
                        "--reply-timeout=" + WAIT_SECONDS * 1000,
                        "--dest=org.freedesktop.FileManager1",
                        "--type=method_call",
                        "/org/freedesktop/FileManager1",
                        "org.freedesktop.FileManager1.ShowItems",
                        "array:string:" + uri,
                        "string:"),
                List.of("xdg-open", folder.toString()));
    }

    /** Asks for {@code file} to be shown; says in {@code notifier} when nothing could. */
    static void show(Path file, Notifier notifier) {
        List<List<String>> commands = commands(file);
        String name = file.getFileName() == null
                ? file.toString()
                : file.getFileName().toString();
        Thread.ofPlatform().daemon().name("show-in-file-manager").start(() -> {
            for (List<String> c : commands) {
                if (ran(c)) {
                    FxExecutor.INSTANCE.execute(() -> notifier.info("Asked the file manager to show " + name));
                    return;
                }
            }
            FxExecutor.INSTANCE.execute(() -> notifier.error("Cannot show " + name
                    + " in a file manager: none answered over D-Bus, and xdg-open could not open its folder"));
        });
    }

    /** Whether {@code command} took the request: it ended well, or is still busy showing it. */
    private static boolean ran(List<String> command) {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!p.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) return true;
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false; // not installed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
