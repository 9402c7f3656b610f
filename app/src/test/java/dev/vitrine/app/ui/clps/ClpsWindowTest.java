package dev.vitrine.app.ui.clps;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.testing.Fixtures;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.zip.GZIPInputStream;
import javafx.scene.control.Tab;

/** A real clp-s archive (written by the real clp-s) open in the window, with its views brought to front. */
abstract class ClpsWindowTest extends WindowTest {
    static final String APP = "clp-s/v0.5.0/archives/app.clps";
    static final String APP_OUT = "clp-s/v0.5.0/outputs/app.ordered.jsonl.gz";

    ArchiveView openApp() throws Exception {
        return open(Fixtures.path(APP));
    }

    /** Brings the view tab {@code id} to front and returns its content once made. */
    <T> T view(ArchiveView v, String id, Class<T> type) throws Exception {
        assertTrue(fx(() -> v.details().select("tab-" + id)), "the archive has a " + id + " tab");
        waitUntil(id + " view", () -> type.isInstance(tab(v, id).getContent()));
        return type.cast(fx(() -> tab(v, id).getContent()));
    }

    static Tab tab(ArchiveView v, String id) {
        return v.details().tabs().getTabs().stream()
                .filter(t -> ("tab-" + id).equals(t.getId()))
                .findFirst()
                .orElseThrow();
    }

    /** What `vitrine cat` (and `clp-s x --ordered`) writes for the archive: one JSON line per record. */
    static List<String> catLines(String gz) throws Exception {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Fixtures.path(gz)))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
