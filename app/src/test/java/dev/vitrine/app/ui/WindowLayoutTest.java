package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.WindowTest;
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
        Banner.errorTime = Duration.seconds(1.5);
        ArchiveView v = open(fixture("fixtures/zss/bad-magic.zss"));
        waitUntil("the error", () -> v.notifier().shown() > 0);
        assertTrue(fx(() -> v.notifier().lastMessage()).contains("bad-magic.zss"), fx(() -> v.notifier().lastMessage()));
        assertEquals(fx(() -> v.notifier().lastMessage()), fx(() -> window.notifier().lastMessage()), "the window remembers it too");
        assertEquals(0, fx(() -> window.notifier().shown()), "nothing over the whole window");
        TabPane tabs = fx(() -> window.tabs());
        Bounds header = fx(() -> tabs.lookup(".tab-header-area").localToScene(tabs.lookup(".tab-header-area").getBoundsInLocal()));
        Bounds note = fx(() -> v.notifier().getChildrenUnmodifiable().getFirst().localToScene(
                v.notifier().getChildrenUnmodifiable().getFirst().getBoundsInLocal()));
        assertTrue(note.getMinY() >= header.getMaxY(), "the message " + note + " is below the tab bar " + header);
        waitUntil("the error to go by itself", () -> v.notifier().shown() == 0);
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
