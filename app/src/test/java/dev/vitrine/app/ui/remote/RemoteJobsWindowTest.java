package dev.vitrine.app.ui.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.zss.ZssFlavor;
import dev.vitrine.core.format.zss.ZssWriter;
import dev.vitrine.core.remote.FaultProxy;
import dev.vitrine.core.remote.NginxServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Verify of a remote archive over a slow link: its progress says the bytes fetched and the
 * rate, and Cancel stops the requests in flight (counted by the proxy in front of nginx) without
 * calling the reads it cut short damage.
 */
class RemoteJobsWindowTest extends WindowTest {

    @Test
    void verifyShowsBytesFetchedAndCancelStopsTheRequests() throws Exception {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        Path dir = recordsFolder(100_000, 40); // ~6 MB of uncompressed records: several requests' worth
        try (NginxServer nginx = NginxServer.serve(dir);
                FaultProxy slow = new FaultProxy(nginx.port())) {
            slow.latency(150);
            ArchiveView view = openThrough(slow);
            long size = view.session().remote().size();
            long drawn = view.session().remote().object().stats().bytes();
            assertTrue(drawn < size / 2, "the first draw read little: " + drawn + " of " + size);

            // from now on every answer stops after 100 KB (under a block) and hangs: the verify cannot end by itself
            slow.stallAfter(100_000, 100_000);
            fx(() -> {
                view.verifier().start();
                return null;
            });
            waitUntil(
                    "bytes fetched in the progress",
                    () -> view.problems().state().contains(" fetched · "));
            String state = fx(() -> view.problems().state());
            assertTrue(state.matches("verifying….* · .+ fetched · .+/s"), state);

            fx(() -> {
                view.verifier().cancel();
                return null;
            });
            waitUntil("the cancel", () -> view.problems().state().startsWith("verify cancelled"));
            // the verify's reader was waiting on a hung request: the cancel frees it well before the idle timeout
            fx(() -> view.verifier().idle()).get(15, TimeUnit.SECONDS);
            int requests = slow.requests();
            long bytes = view.session().remote().object().stats().bytes();
            Thread.sleep(1000);
            assertEquals(requests, slow.requests(), "no request goes out once the verify is cancelled");
            assertEquals(bytes, view.session().remote().object().stats().bytes(), "nothing more is fetched");
            assertTrue(bytes < size, "cancelled before the end: " + bytes + " of " + size);
            // the reads the cancel cut short are not damage: no problem listed, the tab not marked
            assertEquals(List.of(), fx(() -> List.copyOf(view.session().problems())));
            assertTrue(fx(() -> view.problems().state()).endsWith("0 problems so far"));
            assertFalse(
                    fx(() -> window.tabs().getSelectionModel().getSelectedItem().getStyleClass())
                            .contains("tab-damaged"));
        }
    }

    @Test
    void cancellingAFindStopsItsRequests() throws Exception {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        Path dir = recordsFolder(700_000, 70); // ~60 MB: more than the 32 MB a sequential reader has fetched ahead
        try (NginxServer nginx = NginxServer.serve(dir);
                FaultProxy slow = new FaultProxy(nginx.port())) {
            slow.latency(1500); // a slow link: the find's reads ahead are still out when it is cancelled
            ArchiveView view = openThrough(slow);
            settle();
            clickOn("#hex-find").write("not in the file");
            push(javafx.scene.input.KeyCode.ENTER);
            waitUntil("the find reading", () -> view.hex().findStatus().startsWith("searching"));
            int before = slow.requests();
            waitUntil("the find's requests", () -> slow.requests() > before);
            clickOn("#find-cancel");
            assertEquals("search cancelled", fx(() -> view.hex().findStatus()));
            Thread.sleep(200); // the cancel reaches the network off the FX thread
            int requests = slow.requests();
            long bytes = view.session().remote().object().stats().bytes();
            Thread.sleep(2000);
            assertEquals(requests, slow.requests(), "no request goes out once the find is cancelled");
            assertEquals(bytes, view.session().remote().object().stats().bytes(), "nothing more is fetched");
            assertEquals("search cancelled", fx(() -> view.hex().findStatus()), "the stopped reads are no failure");
        }
    }

    /** A folder holding big.zss: {@code count} uncompressed records, each value {@code width} bytes. */
    private Path recordsFolder(int count, int width) throws java.io.IOException {
        Path dir = Files.createDirectories(temp.resolve("www"));
        Iterator<byte[]> records = IntStream.range(0, count)
                .mapToObj(i ->
                        String.format("key-%08d value-%s", i, "v".repeat(width)).getBytes(StandardCharsets.UTF_8))
                .iterator();
        ZssWriter.write(
                dir.resolve("big.zss"), ZssWriter.Options.of(ZssFlavor.ZSS).codec("none"), records);
        return dir;
    }

    /** Opens big.zss through {@code slow} and waits for its first draw. */
    private ArchiveView openThrough(FaultProxy slow) throws Exception {
        assertNotNull(fx(() -> window.openUrl(slow.url("big.zss"))).get());
        waitUntil(
                "the first draw",
                () -> window.current() != null && window.current().firstDraw().isDone());
        return fx(() -> window.current());
    }
}
