package dev.vitrine.app.ui.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.S3TestServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Open URL dialog lists a bucket a page at a time (s3proxy), "More" fetching the next page. */
class OpenUrlPagingTest extends WindowTest {

    @Test
    void aBucketIsListedAPageAtATime() throws Exception {
        Path folder = Files.createDirectories(temp.resolve("bucket"));
        for (int i = 0; i < 7; i++) Files.writeString(folder.resolve("log-" + i + ".clps"), "x".repeat(i));
        Files.createDirectories(folder.resolve("run-a/splits"));
        Files.writeString(folder.resolve("run-a/splits/s0"), "s");
        try (S3TestServer s3 = S3TestServer.serving("many", folder)) {
            RemoteOptions options = new RemoteOptions(List.of(), false, s3.endpoint(), RemoteSettings.DEFAULT);
            OpenUrlDialog d =
                    fx(() -> new OpenUrlDialog(window.scene().getWindow(), List.of(), background, options, 3));
            fx(() -> {
                d.list("s3://many");
                return null;
            });
            waitUntil("the first page", () -> d.entries().getItems().size() == 3);
            assertTrue(fx(() -> d.moreButton().isVisible()), "more is offered");
            assertTrue(
                    fx(() -> d.status().getText()).endsWith("shown, more under it"),
                    fx(() -> d.status().getText()));

            fx(() -> {
                d.more();
                return null;
            });
            waitUntil("the second page", () -> d.entries().getItems().size() == 6);
            fx(() -> {
                d.more();
                return null;
            });
            waitUntil("the last page", () -> d.entries().getItems().size() == 8);
            assertFalse(fx(() -> d.moreButton().isVisible()), "nothing more under it");
            List<String> names = fx(() ->
                    d.entries().getItems().stream().map(Location.Entry::name).toList());
            assertEquals(8, names.stream().distinct().count(), "each entry once: " + names);
            assertTrue(names.contains("run-a") && names.contains("log-6.clps"), names.toString());
            assertEquals("s3://many/: 1 prefix, 7 objects", fx(() -> d.status().getText()));
        }
    }
}
