package dev.vitrine.app.ui.files;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.export.DestinationChooser;
import dev.vitrine.app.ui.export.SystemDestinationChooser;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Window;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

/**
 * The files of an archive with a {@link FileListing}: a sortable, filterable, virtualized table
 * (name, size, offset, health) beside a preview of the selected file, with export of the
 * selected files or all of them, and drag-out to the desktop. Rows are read in the background;
 * health follows the archive's problems as they come in. The cells are {@link FileCells}, the
 * drag {@link DragOutGesture} and the health updates {@link FileHealthUpdater}; this class lays
 * them out, loads the rows and exports.
 */
public final class FilesView extends BorderPane {
    static final String STYLESHEET = FilesView.class.getResource("files.css").toExternalForm();
    /** Row height of the dense table (as the records table). */
    static final double ROW_HEIGHT = 26;

    private final Background background;
    private final Notifier notifier;
    private final Supplier<Window> owner;
    private final FileListing listing;
    private final FilesExport export;
    /** The archive's file or folder, where an export's folder chooser starts (null: none). */
    private final Path archivePath;
    // Replaced as a whole when the listing arrives (see load): 100,000 rows added to live
    // filtered and sorted lists cost a long frame, building them in the background does not.
    private ObservableList<FileRow> base = FXCollections.observableArrayList();
    private FilteredList<FileRow> filtered = new FilteredList<>(base, r -> true);
    private SortedList<FileRow> sorted = new SortedList<>(filtered);
    private final TableView<FileRow> table = new TableView<>(sorted);
    private final PreviewPane preview;
    private final Label status = new Label("reading the file list…");
    private final TextField filter = new TextField();
    private final Button exportSelected = new Button("Export selected…", new FontIcon(MaterialDesignE.EXPORT));
    private final Button exportAll = new Button("Export all…", new FontIcon(MaterialDesignF.FOLDER_DOWNLOAD_OUTLINE));
    private final ProgressBar progress = new ProgressBar();
    private final Label progressText = new Label();
    private final Button cancel = new Button(null, new FontIcon(MaterialDesignC.CLOSE));
    private final HBox progressBox;
    private final SplitPane split = new SplitPane();
    private final CompletableFuture<FilesModel> loaded = new CompletableFuture<>();
    private FilesModel model;
    private Consumer<FileRow> onRowChosen = r -> {};
    private final FileHealthUpdater health;
    private final DragOutGesture drag;
    private DestinationChooser destinations = new SystemDestinationChooser();

    public FilesView(
            ArchiveSession session,
            Background background,
            Jobs jobs,
            Notifier notifier,
            Supplier<Window> owner,
            FileListing listing) {
        this.background = background;
        this.notifier = notifier;
        this.owner = owner;
        this.listing = listing;
        this.export = new FilesExport(
                listing,
                () -> session == null
                        ? null
                        : dev.vitrine.core.export.ExportLimit.of(
                                session.archive(), dev.vitrine.core.limits.Limits.DEFAULT),
                jobs,
                notifier,
                owner);
        if (session != null) export.readingFrom(session.path());
        if (session != null) export.remoteOf(() -> dev.vitrine.app.ui.remote.RemoteTransfer.start(session));
        this.archivePath = session == null ? null : session.path();
        this.preview = new PreviewPane(background, listing);
        this.health = new FileHealthUpdater(session, background, notifier, table, () -> model, () -> sorted);
        getStyleClass().add("files-view");
        getStylesheets().add(STYLESHEET);
        setId("files-view");
        progressBox = buildProgress();
        setTop(buildBar());
        buildTable();
        this.drag = new DragOutGesture(table, listing, background, notifier, this::selectedEntries);
        split.setOrientation(Orientation.HORIZONTAL);
        split.getItems().setAll(table, preview);
        split.setDividerPositions(0.6);
        SplitPane.setResizableWithParent(preview, false);
        setCenter(split);
        session.healthVersionProperty().addListener((o, a, b) -> health.schedule());
        sceneProperty().addListener((o, was, now) -> drag.guardDrops(now));
        load();
    }

