package dev.vitrine.app;

import dev.vitrine.app.cli.VitrineCli;

/**
 * Entry point of the `vitrine` launcher: a subcommand (info, verify, cat, ...) runs headless
 * on the core; no arguments, or file names, open the window. JavaFX classes are loaded only
 * in the second case, so scripts never pay for (or need) a display.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        dev.vitrine.core.io.ZstdNative.prepare(); // before any archive is read: its library from the cache
        if (VitrineCli.handles(args)) {
            System.exit(VitrineCli.run(args));
        }
        // `vitrine verfy FILE`: a typo, not a file to open in the window.
        var typo = VitrineCli.unknownCommand(args);
        if (typo.isPresent()) {
            System.err.println(typo.get());
            System.exit(2);
        }
        DesktopLauncher.launch(args);
    }
}
