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
        System.setProperty("prism.lcdtext", "false");
        dev.vitrine.app.ui.WarmUp.start();
        try {
            Application.launch(VitrineApp.class, args);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            System.err.println("vitrine: cannot open a window (" + firstLine(e) + "); without a display, try "
                    + "`vitrine --screenshot out.png FILE` or the command line (`vitrine --help`)");
            System.exit(2);
        }
    }

    private static String firstLine(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}
