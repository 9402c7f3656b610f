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
        Path start = ExportFolders.startFor(null); // the last export's folder, else home
        if (start != null) fc.setInitialDirectory(start.toFile());
        File f = fc.showSaveDialog(owner);
        if (f == null) return null;
        ExportFolders.remember(f.toPath().toAbsolutePath().getParent());
        return f.toPath();
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
