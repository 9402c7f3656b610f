package dev.vitrine.app.ui.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.WindowTest;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.control.Button;
import javafx.scene.control.Tab;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * Opening a URL whose server takes the connection and never answers: the toolbar's Cancel (and
 * Esc) stop it at once, say so, and hang up on the server; no tab comes of it.
 */
class OpenCancelWindowTest extends WindowTest {

    /** Takes connections, reads what is sent and never answers; counts the connections hung up on. */
    private static final class Silent implements AutoCloseable {
        final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        final AtomicInteger accepted = new AtomicInteger();
        final AtomicInteger hungUp = new AtomicInteger();

        Silent() throws Exception {
            Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        Socket s = server.accept();
                        accepted.incrementAndGet();
                        Thread.ofVirtual().start(() -> {
                            try (s;
                                    InputStream in = s.getInputStream()) {
                                while (in.read() >= 0) {}
                            } catch (Exception e) {
                                // reset: hung up too
                            }
                            hungUp.incrementAndGet();
                        });
                    }
                } catch (Exception closed) {
                    // the test is over
                }
            });
        }

        String url(String path) {
            return "http://127.0.0.1:" + server.getLocalPort() + "/" + path;
        }

        @Override
        public void close() throws Exception {
            server.close();
        }
    }

    private boolean cancelDisabled() throws Exception {
        return fx(() -> lookup("#cancel-button").queryAs(Button.class).isDisabled());
    }

    @Test
    void cancelStopsAnOpenThatNeverAnswers() throws Exception {
        try (Silent silent = new Silent()) {
            assertTrue(cancelDisabled(), "nothing to cancel yet");
            String url = silent.url("slow.zss");
            CompletableFuture<Tab> opened = fx(() -> window.openUrl(url));
            waitUntil("the request", () -> silent.accepted.get() == 1);
            assertEquals("opening " + url + "…", fx(() -> window.status().message()));
            assertFalse(cancelDisabled(), "an open in progress can be cancelled");

            long t0 = System.nanoTime();
            clickOn("#cancel-button");
            assertNull(opened.get(5, TimeUnit.SECONDS), "no tab");
            assertEquals(url + ": open cancelled", fx(() -> window.notifier().lastMessage()));
            assertEquals("", fx(() -> window.status().message()));
            assertTrue(cancelDisabled());
            waitUntil("the connection closed", () -> silent.hungUp.get() == 1);
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10), "well before any timeout");
            assertEquals(0, (int) fx(() -> window.tabs().getTabs().size()));

            // Esc does the same
            String other = silent.url("other.zss");
            CompletableFuture<Tab> again = fx(() -> window.openUrl(other));
            waitUntil("the second request", () -> silent.accepted.get() == 2);
            push(KeyCode.ESCAPE);
            assertNull(again.get(5, TimeUnit.SECONDS));
            assertEquals(other + ": open cancelled", fx(() -> window.notifier().lastMessage()));
            waitUntil("the second connection closed", () -> silent.hungUp.get() == 2);
            Thread.sleep(500);
            assertEquals(2, silent.accepted.get(), "no retry after the cancel");
        }
    }
}
