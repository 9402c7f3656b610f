package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.WindowTest;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Many open archives stay light (#23 item 23): a tab opened behind another builds its parts
 * only when first shown, and a tab sent behind another lets go of the bytes and rows it read,
 * reading them again when it comes back.
 */
class HiddenTabsTest extends WindowTest {

    private List<ArchiveView> openAll(Path... files) throws Exception {
        fx(() -> window.open(List.of(files))).get(60, TimeUnit.SECONDS);
        settle();
        return fx(() -> window.views());
    }

    @Test
    void aTabOpenedBehindAnotherIsBuiltWhenFirstShown() throws Exception {
        List<ArchiveView> v = openAll(
                fixture("fixtures/zss/letters-none.zss"),
                fixture("fixtures/zss/letters-deflate.zss"),
                fixture("fixtures/zss/deep-index-3level.zss"));
        assertEquals(3, v.size());
        assertTrue(fx(() -> v.get(0).attached()), "the tab in front shows its parts");
        assertFalse(fx(() -> v.get(1).attached()), "a tab behind has built nothing yet");
        assertFalse(fx(() -> v.get(2).attached()), "a tab behind has built nothing yet");
        assertNull(fx(() -> v.get(2).getScene()), "nor is it in the scene (no CSS or layout for it)");

        fx(() -> {
            window.tabs().getSelectionModel().select(2);
            return null;
        });
        settle();
        assertTrue(fx(() -> v.get(2).attached()), "shown, it has its parts");
        assertTrue(fx(() -> v.get(2).firstDraw().isDone()), "and its first details and bytes");
        assertTrue(fx(() -> v.get(2).hex().hex().settled()), "its bytes on screen are read");
        assertFalse(fx(() -> v.get(1).attached()), "the one never shown still has nothing");
    }

    @Test
    void aHiddenTabLetsGoOfItsBytesAndRowsAndReadsThemAgainWhenShown() throws Exception {
        List<ArchiveView> v =
                openAll(fixture("fixtures/zss/letters-none.zss"), fixture("fixtures/zss/deep-index-3level.zss"));
        ArchiveView first = v.get(0);
        assertTrue(fx(() -> first.details().select("tab-records")));
        waitUntil(
                "rows",
                () -> first.records() != null
                        && first.records().grid().cachedPages() > 0
                        && first.records().grid().shownRows().stream()
                                .allMatch(dev.vitrine.app.ui.table.LazyRow::isLoaded));
        settle();
        int[] bytes = fx(() -> first.hex().hex().loadedBytes(0, 16));
        assertTrue(Arrays.stream(bytes).allMatch(b -> b >= 0), "the first bytes are read: " + Arrays.toString(bytes));

        fx(() -> {
            window.tabs().getSelectionModel().select(1);
            return null;
        });
        settle();
        assertTrue(
                Arrays.stream(fx(() -> first.hex().hex().loadedBytes(0, 16))).allMatch(b -> b < 0),
                "behind another tab, its bytes are let go");
        assertEquals(0, fx(() -> first.hex().hex().cachedPages()), "no pages of bytes held");
        assertEquals(0, fx(() -> first.records().grid().cachedPages()), "no pages of rows held");

        fx(() -> {
            window.tabs().getSelectionModel().select(0);
            return null;
        });
        settle();
        waitUntil("rows again", () -> first.records().grid().cachedPages() > 0);
        assertArrayEquals(bytes, fx(() -> first.hex().hex().loadedBytes(0, 16)), "shown again, the same bytes");
        assertTrue(
                fx(() -> first.records().grid().shownRows().stream()
                        .allMatch(dev.vitrine.app.ui.table.LazyRow::isLoaded)),
                "and its rows");
    }

    @Test
    void aHiddenTabsArchiveLetsGoOfItsDecodedBlocks() throws Exception {
        List<ArchiveView> v =
                openAll(fixture("fixtures/zss/letters-deflate.zss"), fixture("fixtures/zss/letters-none.zss"));
        ArchiveView first = v.get(0);
        var archive = first.session().archive();
        assertTrue(fx(() -> first.details().select("tab-records")));
        waitUntil(
                "rows", () -> first.records() != null && first.records().grid().cachedPages() > 0);
        settle();
        assertTrue(archive.cachedBytes() > 0, "shown, its decoded blocks are kept");

        fx(() -> {
            window.tabs().getSelectionModel().select(1);
            return null;
        });
        settle();
        assertEquals(0, archive.cachedBytes(), "behind another tab, no decoded blocks are kept");

        fx(() -> {
            window.tabs().getSelectionModel().select(0);
            return null;
        });
        waitUntil("rows again", () -> first.records().grid().cachedPages() > 0);
        assertTrue(archive.cachedBytes() > 0, "shown again, its rows are decoded again");
    }

    @Test
    void openingManyArchivesAndShowingEachReadsNothingOnTheFxThread() throws Exception {
        Path[] files = new Path[8];
        String[] names = {"letters-none.zss", "letters-deflate.zss", "deep-index-3level.zss", "root-checksum.zss"};
        for (int i = 0; i < files.length; i++) {
            Path one = fixture("fixtures/zss/" + names[i % names.length]);
            files[i] = java.nio.file.Files.copy(one, temp.resolve(i + "-" + names[i % names.length]));
        }
        Thread fxThread = fx(Thread::currentThread);
        List<String> onFx = new java.util.concurrent.CopyOnWriteArrayList<>();
        // Mapping a file (opening it) and reads through a file channel or stream, by the thread doing them.
        dev.vitrine.core.io.MappedFileSource.afterMapping = p -> {
            if (Thread.currentThread() == fxThread) onFx.add("mapped " + p);
        };
        String where = temp.toString();
        try (var reads = new jdk.jfr.consumer.RecordingStream()) {
            reads.enable("jdk.FileRead").withoutThreshold().withStackTrace();
            reads.onEvent("jdk.FileRead", e -> {
                String path = e.getString("path");
                var t = e.getThread();
                if (path != null
                        && path.startsWith(where)
                        && t != null
                        && fxThread.getName().equals(t.getJavaName())) onFx.add("read " + path);
            });
            reads.startAsync();
            List<ArchiveView> v = openAll(files);
            assertEquals(files.length, v.size());
            for (int i = 0; i < files.length; i++) {
                int tab = i;
                fx(() -> {
                    window.tabs().getSelectionModel().select(tab);
                    return null;
                });
                settle();
            }
            reads.stop();
        } finally {
            dev.vitrine.core.io.MappedFileSource.afterMapping = null;
        }
        assertEquals(List.of(), onFx, "files opened or read on the FX thread");
    }
}
