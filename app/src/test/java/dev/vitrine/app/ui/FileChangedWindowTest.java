package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.controls.Notification;
import dev.vitrine.app.ui.testing.WindowTest;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javafx.scene.control.Button;
import org.junit.jupiter.api.Test;

/**
 * A file that shrinks while its tab reads it (a log rotator, a download replaced): the tab says
 * so in one line that stays, offers Reopen, and the other tabs keep working.
 */
class FileChangedWindowTest extends WindowTest {

    private void verify(ArchiveView v) throws Exception {
        fx(() -> {
            v.verifier().start();
            return null;
        });
        waitUntil("verify to end", () -> !v.verifier().runningProperty().get());
        settle();
    }

    @Test
    void aFileThatShrinksIsSaidInItsTabWithReopenAndTheOtherTabKeepsWorking() throws Exception {
        Path file = fixture("fixtures/zss/generated/recs1000-none.zss");
        Path kept = Files.copy(file, temp.resolve("original.bin"));
        long was = Files.size(file);
        ArchiveView changing = open(file);
        ArchiveView other = open(fixture("fixtures/zss/generated/recs1000-deflate.zss"));
        fx(() -> {
            window.tabs().getSelectionModel().select(0);
            return null;
        });
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(100);
        }
        verify(changing);

        String line = "recs1000-none.zss: changed while being read (was " + was + " bytes, now 100)";
        Notification pinned = fx(() -> changing.notifier().pinned());
        assertTrue(
                pinned != null,
                "the tab says its file changed; last message: "
                        + fx(() -> changing.notifier().lastMessage()));
        assertEquals(line, fx(pinned::getMessage));
        assertEquals(1, fx(() -> changing.notifier().shown()), "one line, not one per failed read");
        Button reopen = lookup(".banner-action").query();
        assertEquals("Reopen", reopen.getText());
        fx(() -> Screenshot.save(
                window.scene(),
                Path.of(
                        System.getProperty("vitrine.screenshots", "target/screenshots"),
                        "FileChangedWindowTest-changed-message.png")));

        // The other archive is not touched by it.
        fx(() -> {
            window.tabs().getSelectionModel().select(1);
            return null;
        });
        verify(other);
        assertTrue(
                fx(() -> other.problems().state()).startsWith("verified: no problems"),
                fx(() -> other.problems().state()));
        assertNull(fx(() -> other.notifier().pinned()));

        // Reopen, the file back as it was: the same place, read afresh.
        Files.copy(kept, file, StandardCopyOption.REPLACE_EXISTING);
        fx(() -> {
            window.tabs().getSelectionModel().select(0);
            return null;
        });
        click(reopen);
        waitUntil(
                "the file to be open again",
                () -> window.tabs().getTabs().size() == 2
                        && window.views().getFirst() != changing
                        && window.views().getFirst().attached());
        settle();
        ArchiveView again = fx(() -> window.views().getFirst());
        assertNotSame(changing, again);
        assertEquals(
                "recs1000-none.zss",
                fx(() -> window.tabs().getTabs().getFirst().getText()),
                "in the same tab position");
        assertEquals(again, fx(window::current), "and in front");
        assertEquals(other, fx(() -> window.views().get(1)));
        verify(again);
        assertTrue(
                fx(() -> again.problems().state()).startsWith("verified: no problems"),
                fx(() -> again.problems().state()));
        assertNull(fx(() -> again.notifier().pinned()));
        assertFalse(
                fx(() -> again.notifier().lastMessage()).contains("changed"),
                fx(() -> again.notifier().lastMessage()));
    }
}
