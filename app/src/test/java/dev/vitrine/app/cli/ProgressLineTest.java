package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The progress line: drawn in place with done, total, rate and time left, and cleared at the end. */
class ProgressLineTest {

    @Test
    void drawsInPlaceAndClearsAtTheEnd() throws InterruptedException {
        StringWriter sw = new StringWriter();
        try (ProgressLine line = ProgressLine.on(new PrintWriter(sw), true)) {
            line.update(10, 100);
            assertEquals("", sw.toString(), "nothing in the first half second: quick commands stay quiet");
            Thread.sleep(600);
            line.update(50L << 20, 100L << 20);
            String drawn = sw.toString();
            assertTrue(drawn.startsWith("\r") && drawn.endsWith("\u001b[K"), drawn);
            assertTrue(
                    drawn.contains("50.0 MiB of 100.0 MiB  50%") && drawn.contains("/s") && drawn.contains(" left"),
                    drawn);
        }
        assertTrue(sw.toString().endsWith("\r\u001b[K"), "the line is taken away at the end");
    }

    @Test
    void followsWorkThatReportsNothingItselfAndStopsAtClose() throws InterruptedException {
        StringWriter sw = new StringWriter();
        java.util.concurrent.atomic.AtomicLong done = new java.util.concurrent.atomic.AtomicLong(3L << 20);
        try (ProgressLine line = ProgressLine.on(new PrintWriter(sw), true).follow(done::get, () -> 4L << 20)) {
            Thread.sleep(800); // no update() call: the line draws itself
            assertTrue(sw.toString().contains("3.0 MiB of 4.0 MiB  75%"), sw.toString());
        }
        String closed = sw.toString();
        assertTrue(closed.endsWith("\r\u001b[K"), "cleared at the end");
        done.set(4L << 20);
        Thread.sleep(300);
        assertEquals(closed, sw.toString(), "nothing drawn after close");
    }

    @Test
    void neverDrawnWhenTurnedOff() throws InterruptedException {
        StringWriter sw = new StringWriter();
        try (ProgressLine line = ProgressLine.on(new PrintWriter(sw), false)) {
            Thread.sleep(600);
            line.update(5, 10);
        }
        assertEquals("", sw.toString());
    }

    @Test
    void aRedirectedStandardErrorIsNotATerminal() {
        // surefire gives the forked test JVM a pipe for fd 2
        assertEquals(false, ProgressLine.stderrIsTerminal());
    }
}
