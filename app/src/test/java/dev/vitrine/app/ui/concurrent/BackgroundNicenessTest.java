package dev.vitrine.app.ui.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Long jobs (filter scans, verify, export) run below the FX thread on Linux, where only the
 * kernel's nice value decides who gets a busy core; the reads a view waits for do not.
 */
class BackgroundNicenessTest {
    /** The calling thread's nice value, from /proc (field 19 of its stat line). */
    private static int ownNice() throws Exception {
        return nice(Path.of("/proc/thread-self"));
    }

    private static int nice(Path task) throws Exception {
        String stat = Files.readString(task.resolve("stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(f[16]);
    }

    @Test
    void theOptimisingCompilerRunsBelowTheWindow() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/proc/thread-self/stat")), "Linux only");
        Background.create().shutdown();
        int seen = 0;
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                String comm;
                try {
                    comm = Files.readString(t.resolve("comm"));
                } catch (java.nio.file.NoSuchFileException gone) {
                    continue; // a thread that ended since the listing
                }
                if (!comm.startsWith("C2 Compiler")) continue;
                assertEquals(Background.LONG_NICE, nice(t), "C2 compiler thread " + t.getFileName());
                seen++;
            }
        }
        Assumptions.assumeTrue(seen > 0, "a JVM without a C2 compiler thread");
    }

    @Test
    void longJobsRunAtALowerPriorityThanShortReads() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/proc/thread-self/stat")), "Linux only");
        Assumptions.assumeTrue(
                ownNice() < Background.LONG_NICE, "the test itself runs below the long lane's priority already");
        Background b = new Background(2, Runnable::run);
        int longNice = b.runLong(BackgroundNicenessTest::ownNice, null, null).get(10, TimeUnit.SECONDS);
        int shortNice = b.run(BackgroundNicenessTest::ownNice, null, null).get(10, TimeUnit.SECONDS);
        assertEquals(Background.LONG_NICE, longNice);
        assertEquals(ownNice(), shortNice, "short reads keep the priority of the thread that started the window");
        // Threads a long job starts (a decoding pool) inherit its priority.
        int[] child = new int[1];
        b.runLong(
                        () -> {
                            Thread t = new Thread(() -> {
                                try {
                                    child[0] = ownNice();
                                } catch (Exception e) {
                                    child[0] = -100;
                                }
                            });
                            t.start();
                            t.join();
                            return null;
                        },
                        null,
                        null)
                .get(10, TimeUnit.SECONDS);
        assertEquals(Background.LONG_NICE, child[0]);
    }
}
