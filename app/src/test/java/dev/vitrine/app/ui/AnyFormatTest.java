package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.SyntheticArchive;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.app.ui.tree.TreeEntry;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.control.Label;
import javafx.scene.control.TreeItem;
import org.junit.jupiter.api.Test;

/** The window over an archive that is no real format: only the core's Node model is used. */
class AnyFormatTest extends WindowTest {

    private ArchiveView show(long slowMillis) throws Exception {
        ArchiveSession s = ArchiveSession.of(new SyntheticArchive(slowMillis));
        fx(() -> window.show(s));
        settle();
        return fx(window::current);
    }

    @Test
    void slowChildrenShowLoadingAndArriveWithoutBlockingTheWindow() throws Exception {
        ArchiveView v = show(1500);
        NodeTreeItem slow =
                fx(() -> (NodeTreeItem) v.tree().rootItem().getChildren().get(1));
        // Expanding hands the read to the background: within the same FX call the children are
        // not there yet, and the "loading…" row is (how long the FX thread is held: bench/scale.sh).
        List<String> meanwhile = fx(() -> {
            slow.setExpanded(true);
            return slow.isLoaded()
                    ? List.of("loaded at once")
                    : slow.getChildren().stream()
                            .map(c -> c.getValue().toString())
                            .toList();
        });
        assertEquals(1, meanwhile.size(), meanwhile.toString());
        assertTrue(meanwhile.getFirst().contains("loading…"), meanwhile.toString());
        waitUntil(
                "a loading row, shown meanwhile",
                () -> !slow.isLoaded()
                        && v.tree().view().lookupAll(".label").stream()
                                .anyMatch(
                                        n -> n instanceof Label l && "loading…".equals(l.getText()) && l.isVisible()));
        waitUntil("the children", slow::isLoaded);
        assertEquals(
                "late a",
                fx(() -> ((NodeTreeItem) slow.getChildren().getFirst()).node().name()));
    }

    @Test
    void oneHundredThousandChildrenArePagedAndAByteFindsItsItem() throws Exception {
        ArchiveView v = show(0);
        NodeTreeItem many =
                fx(() -> (NodeTreeItem) v.tree().rootItem().getChildren().get(2));
        fx(() -> {
            many.setExpanded(true);
            return null;
        });
        waitUntil("the first page", many::isLoaded);
        assertEquals(501, fx(() -> many.getChildren().size()), "a page and a '… more' row, not 100,000 rows");
        assertEquals(
                new TreeEntry.MoreEntry(500, 99_500),
                fx(() -> many.getChildren().getLast().getValue()));

        long target = 4096 + 10L * 1234 + 5; // item 1,234: in the third page
        fx(() -> {
            v.hex().hex().goTo(target);
            return null;
        });
        Point2D p = fx(() -> v.hex().hex().localToScreen(v.hex().hex().pointOf(target)));
        clickOn(p);
        settle();
        Node selected = fx(() -> v.selection().selected());
        assertEquals("item 1234", selected.name());
        assertEquals(1501, fx(() -> many.getChildren().size()), "pages were loaded up to the item, and no further");
        assertEquals(4096 + 12340, fx(() -> v.hex().hex().marks().node().start()));
    }

    @Test
    void verifyShowsProgressAndCanBeCancelled() throws Exception {
        ArchiveView v = show(6000);
        click(lookup("#verify-button").query());
        waitUntil(
                "progress",
                () -> window.jobs().currentProperty().get() != null
                        && window.jobs().currentProperty().get().getProgress() > 0);
        assertTrue(
                fx(() -> lookup(".status-bar .progress-bar").query().isVisible()),
                "the status bar shows the verify's progress");
        assertTrue(fx(() -> v.problems().state()).startsWith("verifying"));
        click(lookup(".status-bar .button").query());
        waitUntil("the cancel", () -> !v.verifier().runningProperty().get());
        assertTrue(
                fx(() -> v.problems().state()).startsWith("verify cancelled"),
                fx(() -> v.problems().state()));
        assertEquals(
                Health.UNCHECKED,
                fx(() -> v.tree().healthOf(v.tree().rootItem())),
                "a cancelled verify proves nothing");
    }

    @Test
    void verifyMarksTheSyntheticDamage() throws Exception {
        ArchiveView v = show(0);
        fx(() -> {
            v.verifier().start();
            return null;
        });
        waitUntil("verify", () -> v.verifier().lastReport() != null);
        settle();
        assertEquals(Health.DAMAGED, fx(() -> v.tree().healthOf(v.tree().rootItem())));
        TreeItem<TreeEntry> many = fx(() -> v.tree().rootItem().getChildren().get(2));
        assertEquals(Health.DAMAGED, fx(() -> v.tree().healthOf(many)), "the items cover offset 700,000");
        assertEquals(
                Health.OK,
                fx(() -> v.tree().healthOf(v.tree().rootItem().getChildren().get(0))),
                "the header is fine");
        assertTrue(
                fx(() -> v.details().tabs().getTabs().stream().noneMatch(t -> "tab-index".equals(t.getId()))),
                "no index here");
    }
}
