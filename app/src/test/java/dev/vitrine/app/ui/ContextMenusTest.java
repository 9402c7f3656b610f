package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.copy.Clip;
import dev.vitrine.app.ui.hex.HexView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.core.model.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.Test;

/** Right-click menus and Ctrl+C in the tree, the hex view, the problems and the tab strip (#23 item 6). */
class ContextMenusTest extends WindowTest {

    private Label treeLabel(String text) {
        return lookup(".structure-tree .label")
                .match((Label l) -> text.equals(l.getText()))
                .query();
    }

    private void menuItem(String id) throws Exception {
        clickOn("#" + id);
        settle();
    }

    private String clip() throws Exception {
        return fx(Clip::text);
    }

    @Test
    void theTreeCopiesANodesNameOffsetAndRangeAndShowsItsBytes() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/deep-index-3level.zss"));
        clickOn(treeLabel("header"), MouseButton.SECONDARY);
        settle();
        menuItem("tree-copy-range");
        assertEquals("0-243 (243 bytes)", clip());
        clickOn(treeLabel("header"), MouseButton.SECONDARY);
        menuItem("tree-copy-path");
        assertTrue(clip().endsWith(" › header"), clip());
        clickOn(treeLabel("header"), MouseButton.SECONDARY);
        menuItem("tree-show-bytes");
        HexView hex = v.hex().hex();
        assertEquals(243, fx(() -> hex.selectionProperty().get().length()), "the node's bytes are selected");
        assertTrue(fx(hex::isFocused), "and the hex view has the keyboard");

        // Ctrl+C in the hex view: the selection as hex.
        push(KeyCode.CONTROL, KeyCode.C);
        waitUntil("hex copied", () -> Clip.text().startsWith("5a 53 53"));
        byte[] file = Files.readAllBytes(fx(() -> v.session().path()));
        assertEquals(243 * 3 - 1, clip().length(), "243 pairs, spaces and line breaks between them");

        clickOn(treeLabel("header"));
        push(KeyCode.CONTROL, KeyCode.C);
        settle();
        assertEquals("header", clip(), "Ctrl+C in the tree copies the node's name");

        // The hex menu: the first four bytes as base64 and as a C array.
        fx(() -> {
            hex.selectRange(0, 4);
            return null;
        });
        clickOn(fx(() -> hex.localToScreen(hex.pointOf(1))), MouseButton.SECONDARY);
        settle();
        fx(() -> Screenshot.saveWithPopups(
                window.scene(),
                Path.of(System.getProperty("vitrine.screenshots", "target/screenshots"), "hex-context-menu.png")));
        menuItem("hex-copy-base64");
        waitUntil(
                "base64",
                () -> Clip.text()
                        .equals(Base64.getEncoder().encodeToString(new byte[] {file[0], file[1], file[2], file[3]})));
        clickOn(fx(() -> hex.localToScreen(hex.pointOf(1))), MouseButton.SECONDARY);
        menuItem("hex-copy-c-array");
        waitUntil("C array", () -> Clip.text().startsWith("unsigned char data[4] = {\n    0x5a, 0x53, 0x53,"));
        assertEquals(4, fx(() -> hex.selectionProperty().get().length()), "a right-click inside keeps the selection");
    }

    @Test
    void problemsCopyTheirLineAndTheTabStripClosesOthers() throws Exception {
        Path copy = temp.resolve("weather-damaged.zss");
        Files.copy(Path.of("../samples/weather-damaged.zss"), copy);
        open(fixture("fixtures/zss/letters-none.zss"));
        ArchiveView v = open(copy);
        open(fixture("fixtures/zss/deep-index-3level.zss"));
        fx(() -> {
            window.tabs().getSelectionModel().select(1);
            return null;
        });
        settle();
        click(v.tree().view());
        type(KeyCode.F5);
        waitForVerify(v);
        settle();
        TableView<Problem> table = v.problems().table();
        Problem first = fx(() -> table.getItems().getFirst());
        clickOn(tableRow(table, 0), MouseButton.SECONDARY);
        settle();
        menuItem("problem-copy-line");
        assertEquals(first.toString(), clip(), "the line the command line prints");
        assertTrue(clip().contains("offset " + first.offset()), clip());
        click(tableRow(table, 0));
        push(KeyCode.CONTROL, KeyCode.C);
        settle();
        assertEquals(first.toString(), clip(), "Ctrl+C in the problems copies the line too");
        assertEquals((long) fx(() -> table.getItems().size()), (long)
                fx(() -> table.getItems().stream().distinct().count()));

        javafx.scene.Node second = fx(() -> window.tabs().lookupAll(".tab").stream()
                .filter(n -> {
                    javafx.scene.Parent p = n.getParent();
                    while (p != null && !(p instanceof javafx.scene.control.TabPane)) p = p.getParent();
                    return p == window.tabs();
                })
                .toList()
                .get(1));
        clickOn(second, MouseButton.SECONDARY);
        settle();
        menuItem("tab-close-others");
        assertEquals(List.of(v), fx(window::views), "only the archive right-clicked stays");
        assertFalse(fx(() -> window.tabs().getTabs().isEmpty()));
        assertTrue(fx(() -> v.tree().view().getRoot() instanceof NodeTreeItem));
    }
}
