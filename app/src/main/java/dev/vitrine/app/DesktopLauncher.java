package dev.vitrine.app;

import dev.vitrine.app.ui.LaunchOptions;
import dev.vitrine.app.ui.VitrineApp;
import javafx.application.Application;

/**
 * Starts the window. With --screenshot there may be no display: JavaFX's headless platform and
 * software rendering are chosen here, before the toolkit starts.
 */
final class DesktopLauncher {
    private DesktopLauncher() {}

    static void launch(String[] args) {
        LaunchOptions opts;
        try {
            opts = LaunchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("vitrine: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (opts.screenshot() != null) {
            // -Dglass.platform=gtk (under Xvfb, say) screenshots a real window instead.
            if (System.getProperty("glass.platform") == null) System.setProperty("glass.platform", "Headless");
            System.setProperty("prism.order", "sw");
            System.setProperty("java.awt.headless", "true");
        }
        if (opts.screenshot() == null && !opts.newWindow() && handedOver(opts)) System.exit(0);
        System.setProperty("prism.lcdtext", "false");
        dev.vitrine.app.ui.WarmUp.start();
        try {
            Application.launch(VitrineApp.class, args);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            System.err.println(cannotStart(firstLine(e), opts.screenshot() == null && isLinux() && !gtk3Installed()));
            System.exit(2);
        }
    }

    /** Whether a running window took the files (else this one will listen for later starts). */
    private static boolean handedOver(LaunchOptions opts) {
        try {
            return dev.vitrine.app.instance.SingleInstance.handOverOrClaim(
                    dev.vitrine.app.instance.SingleInstance.defaultSocket(), opts.files(), opts.urls());
        } catch (java.io.IOException e) {
            return false; // no private place for the socket: this window starts on its own
        }
    }

    /** The one line printed when the window cannot start; names the package when GTK 3 is what is missing. */
    static String cannotStart(String why, boolean gtkMissing) {
        if (gtkMissing || why.toLowerCase(java.util.Locale.ROOT).contains("gtk")) {
            return "vitrine: cannot open a window: the window needs GTK 3 (install libgtk-3-0, e.g. `sudo apt-get install libgtk-3-0`); "
                    + "the command line works without it (`vitrine --help`)";
        }
        return "vitrine: cannot open a window (" + why + "); without a display, try "
                + "`vitrine --screenshot out.png FILE` or the command line (`vitrine --help`)";
    }

    private static boolean isLinux() {
        return System.getProperty("os.name", "")
                .toLowerCase(java.util.Locale.ROOT)
                .contains("linux");
    }

    /** Whether libgtk-3 is where the dynamic linker usually looks (or on LD_LIBRARY_PATH). */
    static boolean gtk3Installed() {
        java.util.List<String> dirs = new java.util.ArrayList<>(java.util.List.of(
                "/usr/lib/x86_64-linux-gnu",
                "/usr/lib/aarch64-linux-gnu",
                "/lib/x86_64-linux-gnu",
                "/lib/aarch64-linux-gnu",
                "/usr/lib64",
                "/lib64",
                "/usr/lib",
                "/lib",
                "/usr/local/lib"));
        String ld = System.getenv("LD_LIBRARY_PATH");
        if (ld != null) dirs.addAll(java.util.Arrays.asList(ld.split(":")));
        for (String d : dirs) {
            if (!d.isEmpty() && java.nio.file.Files.exists(java.nio.file.Path.of(d, "libgtk-3.so.0"))) return true;
        }
        return false;
    }

    private static String firstLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}
