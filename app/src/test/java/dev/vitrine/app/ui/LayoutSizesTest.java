package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.hex.HexView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.app.ui.timeline.TimelinePane;
import dev.vitrine.app.ui.timeline.TimelineTab;
import dev.vitrine.core.format.ark.ArkSample;
import dev.vitrine.core.model.Node;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.control.TableView;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * At the minimum supported size (1024x700) and above, the key views keep their content: the
 * tree some rows, the hex view its 16 columns and text column (raw and decoded bytes each), the
 * problems header in view, the Ark messages table some rows. (1920x1080 is past the headless
 * platform's screen, whose pixel upload then fails: it is checked by the screenshots in docs/.)
 */
class LayoutSizesTest extends WindowTest {

    private void resize(int w, int h) throws Exception {
        fx(() -> {
            window.stage().setWidth(w);
            window.stage().setHeight(h);
            return null;
        });
        settle();
    }

    private static boolean wholeRow(HexView h) {
        // Its preferred width is a whole row (offset, 16 bytes, text) plus a little room.
        return h.getWidth() >= h.prefWidth(-1) * 0.96;
    }

    private static Bounds inScene(javafx.scene.Node n) {
        return n.localToScene(n.getBoundsInLocal());
    }

    @ParameterizedTest
    @CsvSource({"1024,700", "1360,860"})
    void bytesTreeAndProblemsKeepTheirContent(int w, int h) throws Exception {
        resize(w, h);
        ArchiveView v = open(fixture("fixtures/zss/letters-deflate.zss"));
        resize(w, h);
        HexView hex = v.hex().hex();
        assertTrue(fx(() -> wholeRow(hex)), () -> "16 columns and text at " + w + "x" + h);
        assertTrue(fx(hex::visibleRows) >= 6, () -> "hex rows at " + w + "x" + h);
        assertTrue(fx(() -> v.tree().view().getHeight()) >= 8 * 24, "the tree shows 8 rows or more");
        assertTrue(fx(v::problemsFolded), "an empty problems list is only its header");
        Bounds head = fx(() -> inScene(v.problems().getTop()));
        Bounds scene = fx(() -> new javafx.geometry.BoundingBox(
                0, 0, window.scene().getWidth(), window.scene().getHeight()));
        assertTrue(head.getHeight() > 10 && scene.contains(head), "the problems header is in view: " + head);
        assertTrue(
                fx(() -> hex.getHeight()) > fx(() -> v.details().getHeight()) * 0.5,
                "the bytes take the room the empty list left");

        // A record in a deflate block: raw and decoded bytes each keep a whole row.
        Node root = fx(() -> v.session().root().node());
        Node blocks = child(root, 2);
        Node block = child(blocks, 3);
        Node record = child(block, 1);
        fx(() -> v.tree().reveal(List.of(root, blocks, block, record))).get();
        settle();
        assertTrue(fx(() -> v.hex().decoded().showing()));
        HexView decoded = v.hex().decoded().hex();
        assertTrue(fx(() -> wholeRow(hex) && wholeRow(decoded)), () -> "raw and decoded whole rows at " + w + "x" + h);
        assertTrue(fx(decoded::visibleRows) >= 3, "decoded rows");
    }

    @ParameterizedTest
    @CsvSource({"1024,700", "1360,860"})
    void afterVerifyTheBytesAndTheProblemsBothKeepRows(int w, int h) throws Exception {
        resize(w, h);
        ArchiveView v = open(Path.of("../samples/weather-damaged.zss"));
        resize(w, h);
        fx(() -> {
            v.verifier().start();
            return null;
        });
        waitForVerify(v);
        settle();
        assertTrue(!fx(v::problemsFolded), "the problems found unfold the list");
        assertTrue(fx(v.hex().hex()::visibleRows) >= 6, () -> "hex rows beside the problems at " + w + "x" + h);
        TableView<?> table = v.problems().table();
        long rows = fx(() -> table.lookupAll(".table-row-cell").stream()
                .filter(n -> n instanceof javafx.scene.control.TableRow<?> r && !r.isEmpty())
                .filter(n -> inScene(n).getMaxY() <= inScene(table).getMaxY() + 1)
                .count());
        assertTrue(rows >= 2, "both problems are in view at " + w + "x" + h + ", not " + rows);
    }

    @ParameterizedTest
    @CsvSource({"1024,700", "1360,860"})
    void theArkMessagesTableShowsRows(int w, int h) throws Exception {
        resize(w, h);
        Path dir = temp.resolve("robot-log");
        ArkSample.write(dir, 12);
        ArchiveView v = open(dir);
        TimelinePane p = fx(() -> TimelineTab.of(v.details()));
        fx(() -> {
            p.setMessagesShown(true);
            return null;
        });
        settle();
        TableView<?> t = p.messages().table();
        waitUntil("messages", () -> !t.getItems().isEmpty());
        double rows = fx(() -> t.lookupAll(".table-row-cell").stream()
                .filter(n -> n.isVisible()
                        && inScene(n).getMaxY() <= inScene(t).getMaxY()
                        && ((javafx.scene.control.TableRow<?>) n).getItem() != null)
                .count());
        assertTrue(rows >= 3, "the messages table shows " + rows + " rows at " + w + "x" + h);
    }
}
