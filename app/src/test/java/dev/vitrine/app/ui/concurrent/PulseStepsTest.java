package dev.vitrine.app.ui.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Steps of every queue share the pulses, one step per pulse (#23 item 23: a tab attaching a part,
 * its table adding columns and a folder's next tab met in one frame), and tabs opened behind
 * wait for the rest.
 */
class PulseStepsTest {
    /** The pulse being run, counted by a timer registered before any queue (so it runs first in each pulse). */
    private static volatile long pulse;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
        WaitForAsyncUtils.asyncFx(() -> new AnimationTimer() {
                    @Override
                    public void handle(long now) {
                        pulse++;
                    }
                }.start())
                .get(10, TimeUnit.SECONDS);
    }

    private record Ran(String step, long pulse) {}

    private static Runnable step(String name, List<Ran> log, CompletableFuture<Void> last) {
        return () -> {
            log.add(new Ran(name, pulse));
            if (last != null) last.complete(null);
        };
    }

    @Test
    void twoQueuesNeverRunStepsInTheSamePulse() throws Exception {
        List<Ran> log = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> a = new CompletableFuture<>(), b = new CompletableFuture<>();
        WaitForAsyncUtils.asyncFx(() -> {
                    PulseSteps.run(step("a1", log, null), step("a2", log, a));
                    PulseSteps.run(step("b1", log, null), step("b2", log, b));
                })
                .get(10, TimeUnit.SECONDS);
        CompletableFuture.allOf(a, b).get(10, TimeUnit.SECONDS);
        assertEquals(4, log.size());
        assertEquals(4, log.stream().map(Ran::pulse).distinct().count(), "one step per pulse: " + log);
    }

    @Test
    void aYieldingQueueWaitsForTheOthers() throws Exception {
        List<Ran> log = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        WaitForAsyncUtils.asyncFx(() -> {
                    PulseSteps tabs = PulseSteps.queue().yielding();
                    tabs.add(step("next tab", log, done));
                    PulseSteps.run(step("tree", log, null), step("details", log, null), step("bytes", log, null));
                })
                .get(10, TimeUnit.SECONDS);
        done.get(10, TimeUnit.SECONDS);
        assertEquals(
                List.of("tree", "details", "bytes", "next tab"),
                log.stream().map(Ran::step).toList(),
                "the tab in front attaches its parts first");
    }

    @Test
    void anUrgentQueueGoesBeforeTheOthers() throws Exception {
        List<Ran> log = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        WaitForAsyncUtils.asyncFx(() -> {
                    PulseSteps.run(step("columns 9-16", log, null), step("columns 17-24", log, null));
                    PulseSteps.run(step("hex", log, null), step("problems", log, done));
                    PulseSteps.queue().urgent().add(step("first rows", log, null));
                })
                .get(10, TimeUnit.SECONDS);
        done.get(10, TimeUnit.SECONDS);
        assertEquals(5, log.size(), log::toString);
        assertEquals("first rows", log.getFirst().step(), "the records come before the rest: " + log);
        assertEquals(5, log.stream().map(Ran::pulse).distinct().count(), "still one step per pulse: " + log);
    }
}
