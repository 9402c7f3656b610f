package dev.vitrine.app.ui.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.files.FileRow;
import dev.vitrine.app.ui.files.FilesTab;
import dev.vitrine.app.ui.files.FilesView;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The files a clp-s archive ingested (its RangeIndex) in the Files tab; sizes known once decoded fill in. */
class ClpsFilesTabTest extends ClpsWindowTest {

    @Test
    void ingestedFilesAreListedAndTheirSizesFillInOnceDecoded() throws Exception {
        ArchiveView v = open(dev.vitrine.core.testing.Fixtures.path("clp-s/generated/archives/sts135-multifile.clps"));
        // A clp-s archive opens on its records; its ingested files are one tab away.
        fx(() -> v.details().select(FilesTab.TAB_ID));
        waitUntil("the files view", () -> FilesTab.of(v.details()) != null);
        FilesView f = fx(() -> FilesTab.of(v.details()));
        f.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        waitUntil("sizes", () -> f.table().getItems().stream().allMatch(r -> r.size() >= 0));
        settle();
        List<FileRow> rows = fx(() -> List.copyOf(f.table().getItems()));
        assertFalse(rows.isEmpty(), "the ingested files are listed");
        long total = rows.stream().mapToLong(FileRow::size).sum();
        List<String> cat = catLines("clp-s/generated/outputs/sts135-multifile.ordered.jsonl.gz");
        long catBytes = cat.stream()
                .mapToLong(l -> l.getBytes(StandardCharsets.UTF_8).length + 1)
                .sum();
        assertEquals(catBytes, total, "the files' sizes add up to the records as JSON lines");
        assertTrue(rows.stream().allMatch(r -> !r.name().isEmpty()));
        assertTrue(
                rows.stream().allMatch(r -> r.health() != dev.vitrine.core.model.Health.DAMAGED),
                "files rebuilt from records are not damage");
        assertTrue(
                fx(f::statusText).startsWith(rows.size() + " files · " + dev.vitrine.app.ui.Human.size(catBytes)),
                fx(f::statusText));
    }
}
