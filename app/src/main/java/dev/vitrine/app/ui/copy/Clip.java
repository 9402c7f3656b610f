package dev.vitrine.app.ui.copy;

import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** Puts text on the system clipboard (FX thread). */
public final class Clip {
    private Clip() {}

    public static void put(String text) {
        ClipboardContent c = new ClipboardContent();
        c.putString(text);
        Clipboard.getSystemClipboard().setContent(c);
    }

    /** The clipboard's text now, or "" (tests). */
    public static String text() {
        String s = Clipboard.getSystemClipboard().getString();
        return s == null ? "" : s;
    }
}
