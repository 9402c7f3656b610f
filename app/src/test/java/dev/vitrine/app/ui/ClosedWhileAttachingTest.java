package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.concurrent.PulseSteps;
import dev.vitrine.app.ui.testing.WindowTest;
import org.junit.jupiter.api.Test;

/**
 * A tab closed before its parts were all attached (closed right after opening) leaves nothing
 * waiting behind: the window settles, and archives opened later, also several at once (each
 * waits its turn behind the others' parts), open and are drawn. The closed tab's waiting steps
 * were once only stopped, so the window waited for them forever.
 */
class ClosedWhileAttachingTest extends WindowTest {

    @Test
    void aTabClosedWhileAttachingLeavesLaterOpensAlone() throws Exception {
        ArchiveSession first = background
                .run(() -> ArchiveSession.open(fixture("fixtures/zss/letters-none.zss")), null, null)
                .get();
        boolean waitingWhenClosed = fx(() -> {
            window.show(first);
            boolean waiting = PulseSteps.anyWaiting(); // its parts attach one per pulse, none yet
            window.closeTab();
            return waiting;
        });
        assertTrue(waitingWhenClosed, "the tab was closed with parts still to attach");
        settle();
        assertTrue(fx(() -> window.views().isEmpty()));

        var opened = fx(() -> window.open(java.util.List.of(
                fixture("fixtures/zss/deep-index-3level.zss"), fixture("fixtures/zss/letters-deflate.zss"))));
        opened.get(SETTLE.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        settle();
        assertEquals(2, (int) fx(() -> window.views().size()), "both later archives opened");
        ArchiveView front = fx(window::current);
        assertTrue(fx(front::attached), "the archive in front has its parts on screen");
    }
}
