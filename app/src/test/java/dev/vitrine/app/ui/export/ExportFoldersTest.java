package dev.vitrine.app.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where an export's chooser starts: never the window's working folder (GTK shows it as an empty "Recent"). */
class ExportFoldersTest {
    @TempDir
    Path temp;

    @AfterEach
    void forget() {
        ExportFolders.forget();
    }

    @Test
    void aRemoteArchivesFirstExportStartsHomeThenWhereTheLastOneWent() {
        ExportFolders.forget();
        assertEquals(Path.of(System.getProperty("user.home")), ExportFolders.startFor(null), "a URL: home");
        assertEquals(temp, ExportFolders.startFor(temp.resolve("a.zss")), "a local archive: its folder");
        ExportFolders.remember(temp.resolve("out").toAbsolutePath().getParent());
        assertEquals(temp, ExportFolders.startFor(null), "then the last export's folder");
    }
}
