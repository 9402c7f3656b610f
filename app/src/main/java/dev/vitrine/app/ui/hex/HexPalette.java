package dev.vitrine.app.ui.hex;

import javafx.scene.paint.Color;

/** Colours of the hex view, matching the AtlantaFX Primer themes (light and dark). */
public record HexPalette(
        Color background,
        Color headerBackground,
        Color text,
        Color muted,
        Color faint,
        Color rule,
        Color node,
        Color nodeEdge,
        Color[] fields,
        Color match,
        Color problem,
        Color caret) {

    public static final HexPalette LIGHT = new HexPalette(
            Color.web("#ffffff"),
            Color.web("#f6f8fa"),
            Color.web("#24292f"),
            Color.web("#6e7781"),
            Color.web("#afb8c1"),
            Color.web("#d0d7de"),
            Color.web("#54aeff", 0.22),
            Color.web("#0969da"),
            new Color[] {
                Color.web("#fba71b", 0.35),
                Color.web("#57b757", 0.32),
                Color.web("#9a42c8", 0.25),
                Color.web("#41a9c9", 0.32),
                Color.web("#c84164", 0.25),
                Color.web("#888888", 0.28)
            },
            Color.web("#eac54f", 0.75),
            Color.web("#ff8182", 0.55),
            Color.web("#cf222e"));

    public static final HexPalette DARK = new HexPalette(
            Color.web("#0d1117"),
            Color.web("#161b22"),
            Color.web("#c9d1d9"),
            Color.web("#8b949e"),
            Color.web("#484f58"),
            Color.web("#30363d"),
            Color.web("#388bfd", 0.22),
            Color.web("#58a6ff"),
            new Color[] {
                Color.web("#d29922", 0.40),
                Color.web("#3fb950", 0.32),
                Color.web("#bc8cff", 0.30),
                Color.web("#39c5cf", 0.30),
                Color.web("#f778ba", 0.30),
                Color.web("#8b949e", 0.30)
            },
            Color.web("#bb8009", 0.70),
            Color.web("#f85149", 0.50),
            Color.web("#f85149"));

    public Color field(int tint) {
        return fields[Math.floorMod(tint, fields.length)];
    }
}
