package dev.vitrine.app.ui;

/** Where one-line messages go (the window's banner): never a stack trace. */
public interface Notifier {
    void info(String message);

    void error(String message);
}