    private Region buildBar() {
        FontIcon icon = new FontIcon(MaterialDesignF.FOLDER_MULTIPLE_OUTLINE);
        status.getStyleClass().add("files-status");
        status.setId("files-status");
        status.setMinWidth(0);
        filter.setPromptText("filter by name");
        filter.setPrefColumnCount(12);
        filter.getStyleClass().add(Styles.SMALL);
        filter.setId("files-filter");
        filter.textProperty().addListener((o, a, t) -> {
            filtered.setPredicate(keeping(t));
            updateStatus();
        });
        exportSelected.getStyleClass().add(Styles.SMALL);
        exportSelected.setTooltip(
                new Tooltip("Write the selected files into a folder (existing files are kept unless you confirm)"));
        exportSelected.setOnAction(e -> chooseAndExport(false));
        exportSelected.setId("files-export-selected");
        exportSelected.setMinWidth(Region.USE_PREF_SIZE);
        exportAll.getStyleClass().add(Styles.SMALL);
        exportAll.setTooltip(new Tooltip("Write every file into a folder, keeping the archive's folders"));
        exportAll.setOnAction(e -> chooseAndExport(true));
        exportAll.setId("files-export-all");
        exportAll.setMinWidth(Region.USE_PREF_SIZE);
        exportSelected
                .disableProperty()
                .bind(javafx.beans.binding.Bindings.isEmpty(
                                table.getSelectionModel().getSelectedItems())
                        .or(export.runningProperty().isNotNull()));
        exportAll.disableProperty().bind(export.runningProperty().isNotNull());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(6, icon, status, spacer, progressBox, filter, exportSelected, exportAll);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.getStyleClass().addAll("pane-header", "files-bar");
        return bar;
    }

    private HBox buildProgress() {
        progress.setPrefWidth(140);
        progress.setId("files-progress");
        progressText.getStyleClass().add("files-status");
        progressText.setMaxWidth(220);
        cancel.getStyleClass().addAll(Styles.SMALL, Styles.FLAT, Styles.DANGER, Styles.BUTTON_ICON);
        cancel.setTooltip(new Tooltip("Cancel the export (nothing half-written is left)"));
        cancel.setOnAction(e -> export.cancel());
        cancel.setId("files-export-cancel");
        HBox box = new HBox(6, progress, progressText, cancel);
        box.setId("files-export-progress");
        box.setAlignment(Pos.CENTER_LEFT);
        box.setVisible(false);
        box.managedProperty().bind(box.visibleProperty());
        export.runningProperty().addListener((o, was, task) -> {
            progress.progressProperty().unbind();
            progressText.textProperty().unbind();
            box.setVisible(task != null);
            if (task != null) {
                progress.progressProperty().bind(task.progressProperty());
                progressText.textProperty().bind(task.messageProperty());
            }
        });
        return box;
    }

    private void buildTable() {
        table.getStyleClass().addAll(Styles.DENSE, "files-table");
        table.setId("files-table");
        table.setFixedCellSize(ROW_HEIGHT);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("reading the file list…"));
        sorted.comparatorProperty().bind(table.comparatorProperty());

        table.getColumns().setAll(FileCells.columns());
        table.setRowFactory(t -> FileCells.row());

        table.getSelectionModel().selectedItemProperty().addListener((o, was, row) -> {
            preview.show(row == null ? null : row.entry());
            if (row != null) onRowChosen.accept(row);
        });
        table.getSelectionModel().getSelectedItems().addListener((ListChangeListener<FileRow>) c -> updateStatus());

