package dev.vitrine.app.ui;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.vitrine.app.ui.hex.HexPalette;
import javafx.application.Application;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Scene;

/** Light or dark: the AtlantaFX Primer theme, the app's stylesheet, and the hex view's colours. */
public final class ThemeSwitch {
    public static final String APP_CSS =
            ThemeSwitch.class.getResource("vitrine.css").toExternalForm();

    private final BooleanProperty dark = new SimpleBooleanProperty(this, "dark");
    private final ObjectProperty<HexPalette> palette = new SimpleObjectProperty<>(this, "palette", HexPalette.LIGHT);

    public ThemeSwitch(Scene scene, boolean startDark) {
        scene.getStylesheets().add(APP_CSS);
        dark.addListener((o, a, d) -> apply(scene, d));
        dark.set(startDark);
        apply(scene, startDark);
    }

    private void apply(Scene scene, boolean d) {
        Application.setUserAgentStylesheet(
                d ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet());
        palette.set(d ? HexPalette.DARK : HexPalette.LIGHT);
        if (scene.getRoot() != null)
            scene.getRoot().pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("dark"), d);
    }

    public BooleanProperty darkProperty() {
        return dark;
    }

    public ObjectProperty<HexPalette> paletteProperty() {
        return palette;
    }
}
