package dev.vitrine.app.ui.settings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsTest {
    @TempDir
    Path dir;

    @Test
    void recentFilesAreNewestFirstWithoutDuplicatesAndCapped() {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < 15; i++) l = RecentFiles.add(l, "/f" + i);
        assertEquals(RecentFiles.MAX, l.size());
        assertEquals("/f14", l.getFirst());
        l = RecentFiles.add(l, "/f10");
        assertEquals(List.of("/f10", "/f14", "/f13"), l.subList(0, 3));
        assertEquals(RecentFiles.MAX, l.size());
        assertEquals(RecentFiles.MAX - 1, RecentFiles.remove(l, "/f10").size());
    }

    @Test
    void settingsSurviveARoundTripAndABrokenFileGivesDefaults() throws Exception {
        SettingsStore store = new SettingsStore(dir.resolve("vitrine/settings.json"));
        Settings s = store.load();
        assertTrue(Double.isNaN(s.x), "no position yet");
        s.x = 40;
        s.y = 50;
        s.width = 1000;
        s.dark = true;
        s.dividers = new double[] {0.2, 0.5, 0.7};
        s.recent = List.of("/a.zss");
        store.save(s);
        Settings back = store.load();
        assertEquals(40, back.x);
        assertEquals(true, back.dark);
        assertArrayEquals(new double[] {0.2, 0.5, 0.7}, back.dividers);
        assertEquals(List.of("/a.zss"), back.recent);
        Files.writeString(store.file(), "{not json");
        assertEquals(1360, store.load().width);
        SettingsStore.none().save(s);
    }
}
