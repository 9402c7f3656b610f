package dev.vitrine.app;

import dev.vitrine.app.cli.TrainingServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The window's training run for the ahead-of-time cache: the window's own arguments, plus one
 * sample opened by its http:// URL from a loopback server in this JVM. Without it the first
 * remote archive a window opens loads and links the JDK's HTTP client and Vitrine's remote
 * reads from scratch: on a busy two-core machine that doubled the time to its first draw.
 *
 * <p>Usage: {@code WindowTraining SAMPLES_DIR NAME WINDOW_ARGS...}: NAME, a file in
 * SAMPLES_DIR, is opened last (so --show and --verify apply to it).
 */
public final class WindowTraining {
    private WindowTraining() {}

    public static void main(String[] args) throws IOException {
        dev.vitrine.core.io.ZstdNative.prepare();
        if (args.length < 2) {
            System.err.println("usage: WindowTraining SAMPLES_DIR NAME WINDOW_ARGS...");
            System.exit(2);
        }
        // a daemon thread: the window's exit after its screenshot ends it
        TrainingServer http = new TrainingServer(Path.of(args[0]));
        String[] window = Arrays.copyOfRange(args, 2, args.length + 1);
        window[window.length - 1] = http.url(args[1]);
        DesktopLauncher.launch(window);
    }
}
