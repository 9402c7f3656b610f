package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.hex.HexView;
import dev.vitrine.app.ui.inspect.InspectorBar;
import dev.vitrine.app.ui.testing.WindowTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/** The status bar says where the cursor is, what is selected, what the bytes there mean and which node it is in (#23 item 7). */
class StatusInspectorTest extends WindowTest {

    @Test
    void theStatusBarFollowsTheHexCursorAndTheSelectedNode() throws Exception {
        Path file = fixture("fixtures/zss/letters-none.zss");
        byte[] bytes = Files.readAllBytes(file);
        ArchiveView v = open(file);
        InspectorBar bar = fx(() -> window.status().inspector());
        HexView hex = v.hex().hex();
        long at = 260;
        fx(() -> {
            hex.goTo(at);
            return null;
        });
        clickOn(fx(() -> hex.localToScreen(hex.pointOf(at))));
        settle();
        int b0 = bytes[(int) at] & 0xff;
        assertEquals(
                "offset 260 (0x104) = 0x%02x (%d)".formatted(b0, b0),
                fx(bar::cursorText),
                "the cursor's offset and the byte there");
        String path = fx(bar::pathText);
        String node = fx(() -> v.selection().selected().name());
        assertTrue(path.endsWith(node) && path.contains(" › "), "the selected node's path: " + path);

        List<String> readings = fx(bar::readings);
        long u16le = (bytes[(int) at] & 0xff) | (bytes[(int) at + 1] & 0xff) << 8;
        long u32be = java.nio.ByteBuffer.wrap(bytes, (int) at, 4).getInt() & 0xffffffffL;
        assertTrue(readings.contains("u16 LE: " + u16le), readings.toString());
        assertTrue(readings.contains("u32 BE: " + u32be), readings.toString());
        assertTrue(readings.stream().anyMatch(r -> r.startsWith("double LE: ")), readings.toString());
        assertTrue(readings.stream().anyMatch(r -> r.startsWith("time i64 LE (ns): ")), readings.toString());

        press(KeyCode.SHIFT);
        push(KeyCode.RIGHT);
        push(KeyCode.RIGHT);
        release(KeyCode.SHIFT);
        settle();
        assertEquals("selection 260 + 3 bytes", fx(bar::selectionText));
        assertTrue(fx(bar::cursorText).startsWith("offset 262 "), fx(bar::cursorText));

        click(fx(bar::inspectorButton));
        settle();
        assertTrue(fx(bar::inspectorShowing), "the data inspector opens above the status bar");
        fx(() -> Screenshot.saveWithPopups(
                window.scene(),
                Path.of(System.getProperty("vitrine.screenshots", "target/screenshots"), "status-inspector-open.png")));
    }
}
