package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.hex.HexPalette;
import dev.vitrine.app.ui.index.IndexPicture;
import dev.vitrine.app.ui.index.IndexPictureView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.model.Node;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.shape.Rectangle;
import org.junit.jupiter.api.Test;

/** The index picture, the dark theme and the window's keyboard shortcuts. */
class IndexAndThemeTest extends WindowTest {

    @Test
    void clickingABlockInTheIndexPictureSelectsItsNode() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/deep-index-3level.zss"));
        click(lookup(".details-tabs .tab-label")
                .match((Label l) -> "Index".equals(l.getText()))
                .query());
        waitUntil("the picture", () -> v.index() != null && v.index().picture() != null);
        settle();
        IndexPictureView index = v.index();
        IndexPicture picture = fx(index::picture);
        assertEquals(4, picture.levels().size(), "root, two index levels, data blocks");
        assertEquals(125, picture.levels().getLast().total(), "all 125 data blocks are counted");
        Rectangle dataBlock = fx(() -> index.blockShapes().stream()
                .filter(r ->
                        ((IndexPicture.Block) r.getUserData()).node().kind().equals("data-block"))
                .skip(3)
                .findFirst()
                .orElseThrow());
        Node block = ((IndexPicture.Block) dataBlock.getUserData()).node();
        click(dataBlock);
        settle();
        Node selected = fx(() -> v.selection().selected());
        assertEquals("data-block", selected.kind());
        assertEquals(block.range(), selected.range(), "the clicked block is selected in the tree");
        HexMark framed = fx(() -> v.hex().hex().marks().node());
        assertEquals(block.range().offset(), framed.start(), "and framed in the hex view");
        assertTrue(fx(() -> dataBlock.getStyleClass().contains("selected")), "the picture outlines it");
        assertSame(index, fx(v::index), "the picture was not rebuilt");
    }

    @Test
    void darkModeSwitchesTheThemeAndTheHexColours() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/letters-deflate.zss"));
        click(lookup("#dark-toggle").query());
        assertTrue(fx(() -> window.theme().darkProperty().get()));
        assertSame(HexPalette.DARK, fx(() -> v.hex().hex().paletteProperty().get()));
        settle();
    }

    @Test
    void shortcutsVerifyFindAndGoTo() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/letters-none.zss"));
        click(v.tree().view());
        press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.V).release(KeyCode.V, KeyCode.SHIFT, KeyCode.CONTROL);
        waitUntil("verify", () -> v.verifier().lastReport() != null);
        assertTrue(fx(() -> v.problems().state()).startsWith("verified: no problems"));
        press(KeyCode.CONTROL, KeyCode.F).release(KeyCode.F, KeyCode.CONTROL);
        assertTrue(fx(() -> window.scene().getFocusOwner() != null
                && "hex-find".equals(window.scene().getFocusOwner().getId())));
        press(KeyCode.CONTROL, KeyCode.G).release(KeyCode.G, KeyCode.CONTROL);
        assertTrue(fx(() -> "hex-goto".equals(window.scene().getFocusOwner().getId())));
    }

    @Test
    void withNothingOpenTheWindowSaysHowToOpenSomething() throws Exception {
        assertNotNull(lookup(".welcome").query());
        assertTrue(lookup(".welcome .label")
                .match((Label l) -> l.getText().startsWith("Drop archives"))
                .tryQuery()
                .isPresent());
        fx(() -> window.open(List.of(fixture("fixtures/zss/letters-none.zss")))).get();
        settle();
        assertTrue(lookup(".welcome").tryQuery().isEmpty(), "the archive replaced the welcome");
        assertEquals("ZSS sorted records", fx(() -> ((Label) window.status().lookup(".status-format")).getText()));
    }
}
