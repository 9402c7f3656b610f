package dev.vitrine.app.ui.settings;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.vitrine.core.io.AtomicWrite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Settings as a small JSON file, {@code ~/.config/vitrine/settings.json} (or under
 * {@code $XDG_CONFIG_HOME}, or the folder named by {@code -Dvitrine.config}). A missing or
 * unreadable file gives the defaults; writes go through a temp file and a rename. A store
 * without a file (screenshots) remembers nothing.
 */
public final class SettingsStore {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;

    public SettingsStore(Path file) {
        this.file = file;
    }

    /** The user's store, honouring vitrine.config and XDG_CONFIG_HOME. */
    public static SettingsStore user() {
        String dir = System.getProperty("vitrine.config");
        if (dir == null || dir.isBlank()) {
            String xdg = System.getenv("XDG_CONFIG_HOME");
            dir = (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config"))
                    .resolve("vitrine")
                    .toString();
        }
        return new SettingsStore(Path.of(dir).resolve("settings.json"));
    }

    /** A store that never reads nor writes. */
    public static SettingsStore none() {
        return new SettingsStore(null);
    }

    public Settings load() {
        if (file == null || !Files.isRegularFile(file)) return new Settings();
        try {
            Settings s = MAPPER.readValue(file.toFile(), Settings.class);
            if (s.recent == null) s.recent = new java.util.ArrayList<>();
            if (s.recentUrls == null) s.recentUrls = new java.util.ArrayList<>();
            if (s.dividers == null || s.dividers.length != 3) s.dividers = new Settings().dividers;
            return s;
        } catch (IOException | RuntimeException e) {
            return new Settings();
        }
    }

    public void save(Settings s) {
        if (file == null) return;
        try {
            Files.createDirectories(file.getParent());
            AtomicWrite.write(file, true, out -> MAPPER.writeValue(out, s));
        } catch (IOException | RuntimeException e) {
            // Settings are a convenience: never let them break the window.
        }
    }

    public Path file() {
        return file;
    }
}
