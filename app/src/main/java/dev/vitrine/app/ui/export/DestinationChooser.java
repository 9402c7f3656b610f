package dev.vitrine.app.ui.export;

import java.nio.file.Path;
import javafx.stage.Window;

/**
 * Asks the user where an export goes: a file to write, or a folder to write files into. On
 * the desktop these are the system's save and folder dialogs ({@link SystemDestinationChooser});
 * those cannot be shown on a headless platform, so tests answer with paths of their own and
 * everything after the answer (questions, progress, the write) is the real flow.
 */
public interface DestinationChooser {

    /** The file to write, or null when the user cancelled. */
    Path file(Window owner, String title, String suggestedName);

    /** The folder to write into, or null when the user cancelled; the chooser starts in {@code startIn} when it is not null. */
    Path folder(Window owner, String title, Path startIn);

    /** The folder to write into, or null when the user cancelled. */
    default Path folder(Window owner, String title) {
        return folder(owner, title, null);
    }

    /**
     * The folder an export of the archive at {@code archive} writes into: the chooser starts in
     * the last export's folder, else the archive's ({@link ExportFolders}); the answer is remembered.
     */
    default Path exportFolder(Window owner, String title, Path archive) {
        Path dir = folder(owner, title, ExportFolders.startFor(archive));
        ExportFolders.remember(dir);
        return dir;
    }
}
