package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.WindowTest;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.control.TabPane;
import javafx.util.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Messages stay inside their archive's tab and go by themselves; panes keep their share on resize. */
class WindowLayoutTest extends WindowTest {

    @AfterEach
    void restoreTimes() {
        Banner.errorTime = Duration.seconds(15);
    }

    @Test
    void anArchivesErrorShowsInsideItsTabBelowTheTabBarAndGoesByItself() throws Exception {
        Banner.errorTime = Duration.seconds(120); // shown for the checks, however slow the machine
        ArchiveView v = open(fixture("fixtures/zss/bad-magic.zss"));
        waitUntil("the error", () -> v.notifier().shown() > 0);
        assertTrue(
                fx(() -> v.notifier().lastMessage()).contains("bad-magic.zss"),
                fx(() -> v.notifier().lastMessage()));
        assertEquals(
                fx(() -> v.notifier().lastMessage()),
                fx(() -> window.notifier().lastMessage()),
                "the window remembers it too");
        assertEquals(0, fx(() -> window.notifier().shown()), "nothing over the whole window");
        Bounds note = fx(() -> v.notifier()
                .getChildrenUnmodifiable()
                .getFirst()
                .localToScene(v.notifier().getChildrenUnmodifiable().getFirst().getBoundsInLocal()));
        Bounds tab = fx(() -> v.localToScene(v.getBoundsInLocal()));
        assertTrue(tab.contains(note), "the message " + note + " is inside its archive's tab " + tab);
        for (TabPane tp : List.of(fx(() -> window.tabs()), v.details().tabs())) {
            Bounds header = fx(() -> tp.getChildrenUnmodifiable().stream()
                    .filter(n -> n.getStyleClass().contains("tab-header-area"))
                    .findFirst()
                    .map(n -> n.localToScene(n.getBoundsInLocal()))
                    .orElseThrow());
            assertFalse(header.intersects(note), "the message " + note + " leaves the tabs " + header + " visible");
        }
        // A later error goes by itself, without a click.
        Banner.errorTime = Duration.seconds(1);
        int before = fx(() -> v.notifier().shown());
        fx(() -> {
            v.notifier().error("bad-magic.zss: a second error");
            return null;
        });
        assertEquals(before + 1, fx(() -> v.notifier().shown()));
        waitUntil("the second error to go by itself", () -> v.notifier().shown() == before);
    }

    @Test
    void panesKeepTheirShareWhenTheWindowIsResized() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/letters-none.zss"));
        double[] before = fx(v::dividers);
        fx(() -> {
            window.stage().setWidth(window.stage().getWidth() * 0.6);
            return null;
        });
        settle();
        double[] small = fx(v::dividers);
        fx(() -> {
            window.stage().setWidth(window.stage().getWidth() * 2);
            return null;
        });
        settle();
        double[] large = fx(v::dividers);
        for (int i = 0; i < before.length; i++) {
            assertEquals(before[i], small[i], 0.02, "divider " + i + " after shrinking");
            assertEquals(before[i], large[i], 0.02, "divider " + i + " after enlarging");
        }
    }
}
