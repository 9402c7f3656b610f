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

    /** The folder to write into, or null when the user cancelled. */
    Path folder(Window owner, String title);
}
