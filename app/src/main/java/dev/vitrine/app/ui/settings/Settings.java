package dev.vitrine.app.ui.settings;

import java.util.ArrayList;
import java.util.List;

/** What the window remembers between runs: geometry, dividers, theme, recent files. */
public final class Settings {
    public double x = Double.NaN;
    public double y = Double.NaN;
    public double width = 1360;
    public double height = 860;
    public boolean maximized;
    public boolean dark;
    public double[] dividers = {0.27, 0.55, 0.6};
    public List<String> recent = new ArrayList<>();
    /** Archives opened by URL (http(s)://, s3://), newest first; never one that carries a secret. */
    public List<String> recentUrls = new ArrayList<>();

    public Settings copy() {
        Settings s = new Settings();
        s.x = x;
        s.y = y;
        s.width = width;
        s.height = height;
        s.maximized = maximized;
        s.dark = dark;
        s.dividers = dividers == null ? null : dividers.clone();
        s.recent = new ArrayList<>(recent);
        s.recentUrls = new ArrayList<>(recentUrls);
        return s;
    }
}
