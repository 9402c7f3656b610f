package dev.vitrine.app.ui.export;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Where a folder chooser for an export starts: the folder the last export of this session went
 * to, else the folder the archive is in. Without it GTK's chooser opens on its empty "Recent"
 * view, where typing a path does nothing.
 */
public final class ExportFolders {
    private static final AtomicReference<Path> LAST = new AtomicReference<>();

    private ExportFolders() {}

    /**
     * The folder to start in for an export of the archive at {@code archive} (null for none: a
     * URL, whose exports then start in the user's home, never the window's working folder).
     */
    public static Path startFor(Path archive) {
        Path last = LAST.get();
        if (last != null && Files.isDirectory(last)) return last;
        Path parent = archive == null ? null : archive.toAbsolutePath().getParent();
        if (parent != null && Files.isDirectory(parent)) return parent;
        Path home = Path.of(System.getProperty("user.home"));
        return Files.isDirectory(home) ? home : null;
    }

    /** Remembers the folder an export was asked to write into. */
    public static void remember(Path folder) {
        if (folder != null) LAST.set(folder.toAbsolutePath());
    }

    /** Forgets the last folder (a test starting afresh). */
    public static void forget() {
        LAST.set(null);
    }
}
