package dev.vitrine.app.ui;

import java.util.function.Supplier;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * A tooltip made when the pointer first enters a control, not when the control is made. A
 * Tooltip is a popup window with its own scene; a tree or table builds dozens of cells at once,
 * and one Tooltip per cell was a visible part of the frame that first shows them. The text is
 * asked for on every entry, so it always describes what the cell shows now.
 */
public final class HoverTip {
    private static final Object KEY = new Object();

    private HoverTip() {}

    /** {@code text} gives the tip for what {@code c} shows now, or null for none. */
    public static void install(Control c, Supplier<String> text) {
        c.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> {
            String t = text.get();
            if (t == null) {
                c.setTooltip(null);
                return;
            }
            Tooltip tip = (Tooltip) c.getProperties().computeIfAbsent(KEY, k -> new Tooltip());
            tip.setText(t);
            if (c.getTooltip() != tip) c.setTooltip(tip);
        });
    }
}
