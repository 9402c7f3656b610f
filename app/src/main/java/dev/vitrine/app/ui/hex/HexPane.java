package dev.vitrine.app.ui.hex;

import atlantafx.base.controls.CustomTextField;
import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.remote.RemoteTransfer;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.AnimationTimer;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * The hex view with its bar: what is selected, go to offset (Ctrl+G focuses it) and find bytes
 * or text (Ctrl+F), searching in the background with cancel. For an archive of several files
 * a chooser in the bar says which file is shown (as Wireshark's bytes pane has a tab per data
 * source); for a node inside a compressed block the decoded bytes appear beside the raw ones.
 */
public final class HexPane extends BorderPane {
    private final Background background;
    private final HexView hex;
    private final Label info = new Label();
    private final CustomTextField goTo = new CustomTextField();
    private final CustomTextField find = new CustomTextField();
    private final ToggleButton textMode = new ToggleButton("Text");
    private final ToggleButton hexMode = new ToggleButton("Hex");
    private final Button findNext = new Button(null, new FontIcon(MaterialDesignM.MAGNIFY));
    private final Button cancelFind = new Button(null, new FontIcon(MaterialDesignC.CLOSE));
    private final Label findStatus = new Label();
    private final javafx.scene.control.ComboBox<FileRef> fileChooser = new javafx.scene.control.ComboBox<>();
    private final DecodedPane decoded;
    private final javafx.scene.control.SplitPane split = new javafx.scene.control.SplitPane();
    private FileRef file = FileRef.MAIN;
    private boolean choosing;
    private java.util.function.Consumer<FileRef> onFileChosen = f -> {};
    private ByteSource source;
    /** The running find's flag; true when none runs (set once it ends, so a later cancel stops no reads). */
    private AtomicBoolean findCancel = new AtomicBoolean(true);

    private long lastMatch = -1;

    public HexPane(Background background) {
        this.background = background;
        this.hex = new HexView(background);
        this.decoded = new DecodedPane(background);
        getStyleClass().add("hex-pane");
        split.getItems().setAll(hex);
        // Side by side only while both keep their 16 columns and text; else one above the other.
        split.widthProperty().addListener((o, a, b) -> orient());
        setCenter(split);
        setTop(buildBar());
        menu = new HexMenu(hex, background, () -> source, this::focusGoTo, findStatus::setText);
    }

    private final HexMenu menu;

    /** The hex view's right-click menu (tests). */
    public javafx.scene.control.ContextMenu menu() {
        return menu.menu();
    }

    /** The files a user can choose between; the chooser shows only when there are several. */
    public void setFiles(java.util.List<FileRef> files) {
        if (!files.isEmpty() && !files.contains(file)) file = files.getFirst();
        choosing = true;
        fileChooser.getItems().setAll(files);
        fileChooser.getSelectionModel().select(file);
        choosing = false;
        boolean many = files.size() > 1;
        fileChooser.setVisible(many);
        fileChooser.setManaged(many);
    }

    /** Called when the user picks another file in the chooser. */
    public void setOnFileChosen(java.util.function.Consumer<FileRef> handler) {
        onFileChosen = handler == null ? f -> {} : handler;
    }

    /** Shows {@code src}, the bytes of {@code ref}. */
    public void showFile(FileRef ref, ByteSource src) {
        file = ref;
        choosing = true;
        fileChooser.getSelectionModel().select(ref);
        choosing = false;
        setSource(src, "no bytes");
    }

    /** Which file of the archive the hex view shows. */
    public FileRef file() {
        return file;
    }

    public DecodedPane decoded() {
        return decoded;
    }

    /** Shows decoded bytes beside the raw ones (the pane takes {@code src} and closes it later). */
    public void showDecoded(String label, ByteSource src, HexMarks marks) {
        decoded.show(label, src, marks);
        if (!split.getItems().contains(decoded)) {
            split.getItems().setAll(hex, decoded);
            split.setDividerPositions(0.5);
        }
        orient();
    }

    private void orient() {
        boolean wide = split.getWidth() >= 2 * hex.prefWidth(-1) + 8;
        javafx.geometry.Orientation o =
                wide ? javafx.geometry.Orientation.HORIZONTAL : javafx.geometry.Orientation.VERTICAL;
        if (split.getOrientation() != o) {
            split.setOrientation(o);
            split.setDividerPositions(0.5);
        }
    }

