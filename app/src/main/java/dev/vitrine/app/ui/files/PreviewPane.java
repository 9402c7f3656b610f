package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.model.FileListing;
import java.io.ByteArrayInputStream;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

/**
 * Shows the selected file: its text (monospace), its picture, or a note and a hex dump of its
 * first bytes. Loads in the background through {@link PreviewLoader}; a new selection cancels
 * the load in progress, and a late result of an old one is dropped.
 */
final class PreviewPane extends BorderPane {
    private final Background background;
    private final FileListing listing;
    private final Label title = new Label();
    private final FontIcon icon = new FontIcon(MaterialDesignF.FILE_OUTLINE);
    private final Label note = new Label();
    private final StackPane body = new StackPane();
    private final TextArea text = new TextArea();
    private final ImageView image = new ImageView();
    private final ScrollPane imageScroll = new ScrollPane(image);
    private final Label message = new Label();
    private AtomicBoolean cancel = new AtomicBoolean();
    private int generation;
    private Preview shown;
    private FileListing.Entry entry;

    PreviewPane(Background background, FileListing listing) {
        this.background = background;
        this.listing = listing;
        getStyleClass().add("file-preview");
        setId("file-preview");
        title.getStyleClass().add("file-preview-title");
        title.setMinWidth(0);
        note.getStyleClass().add("file-preview-note");
        note.setWrapText(true);
        note.setId("file-preview-note");
        HBox head = new HBox(8, icon, title);
        head.setAlignment(Pos.CENTER_LEFT);
        head.setPadding(new Insets(6, 10, 6, 10));
        head.getStyleClass().add("pane-header");
        text.setEditable(false);
        text.setWrapText(false);
        text.getStyleClass().add("file-preview-text");
        text.setId("file-preview-text");
        image.setPreserveRatio(true);
        image.setSmooth(true);
        image.setId("file-preview-image");
        imageScroll.setFitToWidth(true);
        imageScroll.setFitToHeight(true);
        imageScroll.getStyleClass().add("file-preview-image");
        message.getStyleClass().add("file-preview-message");
        message.setWrapText(true);
        body.setPadding(new Insets(0));
        VBox foot = new VBox(note);
        foot.setPadding(new Insets(4, 10, 4, 10));
        foot.getStyleClass().add("file-preview-foot");
        setTop(head);
        setCenter(body);
        setBottom(foot);
        icon.setVisible(false);
        showMessage("Select a file to preview it");
    }

    /** Shows {@code e} (null clears), cancelling the load of the previous one. */
    void show(FileListing.Entry e) {
        cancel.set(true);
        AtomicBoolean mine = new AtomicBoolean();
        cancel = mine;
        int gen = ++generation;
        entry = e;
        shown = null;
        icon.setVisible(e != null);
        if (e == null) {
            title.setText("");
            showMessage("Select a file to preview it");
            return;
        }
        title.setText(FilesModel.shown(e.name()));
        note.setText("loading…");
        ProgressIndicator spin = new ProgressIndicator();
        spin.setMaxSize(28, 28);
        body.getChildren().setAll(spin);
        background.run(
                () -> {
                    Preview p = PreviewLoader.load(listing.content(e), mine::get);
                    Image img = null;
                    if (p instanceof Preview.Picture pic && !mine.get()) {
                        // Decoded here, off the FX thread; the header was checked for a sane pixel count first.
                        img = new Image(new ByteArrayInputStream(pic.bytes()));
                        if (img.isError()) {
                            p = new Preview.Binary(
                                    pic.info().format() + " image",
                                    "picture could not be decoded",
                                    PreviewLoader.hexDump(
                                            pic.bytes(), Math.min(pic.bytes().length, PreviewLoader.HEX_BYTES)),
                                    pic.total());
                            img = null;
                        }
                    }
                    return new Loaded(p, img);
                },
                loaded -> {
                    if (gen != generation) return;
                    display(loaded);
                },
                err -> {
                    if (gen != generation || err instanceof CancellationException) return;
                    display(new Loaded(new Preview.Unreadable(Human.error(err), e.size()), null));
                });
    }

    private record Loaded(Preview preview, Image image) {}

    private void display(Loaded l) {
        shown = l.preview();
        note.setText(l.preview().note());
        switch (l.preview()) {
            case Preview.Text t -> {
                icon.setIconCode(MaterialDesignF.FILE_DOCUMENT_OUTLINE);
                text.setText(t.text());
                text.positionCaret(0);
                text.setScrollTop(0);
                text.setScrollLeft(0);
                body.getChildren().setAll(text);
            }
            case Preview.Picture p -> {
                icon.setIconCode(MaterialDesignF.FILE_IMAGE_OUTLINE);
                image.setImage(l.image());
                // Large pictures fit the pane; small ones keep their pixels.
                image.fitWidthProperty().unbind();
                image.fitWidthProperty()
                        .bind(javafx.beans.binding.Bindings.min(
                                p.info().width(), imageScroll.widthProperty().subtract(4)));
                body.getChildren().setAll(imageScroll);
            }
            case Preview.Binary b -> {
                icon.setIconCode(MaterialDesignF.FILE_CODE_OUTLINE);
                text.setText(b.hex());
                text.positionCaret(0);
                Label what = new Label((b.reason().isEmpty() ? "Binary file" : capital(b.reason())) + " (" + b.kind()
                        + ", " + Human.size(b.total()) + "). First "
                        + Human.count(Math.min(b.total(), PreviewLoader.HEX_BYTES)) + " bytes:");
                what.getStyleClass().add("file-preview-binary");
                what.setId("file-preview-binary");
                what.setWrapText(true);
                BorderPane box = new BorderPane(text);
                box.setTop(what);
                BorderPane.setMargin(what, new Insets(8, 10, 6, 10));
                body.getChildren().setAll(box);
            }
            case Preview.Empty x -> {
                icon.setIconCode(MaterialDesignF.FILE_OUTLINE);
                showMessage("Empty file: nothing to show");
            }
            case Preview.Unreadable u -> {
                icon.setIconCode(MaterialDesignE.EYE_OFF_OUTLINE);
                showMessage("This file cannot be read: " + u.message());
            }
        }
    }

    private static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private void showMessage(String m) {
        message.setText(m);
        if (shown == null && entry == null) note.setText("");
        body.getChildren().setAll(message);
        StackPane.setAlignment(message, Pos.CENTER);
    }

    /** What is shown (null while loading or when nothing is selected). */
    Preview shown() {
        return shown;
    }

    FileListing.Entry entry() {
        return entry;
    }

    String noteText() {
        return note.getText();
    }

    String textShown() {
        return text.getText();
    }

    Image imageShown() {
        return image.getImage();
    }
}
