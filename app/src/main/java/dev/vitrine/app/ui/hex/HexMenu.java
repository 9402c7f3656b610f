package dev.vitrine.app.ui.hex;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.copy.ByteText;
import dev.vitrine.app.ui.copy.Clip;
import dev.vitrine.core.io.ByteSource;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * The hex view's right-click menu and Ctrl+C: the selection (or the byte under the cursor)
 * copied as hex, text, a C array or base64, read in the background; go to an offset; select
 * the selected node's bytes.
 */
final class HexMenu {
    static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);

    private final HexView hex;
    private final Background background;
    private final Supplier<ByteSource> source;
    private final Consumer<String> say;
    private final ContextMenu menu = new ContextMenu();

    HexMenu(HexView hex, Background background, Supplier<ByteSource> source, Runnable goTo, Consumer<String> say) {
        this.hex = hex;
        this.background = background;
        this.source = source;
        this.say = say;
        for (ByteText.Form f : ByteText.Form.values()) {
            MenuItem i = new MenuItem(f.label);
            i.setId("hex-copy-" + f.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            if (f == ByteText.Form.HEX) i.setAccelerator(COPY);
            i.setOnAction(e -> copy(f));
            menu.getItems().add(i);
        }
        MenuItem go = new MenuItem("Go to Offset…");
        go.setId("hex-go-to");
        go.setAccelerator(new KeyCodeCombination(KeyCode.G, KeyCombination.SHORTCUT_DOWN));
        go.setOnAction(e -> goTo.run());
        MenuItem node = new MenuItem("Select the Node's Bytes");
        node.setId("hex-select-node");
        node.setOnAction(e -> {
            HexMark m = hex.marks().node();
            if (m != null) hex.selectRange(m.start(), m.end());
        });
        menu.getItems().addAll(new SeparatorMenuItem(), go, node);
        menu.setOnShowing(e -> node.setDisable(hex.marks().node() == null));
        hex.setOnContextMenuRequested(e -> {
            menu.show(hex, e.getScreenX(), e.getScreenY());
            e.consume();
        });
        hex.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (COPY.match(e)) {
                copy(ByteText.Form.HEX);
                e.consume();
            }
        });
    }

    ContextMenu menu() {
        return menu;
    }

    /** Copies the selected bytes as {@code form}; they are read in the background, never on the FX thread. */
    void copy(ByteText.Form form) {
        HexCursor.Selection s = hex.selectionProperty().get();
        ByteSource src = source.get();
        if (s.cursor() < 0 || src == null) {
            say.accept("nothing selected to copy");
            return;
        }
        if (s.length() > ByteText.MAX) {
            say.accept("the selection is " + Human.size(s.length()) + ": copy at most " + Human.size(ByteText.MAX));
            return;
        }
        background.run(
                () -> ByteText.of(src.read(s.start(), (int) s.length()), form),
                text -> {
                    Clip.put(text);
                    say.accept("copied " + Human.count(s.length()) + (s.length() == 1 ? " byte" : " bytes"));
                },
                err -> say.accept("could not copy: " + Human.error(err)));
    }
}