    /** Raw and decoded bytes side by side (wide) or one above the other (narrow). */
    public javafx.geometry.Orientation arrangement() {
        return split.getOrientation();
    }

    /** Its tab went behind another: the raw and decoded views let go of their pages. */
    public void release() {
        hex.release();
        decoded.hex().release();
    }

    /** Its tab is in front again: the rows on screen are read again. */
    public void restore() {
        hex.restore();
        decoded.hex().restore();
    }

    public void hideDecoded() {
        if (!decoded.showing()) return;
        decoded.clear();
        split.getItems().setAll(hex);
    }

    private Region buildBar() {
        info.getStyleClass().add("hex-info");
        info.setMinWidth(0);
        goTo.setPromptText("go to offset");
        goTo.setLeft(new FontIcon(MaterialDesignT.TARGET));
        goTo.setPrefColumnCount(7);
        goTo.setMinWidth(Region.USE_PREF_SIZE); // a squeezed field showed only its icon
        goTo.getStyleClass().add(Styles.SMALL);
        goTo.setTooltip(new Tooltip("Go to offset (Ctrl+G): 4096, 0x1000, 1000h, 2G"));
        goTo.setOnAction(e -> goToTyped());
        goTo.setId("hex-goto");
        find.setPromptText("find");
        find.setLeft(new FontIcon(MaterialDesignM.MAGNIFY));
        find.setPrefColumnCount(8);
        find.setMinWidth(Region.USE_PREF_SIZE);
        find.getStyleClass().add(Styles.SMALL);
        find.setTooltip(new Tooltip("Find (Ctrl+F): text with escapes like \\x00, or hex bytes; Enter finds the next"));
        find.setOnAction(e -> findNext());
        find.setId("hex-find");
        ToggleGroup g = new ToggleGroup();
        textMode.setToggleGroup(g);
        hexMode.setToggleGroup(g);
        textMode.setSelected(true);
        textMode.getStyleClass().addAll(Styles.SMALL, Styles.LEFT_PILL);
        hexMode.getStyleClass().addAll(Styles.SMALL, Styles.RIGHT_PILL);
        textMode.setMinWidth(Region.USE_PREF_SIZE);
        hexMode.setMinWidth(Region.USE_PREF_SIZE);
        textMode.setTooltip(new Tooltip("Find text (UTF-8; escapes like \\x00 allowed)"));
        hexMode.setTooltip(new Tooltip("Find hex bytes, e.g. 5a 53 53"));
        textMode.setId("find-text-mode");
        hexMode.setId("find-hex-mode");
        g.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) a.setSelected(true);
        });
        findNext.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        findNext.setTooltip(new Tooltip("Find next"));
        findNext.setOnAction(e -> findNext());
        cancelFind.getStyleClass().addAll(Styles.SMALL, Styles.FLAT, Styles.DANGER);
        cancelFind.setTooltip(new Tooltip("Stop searching"));
        cancelFind.setOnAction(e -> cancelFind());
        cancelFind.setId("find-cancel");
        cancelFind.setVisible(false);
        cancelFind.managedProperty().bind(cancelFind.visibleProperty());
        findStatus.getStyleClass().add("hex-info");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        FontIcon icon = new FontIcon(MaterialDesignH.HEXADECIMAL);
        fileChooser.setId("hex-file");
        fileChooser.setMinWidth(Region.USE_PREF_SIZE);
        fileChooser.setPrefWidth(170);
        fileChooser.getStyleClass().add(Styles.SMALL);
        fileChooser.setVisible(false);
        fileChooser.setManaged(false);
        fileChooser.setTooltip(new Tooltip("Which file of the archive the bytes are from"));
        fileChooser.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(FileRef f) {
                return f == null ? "" : f.isMain() ? "(archive)" : f.path();
            }

            @Override
            public FileRef fromString(String s) {
                return FileRef.of(s);
            }
        });
        fileChooser.valueProperty().addListener((o, a, b) -> {
            if (!choosing && b != null && !b.equals(file)) onFileChosen.accept(b);
        });
        HBox bar = new HBox(
                6,
                icon,
                fileChooser,
                info,
                spacer,
                findStatus,
                find,
                new HBox(textMode, hexMode),
                findNext,
                cancelFind,
                goTo);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.getStyleClass().add("pane-header");
        return bar;
    }

    public HexView hex() {
        return hex;
    }

    public void setSource(ByteSource src, String message) {
        cancelFind();
        source = src;
        lastMatch = -1;
        hex.setSource(src, message);
        info.setText(src == null ? message : src.name() + " · " + Human.size(src.size()));
    }

    /** Text of the info line (what is selected). */
    public void setInfo(String text) {
        info.setText(text);
    }

    public void focusGoTo() {
        goTo.requestFocus();
        goTo.selectAll();
    }

    public void focusFind() {
        find.requestFocus();
        find.selectAll();
    }

    private void goToTyped() {
        try {
            long off = OffsetParser.parse(goTo.getText());
            if (source == null || off >= source.size()) {
                throw new IllegalArgumentException("offset " + Human.count(off) + " is past the end ("
                        + Human.size(source == null ? 0 : source.size()) + ")");
            }
            goTo.pseudoClassStateChanged(Styles.STATE_DANGER, false);
            findStatus.setText("");
            hex.goTo(off);
            hex.requestFocus();
        } catch (IllegalArgumentException e) {
            goTo.pseudoClassStateChanged(Styles.STATE_DANGER, true);
            findStatus.setText(e.getMessage());
        }
    }

    /** Finds the next match after the caret (or the last match), in the background. */
    public void findNext() {
        if (source == null) return;
        FindQuery q;
        try {
            q = FindQuery.parse(find.getText(), hexMode.isSelected() ? FindQuery.Mode.HEX : FindQuery.Mode.TEXT);
            find.pseudoClassStateChanged(Styles.STATE_DANGER, false);
        } catch (IllegalArgumentException e) {
            find.pseudoClassStateChanged(Styles.STATE_DANGER, true);
            findStatus.setText(e.getMessage());
            return;
        }
        stopFind();
        AtomicBoolean cancel = new AtomicBoolean();
        findCancel = cancel;
        long from = hex.caret() >= 0 ? hex.caret() + 1 : lastMatch >= 0 ? lastMatch + 1 : 0;
        ByteSource src = source;
        AtomicLong done = new AtomicLong();
        long total = src.size();
        findStatus.setText("searching…");
        cancelFind.setVisible(true);
        AnimationTimer progress = new AnimationTimer() {
            long last;

            @Override
            public void handle(long now) {
                if (now - last < 200_000_000L) return;
                last = now;
                if (!cancel.get())
                    findStatus.setText("searching… " + (total == 0 ? 0 : done.get() * 100 / total) + "%");
            }
        };
        progress.start();
        background.runLong(
                () -> ByteFinder.find(src, q.pattern(), from, cancel::get, done::set),
                at -> {
                    progress.stop();
                    if (cancel.getAndSet(true)) return;
                    cancelFind.setVisible(false);
                    if (at < 0) {
                        findStatus.setText("not found");
                        return;
                    }
                    lastMatch = at;
                    findStatus.setText("found at " + Human.offset(at) + (at < from ? " (wrapped)" : ""));
                    hex.setMarks(
                            hex.marks()
                                    .without(HexMark.Kind.MATCH)
                                    .with(new HexMark(
                                            at, at + q.pattern().length, HexMark.Kind.MATCH, 0, "match: " + q.shown())),
                            false);
                    hex.setCaret(at);
                },
                err -> {
                    progress.stop();
                    if (cancel.getAndSet(true)) return; // its reads were stopped: not a failure
                    cancelFind.setVisible(false);
                    findStatus.setText("search failed: " + Human.error(err));
                });
    }

    /**
     * Stops the find running, if any: over a remote archive its requests in flight and its
     * read-ahead too (they went on fetching for seconds after "search cancelled").
     */
    private void stopFind() {
        if (findCancel.getAndSet(true)) return;
        if (source != null) RemoteTransfer.of(source).stop();
    }

    public void cancelFind() {
        if (!findCancel.get()) {
            stopFind();
            findStatus.setText(cancelFind.isVisible() ? "search cancelled" : findStatus.getText());
        }
        cancelFind.setVisible(false);
    }

    public String findStatus() {
        return findStatus.getText();
    }
}
