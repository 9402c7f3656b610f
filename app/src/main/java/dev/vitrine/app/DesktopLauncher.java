package dev.vitrine.app;

/** Placeholder: the window is being written (see the desktop-window issue). */
final class DesktopLauncher {
    private DesktopLauncher() {}

    static void launch(String[] args) {
        System.err.println("vitrine: the window is not available yet; try `vitrine --help`");
        System.exit(2);
    }
}
