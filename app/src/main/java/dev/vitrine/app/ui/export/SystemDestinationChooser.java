package dev.vitrine.app.ui.export;

import java.io.File;
import java.nio.file.Path;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The system's save and folder dialogs, through JavaFX's {@link FileChooser} and {@link DirectoryChooser}. */
public final class SystemDestinationChooser implements DestinationChooser {

    @Override
    public Path file(Window owner, String title, String suggestedName) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.setInitialFileName(suggestedName);
        File f = fc.showSaveDialog(owner);
        return f == null ? null : f.toPath();
    }

    @Override
    public Path folder(Window owner, String title, Path startIn) {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle(title);
        if (startIn != null && startIn.toFile().isDirectory()) dc.setInitialDirectory(startIn.toFile());
        File dir = dc.showDialog(owner);
        return dir == null ? null : dir.toPath();
    }
}
