package dev.vitrine.app.ui.hex;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.io.ByteSource;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;

/**
 * The decoded bytes beside the raw ones: for a node inside a compressed block or frame, the
 * block's decoded bytes with the node's own range framed. It owns the decoded source it is
 * given and closes it when it shows another or is hidden.
 */
public final class DecodedPane extends BorderPane {
    private final HexView hex;
    private final Label title = new Label();
    private ByteSource shown;

    public DecodedPane(Background background) {
        hex = new HexView(background);
        getStyleClass().add("decoded-pane");
        setId("decoded-pane");
        title.getStyleClass().add("hex-info");
        title.setMinWidth(0);
        HBox bar = new HBox(6, new FontIcon(MaterialDesignA.ARROW_EXPAND_RIGHT), title);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.getStyleClass().add("pane-header");
        setTop(bar);
        setCenter(hex);
    }

    public HexView hex() {
        return hex;
    }

    /** Shows {@code src} under {@code label}, framing {@code marks}' node mark. */
    public void show(String label, ByteSource src, HexMarks marks) {
        ByteSource old = shown;
        shown = src;
        hex.setSource(src, "no decoded bytes");
        title.setText(label + " · " + Human.size(src.size()));
        hex.setMarks(marks, true);
        if (old != null && old != src) old.close();
    }

    public String title() {
        return title.getText();
    }

    /** Forgets the decoded bytes (the selection has none). */
    public void clear() {
        ByteSource old = shown;
        shown = null;
        hex.setSource(null, "");
        title.setText("");
        if (old != null) old.close();
    }

    public boolean showing() {
        return shown != null;
    }
}
