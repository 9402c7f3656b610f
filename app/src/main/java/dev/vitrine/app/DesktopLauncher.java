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
            System.setProperty("glass.platform", "Headless");
            System.setProperty("prism.order", "sw");
            System.setProperty("java.awt.headless", "true");
        }
        System.setProperty("prism.lcdtext", "false");
        warmUp();
        try {
            Application.launch(VitrineApp.class, args);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            System.err.println("vitrine: cannot open a window (" + firstLine(e) + "); without a display, try "
                    + "`vitrine --screenshot out.png FILE` or the command line (`vitrine --help`)");
            System.exit(2);
        }
    }

    /**
     * While the toolkit starts on one core, load on the other what the window needs next: the
     * settings' JSON mapper (Jackson's first use costs a few hundred ms in a cold JVM) and the
     * archive formats. Class initialisation is thread-safe: if the window gets there first, it
     * waits for this thread instead of doing the work twice.
     */
    private static void warmUp() {
        Thread t = new Thread(() -> {
            try {
                Class.forName("dev.vitrine.app.ui.settings.SettingsStore", true, DesktopLauncher.class.getClassLoader());
                dev.vitrine.core.format.FormatRegistry.get();
            } catch (Throwable ignored) {
                // only a head start; the window loads these itself when it needs them
            }
        }, "vitrine-warm-up");
        t.setDaemon(true);
        t.start();
    }

    private static String firstLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}
