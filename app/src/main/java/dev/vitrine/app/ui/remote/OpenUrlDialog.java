package dev.vitrine.app.ui.remote;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.location.RemoteOptions;
import java.util.List;
import java.util.Optional;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * File > Open URL… (Ctrl+L): an http(s):// or s3:// address, typed or chosen from the recent
 * ones. For an s3:// bucket or prefix, "List" shows what is under it (prefixes and objects
 * with their sizes), listed in the background a page at a time ("More" fetches the next page
 * with the store's continuation token: a bucket of millions never loads whole). A row chosen
 * fills the address; Enter or a double-click lists a prefix, opens an object. Opening a prefix opens it as a folder archive (an Ark log, a
 * DataBundle) when a format claims it.
 */
public final class OpenUrlDialog {
    private final Dialog<String> dialog = new Dialog<>();
    private final ComboBox<String> address = new ComboBox<>();
    private final ListView<Location.Entry> entries = new ListView<>();
    private final Label listing = new Label();
    private final Button more = new Button("More");
    private final Background background;
    /** How buckets are reached; "anonymous" changes whether requests are signed. */
    private RemoteOptions options;

    private final javafx.scene.control.CheckBox anonymous =
            new javafx.scene.control.CheckBox("anonymous (no credentials)");
    private final int pageSize;
    /** What is listed now: its prefix, the next page's token (null: all shown), and a count that drops stale answers. */
    private String listed;

    private String nextToken;
    private int listings;
    private static final ButtonType OPEN = new ButtonType("Open", javafx.scene.control.ButtonBar.ButtonData.OK_DONE);

    public OpenUrlDialog(Window owner, List<String> recent, Background background, RemoteOptions options) {
        this(owner, recent, background, options, 1000);
    }

    /** With how buckets are reached and how many entries a page asks for (tests list small pages). */
    OpenUrlDialog(Window owner, List<String> recent, Background background, RemoteOptions options, int pageSize) {
        this.background = background;
        this.options = options;
        this.pageSize = pageSize;
        dialog.initOwner(owner);
        dialog.setTitle("Open URL");
        dialog.setHeaderText("An archive on a web server or in S3: http://, https:// or s3://BUCKET/KEY");
        address.setEditable(true);
        address.getItems().setAll(recent);
        address.setPromptText("s3://bucket/prefix/ or https://host/archive.clps");
        address.setMaxWidth(Double.MAX_VALUE);
        address.setId("open-url-address");
        HBox.setHgrow(address, Priority.ALWAYS);
        Button list = new Button("List");
        list.setId("open-url-list");
        list.setOnAction(e -> list(text()));
        entries.setPlaceholder(new Label("List an s3:// bucket or prefix to choose what to open"));
        entries.setPrefHeight(260);
        entries.setCellFactory(v -> new EntryCell());
        entries.setId("open-url-entries");
        // a row chosen is what Open opens: its address goes in the field
        entries.getSelectionModel().selectedItemProperty().addListener((o, was, e) -> {
            if (e != null) address.getEditor().setText(url(e));
        });
        entries.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2) activate(entries.getSelectionModel().getSelectedItem());
        });
        // the list's own Enter and Escape (edit keys) would keep them from the dialog
        entries.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            switch (e.getCode()) {
                case ENTER -> activate(entries.getSelectionModel().getSelectedItem());
                case ESCAPE -> button(ButtonType.CANCEL).fire();
                default -> {
                    return;
                }
            }
            e.consume();
        });
        listing.setId("open-url-status");
        anonymous.setId("open-url-anonymous");
        anonymous.setSelected(options.noSignRequest());
        anonymous.setTooltip(new javafx.scene.control.Tooltip(
                "Read a public s3:// bucket without signing the requests (the AWS CLI's --no-sign-request)"));
        anonymous.selectedProperty().addListener((o, was, now) -> {
            this.options = new RemoteOptions(
                    this.options.headers(),
                    now,
                    this.options.endpoint(),
                    this.options.settings(),
                    this.options.caBundle());
            if (listed != null) list(listed); // what is listed depends on who asks
        });
        more.setId("open-url-more");
        more.setVisible(false);
        more.managedProperty().bind(more.visibleProperty());
        more.setOnAction(e -> more());
        VBox box = new VBox(8, new HBox(8, address, list), anonymous, listing, entries, more);
        box.setPadding(new Insets(10));
        box.setPrefWidth(640);
        dialog.getDialogPane().setContent(box);
        dialog.getDialogPane().getButtonTypes().setAll(OPEN, ButtonType.CANCEL);
        dialog.getDialogPane()
                .lookupButton(OPEN)
                .disableProperty()
                .bind(address.getEditor().textProperty().map(t -> !Locations.isUrl(t.strip())));
        dialog.setResultConverter(b -> b == OPEN ? text() : null);
        // After the dialog's own first focus (its first enabled button, Cancel while the address is empty) is set.
        dialog.setOnShown(e -> javafx.application.Platform.runLater(() -> {
            address.requestFocus();
            address.getEditor().selectAll();
        }));
        // An s3:// or https:// address is likely (the most recent one, or one being typed): the S3 client, or
        // TLS, is set up while the user chooses, not after Open (a second, or 0.6 s, cold). Nothing is sent.
        recent.stream().findFirst().ifPresent(this::prepare);
        address.getEditor().textProperty().addListener((o, was, now) -> prepare(now));
    }

    private final java.util.Set<String> prepared = new java.util.HashSet<>();

    private void prepare(String typed) {
        if (typed == null) return;
        String t = typed.strip().toLowerCase(java.util.Locale.ROOT);
        String scheme = t.startsWith("s3:") ? "s3://" : t.startsWith("https:") ? "https://" : null;
        if (scheme != null && prepared.add(scheme)) Locations.prepare(scheme, options);
    }

    /** Shows the dialog and waits; the address to open, if the user chose one. */
    public Optional<String> show() {
        return dialog.showAndWait().filter(s -> !s.isBlank());
    }

    /** How remote archives are reached, as chosen here ("anonymous"). */
    public RemoteOptions options() {
        return options;
    }

    /** Lists {@code prefix}, which was asked to open but is not an archive, saying so. */
    public void listNotAnArchive(String prefix) {
        dialog.setHeaderText(prefix + " is a bucket or prefix, not an archive: choose what to open under it");
        list(prefix);
    }

    private String text() {
        return address.getEditor().getText() == null
                ? ""
                : address.getEditor().getText().strip();
    }

    /** A prefix is listed, an object opened. */
    private void activate(Location.Entry chosen) {
        if (chosen == null) return;
        if (chosen.kind() == Location.Kind.FOLDER) list(url(chosen));
        else {
            address.getEditor().setText(url(chosen));
            button(OPEN).fire();
        }
    }

    private Button button(ButtonType type) {
        return (Button) dialog.getDialogPane().lookupButton(type);
    }

    /** An entry's address: a prefix's ends with '/'. */
    private String url(Location.Entry e) {
        return folderOf(listed) + e.name() + (e.kind() == Location.Kind.FOLDER ? "/" : "");
    }

    /** The folder the entries of a listing of {@code url} are named from: up to its last '/'. */
    static String folderOf(String url) {
        return url.substring(0, url.lastIndexOf('/') + 1);
    }

    /** Lists the first page under {@code url} in the background: the FX thread never waits for the network. */
    void list(String url) {
        if (!url.toLowerCase(java.util.Locale.ROOT).startsWith("s3://")) {
            listing.setText("Only s3:// buckets and prefixes can be listed: HTTP has no folders.");
            return;
        }
        // the keys starting with what is typed, as `aws s3 ls` lists them; a bucket alone is its root
        String prefix = url.indexOf('/', "s3://".length()) < 0 ? url + "/" : url;
        address.getEditor().setText(prefix);
        entries.getItems().clear();
        listed = prefix;
        nextToken = null;
        page(++listings, null);
    }

    /** The next page of what is listed, after what is shown. */
    void more() {
        entries.requestFocus(); // More hides itself: the keyboard stays on the list
        if (listed != null && nextToken != null) page(listings, nextToken);
    }

    private void page(int listing_, String token) {
        String prefix = listed;
        more.setVisible(false);
        listing.setText("listing " + prefix + "…");
        background.run(
                () -> Locations.of(prefix, options).listStartingWith(token, pageSize),
                got -> {
                    if (listing_ != listings) return; // another prefix was listed meanwhile
                    entries.getItems().addAll(got.entries());
                    nextToken = got.next();
                    more.setVisible(nextToken != null);
                    long folders = entries.getItems().stream()
                            .filter(x -> x.kind() == Location.Kind.FOLDER)
                            .count();
                    listing.setText(prefix + ": " + Human.count(folders) + (folders == 1 ? " prefix, " : " prefixes, ")
                            + Human.count(entries.getItems().size() - folders, "object")
                            + (nextToken != null ? " shown, more under it" : ""));
                },
                err -> {
                    if (listing_ == listings) listing.setText(Human.error(err));
                });
    }

    ListView<Location.Entry> entries() {
        return entries;
    }

    Button moreButton() {
        return more;
    }

    Label status() {
        return listing;
    }

    /** A prefix as a folder, an object with its size. */
    private static final class EntryCell extends ListCell<Location.Entry> {
        @Override
        protected void updateItem(Location.Entry e, boolean empty) {
            super.updateItem(e, empty);
            if (empty || e == null) {
                setText(null);
                return;
            }
            setText(e.kind() == Location.Kind.FOLDER ? e.name() + "/" : e.name() + "    " + Human.size(e.size()));
        }
    }
}