        MenuItem expSel = new MenuItem("Export selected…", new FontIcon(MaterialDesignE.EXPORT));
        expSel.setOnAction(e -> chooseAndExport(false));
        MenuItem expAll = new MenuItem("Export all…", new FontIcon(MaterialDesignF.FOLDER_DOWNLOAD_OUTLINE));
        expAll.setOnAction(e -> chooseAndExport(true));
        MenuItem copy = new MenuItem("Copy names", new FontIcon(MaterialDesignC.CONTENT_COPY));
        copy.setOnAction(e -> copyNames());
        ContextMenu menu = new ContextMenu(expSel, expAll, new SeparatorMenuItem(), copy);
        menu.setOnShowing(e -> {
            boolean none = table.getSelectionModel().getSelectedItems().isEmpty();
            expSel.setDisable(none || export.runningProperty().get() != null);
            expAll.setDisable(export.runningProperty().get() != null);
            copy.setDisable(none);
        });
        table.setContextMenu(menu);
    }

    /** The listing and the lists the table shows over it, built off the FX thread. */
    private record Rows(
            FilesModel model,
            ObservableList<FileRow> base,
            FilteredList<FileRow> filtered,
            SortedList<FileRow> sorted) {
        static Rows of(FilesModel m, String filterText) {
            ObservableList<FileRow> base = FXCollections.observableArrayList(m.rows());
            FilteredList<FileRow> filtered = new FilteredList<>(base, keeping(filterText));
            return new Rows(m, base, filtered, new SortedList<>(filtered));
        }
    }

    private static java.util.function.Predicate<FileRow> keeping(String filterText) {
        return r -> FilesModel.keeps(r, filterText);
    }

    private void load() {
        drag.prepareRoot();
        String shownFilter = filter.getText();
        background.run(
                () -> Rows.of(FilesModel.load(listing, () -> false), shownFilter),
                rows -> {
                    FilesModel m = rows.model();
                    model = m;
                    base = rows.base();
                    filtered = rows.filtered();
                    if (!filter.getText().equals(shownFilter)) filtered.setPredicate(keeping(filter.getText()));
                    sorted.comparatorProperty().unbind();
                    sorted = rows.sorted();
                    sorted.comparatorProperty().bind(table.comparatorProperty());
                    table.setItems(sorted);
                    FileCells.showOwnOffsets(table.getColumns(), base);
                    table.setPlaceholder(new Label(
                            m.size() == 0
                                    ? "This archive holds no files"
                                    : "No file name contains \"" + filter.getText() + "\""));
                    health.refresh();
                    updateStatus();
                    loaded.complete(m);
                    fillSizes(List.copyOf(base));
                },
                err -> {
                    status.setText("could not read the file list");
                    table.setPlaceholder(new Label("Could not read the file list: " + Human.error(err)));
                    notifier.error("File list: " + Human.error(err));
                    loaded.completeExceptionally(err);
                });
    }

    /** Rows whose size is known only once decoded (clp-s's ingested files): decoded on the long lane, filled in as "?" turns to sizes. */
    static final int MAX_SIZES_FILLED = 10_000;

    private void fillSizes(List<FileRow> rows) {
        List<FileRow> unknown =
                rows.stream().filter(r -> r.size() < 0).limit(MAX_SIZES_FILLED).toList();
        if (unknown.isEmpty()) return;
        background.runLong(
                () -> {
                    long[] sizes = new long[unknown.size()];
                    for (int i = 0; i < sizes.length; i++) {
                        try {
                            sizes[i] = listing.content(unknown.get(i).entry()).size();
                        } catch (java.io.IOException | RuntimeException e) {
                            sizes[i] = -1; // stays "?": the preview and export say why
                        }
                    }
                    return sizes;
                },
                sizes -> {
                    for (int i = 0; i < sizes.length; i++) unknown.get(i).sizeKnown(sizes[i]);
                    table.refresh();
                    updateStatus();
                },
                err -> {
                    /* sizes stay "?" */
                });
    }

    private void updateStatus() {
        if (model == null) return;
        status.setText(FilesModel.status(
                model.size(),
                model.totalBytes(),
                filtered.size(),
                table.getSelectionModel().getSelectedItems()));
    }

    // ---- selection, both ways ----

    /** Called with the row whose file should be shown elsewhere (the tree, the hex view). */
    public void setOnRowChosen(Consumer<FileRow> handler) {
        onRowChosen = handler == null ? r -> {} : handler;
    }

    /** Selects the row of a tree node when it is a file of this listing and not already selected. */
    public void selectRowFor(Node node) {
        if (model == null || node == null) return;
        FileRow current = table.getSelectionModel().getSelectedItem();
        if (current != null && FilesModel.matches(node, current)) return;
        for (FileRow r : model.rowsFor(node)) {
            int i = sorted.indexOf(r);
            if (i < 0) continue;
            table.getSelectionModel().clearAndSelect(i);
            table.scrollTo(Math.max(0, i - 3));
            return;
        }
    }

    /** Selects the row of the file named {@code name} (tests, and a future "show in files"). */
    public boolean select(String name) {
        for (int i = 0; i < sorted.size(); i++) {
            if (sorted.get(i).name().equals(name)) {
                table.getSelectionModel().clearAndSelect(i);
                table.scrollTo(Math.max(0, i - 3));
                return true;
            }
        }
        return false;
    }

    // ---- export ----

    /**
     * What Export all… and Export selected… do: ask for a folder, then export into it (with
     * progress, a question before replacing files, a report when anything was not written).
     */
    public void chooseAndExport(boolean all) {
        List<FileListing.Entry> chosen = all ? null : selectedEntries();
        if (!all && chosen.isEmpty()) {
            notifier.info("Select files to export, or use Export all…");
            return;
        }
        Path dir = destinations.exportFolder(
                owner.get(),
                all
                        ? "Export all " + Human.count(base.size(), "file") + " to"
                        : "Export " + Human.count(chosen.size(), "file") + " to",
                archivePath);
        if (dir != null) export.export(chosen, dir);
    }

    /** Where Export all… and Export selected… ask for their folder (the system's dialog unless replaced). */
    public void setDestinations(DestinationChooser chooser) {
        destinations = chooser == null ? new SystemDestinationChooser() : chooser;
    }

    /** Exports the selected files into {@code folder} (what Export selected… does once a folder is chosen). */
    public javafx.concurrent.Task<?> exportSelected(Path folder) {
        return export.export(selectedEntries(), folder);
    }

    /** Exports every file into {@code folder}. */
    public javafx.concurrent.Task<?> exportAll(Path folder) {
        return export.export(null, folder);
    }

    private List<FileListing.Entry> selectedEntries() {
        List<FileRow> rows = new ArrayList<>(table.getSelectionModel().getSelectedItems());
        rows.sort(java.util.Comparator.comparingInt(FileRow::index)); // data order: the fastest to read
        List<FileListing.Entry> out = new ArrayList<>(rows.size());
        for (FileRow r : rows) out.add(r.entry());
        return out;
    }

    private void copyNames() {
        StringBuilder s = new StringBuilder();
        for (FileListing.Entry e : selectedEntries()) s.append(e.name()).append('\n');
        dev.vitrine.app.ui.copy.Clip.put(s.toString());
    }

    // ---- for tests ----

    public TableView<FileRow> table() {
        return table;
    }

    PreviewPane preview() {
        return preview;
    }

    FilesExport exporter() {
        return export;
    }

    /** Completes once the rows are in the table. */
    public CompletableFuture<FilesModel> loaded() {
        return loaded;
    }

    public String statusText() {
        return status.getText();
    }

    DragOut.Plan lastDrag() {
        return drag.lastDrag();
    }

    CompletableFuture<ExportReport> lastDragWrite() {
        return drag.lastWrite();
    }

    /** The files the last drag put on the dragboard. */
    List<File> lastDragFiles() {
        return drag.lastFiles();
    }

    /** For the icon of the tab. */
    static FontIcon tabIcon() {
        return new FontIcon(MaterialDesignF.FOLDER_MULTIPLE_OUTLINE);
    }
}
