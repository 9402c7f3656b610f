package dev.vitrine.app.ui.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javafx.concurrent.Worker;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The one cancellable background job: what its work sees when cancelled or stopped, and what the window sees. */
class BackgroundJobTest {
    private static ExecutorService pool;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
        pool = Executors.newSingleThreadExecutor();
    }

    @AfterAll
    static void stop() {
        pool.shutdownNow();
    }

    private static <T> T fx(java.util.concurrent.Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }

    /** Work that counts until told to stop; {@code started} opens once it runs. */
    private static BackgroundJob<Long> counting(CountDownLatch started, AtomicBoolean interrupted, AtomicLong last) {
        return new BackgroundJob<>("Counting", c -> {
            started.countDown();
            long n = 0;
            do { // at least one step, so a stop at once still leaves something found
                n++;
                if (Thread.currentThread().isInterrupted()) interrupted.set(true);
            } while (!c.cancelled());
            last.set(n);
            return n;
        });
    }

    @Test
    void cancelReachesTheWorkWithoutInterruptingItAndReportsCancelled() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicLong last = new AtomicLong(-1);
        BackgroundJob<Long> job = counting(started, interrupted, last);
        pool.execute(job);
        assertTrue(started.await(10, TimeUnit.SECONDS));
        WaitForAsyncUtils.asyncFx(() -> job.cancel(true)).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> last.get() >= 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Worker.State.CANCELLED, fx(job::getState));
        assertTrue(job.stopRequested());
        assertFalse(interrupted.get(), "a core reader must never see an interrupt mid-read");
    }

    @Test
    void stopEndsTheWorkEarlyAndKeepsWhatItFound() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicLong last = new AtomicLong(-1);
        BackgroundJob<Long> job = counting(started, new AtomicBoolean(), last);
        pool.execute(job);
        assertTrue(started.await(10, TimeUnit.SECONDS));
        job.stop();
        long got = job.get(10, TimeUnit.SECONDS);
        assertEquals(last.get(), got, "the work's own count, not a cancellation");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx(job::getState) == Worker.State.SUCCEEDED);
        assertTrue(fx(job::getValue) > 0);
    }

    @Test
    void titleMessageAndProgressReachTheStatusBar() throws Exception {
        BackgroundJob<String> job = new BackgroundJob<>("Exporting", c -> {
            c.message("3 records");
            c.progress(3, 4);
            return "done";
        });
        pool.execute(job);
        assertEquals("done", job.get(10, TimeUnit.SECONDS));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx(job::getState) == Worker.State.SUCCEEDED);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Exporting", fx(job::getTitle));
        assertEquals("3 records", fx(job::getMessage));
        assertEquals(0.75, fx(job::getProgress), 1e-9);
        assertFalse(job.stopRequested());
    }
}
