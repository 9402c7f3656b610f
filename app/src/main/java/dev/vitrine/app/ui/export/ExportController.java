package dev.vitrine.app.ui.export;

import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.concurrent.BackgroundJob;
import dev.vitrine.app.ui.remote.RemoteTransfer;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.app.ui.table.KeyQuery;
import dev.vitrine.app.ui.table.RecordsView;
import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.export.ListingSelection;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.RowTable;
import dev.vitrine.core.model.SortedRecords;
import dev.vitrine.core.verify.CancelledException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.concurrent.Task;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/**
 * The export flows of one archive. Records (sorted-record archives, any table with content):
 * choose what and how, then a file; written through a temp file and an atomic rename, never
 * over an existing file without asking. Files (archives with a {@link FileListing}): the
 * selected files, or all, into a folder through the core {@link Exporter}.
 */
public final class ExportController {
    private final ArchiveSession session;
    private final Jobs jobs;
    private final Notifier notifier;
    private final Supplier<RecordsView> records;
    private final Supplier<Window> owner;

    private Supplier<dev.vitrine.app.ui.files.FilesView> filesView = () -> null;
    private DestinationChooser destinations = new SystemDestinationChooser();

    public ExportController(
            ArchiveSession session,
            Jobs jobs,
            Notifier notifier,
            Supplier<RecordsView> records,
            Supplier<Window> owner) {
        this.session = session;
        this.jobs = jobs;
        this.notifier = notifier;
        this.records = records;
        this.owner = owner;
    }

    /** File > Export…: files for file archives, records otherwise. */
    public void export() {
        if (session.archive().capability(FileListing.class).isPresent()) exportFiles();
        else exportRecords();
    }

    public void exportRecords() {
        RecordsView rv = records.get();
        Optional<SortedRecords> sorted = session.archive().capability(SortedRecords.class);
        if (rv == null && sorted.isEmpty()) {
            notifier.info("Select a node with records (its Records tab) to export them");
            return;
        }
        long rows = rv == null ? 0 : rv.selectedCount();
        int matches = rv == null ? 0 : rv.selectedMatches().size();
        ExportDialog d = new ExportDialog(
                owner.get(),
                rows,
                matches,
                sorted.isPresent(),
                rv == null ? null : rv.typedRange(),
                rv == null ? -1 : rv.count());
        Optional<ExportChoice> choice = d.showAndWait();
        if (choice.isEmpty()) return;
        Path target = destinations.file(
                owner.get(),
                "Export records to",
                baseName() + (choice.get().framing().kind() == RecordFraming.Kind.TERMINATOR ? ".txt" : ".bin"));
        if (target == null) return;
        boolean replace = Files.exists(target);
        if (replace && !confirmReplace(target.getFileName() + " already exists. Replace it?")) return;
        runRecords(choice.get(), rv, target, replace);
    }

    /** Starts writing records as a job; also what tests call, without dialogs. */
    public Task<RecordExporter.Result> runRecords(ExportChoice choice, RecordsView rv, Path target, boolean replace) {
        Optional<SortedRecords> sorted = session.archive().capability(SortedRecords.class);
        List<long[]> rows = rv == null ? List.of() : rv.selectedRanges();
        List<byte[]> matches = rv == null ? List.of() : rv.selectedMatches();
        RowTable table = rv == null ? null : rv.rowTable();
        long count = rv == null ? -1 : rv.count();
        RemoteTransfer transfer = RemoteTransfer.start(session);
        BackgroundJob<RecordExporter.Result> task = new BackgroundJob<>("Exporting records", job -> {
            RecordExporter.Progress p = (n, bytes, total) -> {
                job.message(Human.count(n) + " records, " + Human.size(bytes) + transfer.text());
                if (total > 0) job.progress(n, total);
            };
            BooleanSupplier cancel = job::cancelled;
            return switch (choice.source()) {
                case SELECTED_ROWS -> RecordExporter.rows(table, rows, choice.framing(), target, replace, p, cancel);
                case SELECTED_MATCHES -> RecordExporter.records(matches, choice.framing(), target, replace, p, cancel);
                case KEY_RANGE ->
                    RecordExporter.range(
                            sorted.orElseThrow(), choice.range(), choice.framing(), target, replace, p, cancel);
                case ALL ->
                    sorted.isPresent()
                            ? RecordExporter.range(
                                    sorted.get(),
                                    KeyQuery.parse(null, null, null),
                                    choice.framing(),
                                    target,
                                    replace,
                                    p,
                                    cancel)
                            : RecordExporter.rowRange(table, 0, count, choice.framing(), target, replace, p, cancel);
            };
        });
        task.setOnSucceeded(e -> {
            RecordExporter.Result r = task.getValue();
            notifier.info("Exported " + Human.count(r.records()) + " records (" + Human.size(r.bytes()) + ", "
                    + choice.framing().describe() + ") to " + r.target());
        });
        transfer.stopOnCancel(task);
        task.setOnFailed(e -> notifier.error(
                task.getException() instanceof CancelledException
                        ? "Export cancelled; nothing was written"
                        : "Export failed: " + Human.error(task.getException()) + "; nothing was written"));
        task.setOnCancelled(e -> notifier.info("Export cancelled; nothing was written"));
        jobs.submit(task);
        return task;
    }

    /** The archive's Files tab, which exports its own selection when there is one. */
    public void setFilesView(Supplier<dev.vitrine.app.ui.files.FilesView> view) {
        filesView = view == null ? () -> null : view;
    }

    /**
     * Where this archive's exports ask for their destination (the system's dialogs unless
     * replaced), its Files tab's included.
     */
    public void setDestinations(DestinationChooser chooser) {
        destinations = chooser == null ? new SystemDestinationChooser() : chooser;
        dev.vitrine.app.ui.files.FilesView fv = filesView.get();
        if (fv != null) fv.setDestinations(destinations);
    }

    /** Where exports ask for destinations now (a view made later takes it from here). */
    public DestinationChooser destinations() {
        return destinations;
    }

    public void exportFiles() {
        FileListing listing = session.archive().capability(FileListing.class).orElse(null);
        if (listing == null) return;
        dev.vitrine.app.ui.files.FilesView fv = filesView.get();
        if (fv != null) {
            // The Files tab's own flow: its chooser, its progress, its questions and report.
            fv.chooseAndExport(fv.table().getSelectionModel().getSelectedItems().isEmpty());
            return;
        }
        RecordsView rv = records.get();
        List<long[]> rows = rv == null ? List.of() : rv.selectedRanges();
        Path dir = destinations.exportFolder(
                owner.get(),
                rows.isEmpty()
                        ? "Export all files to"
                        : "Export " + Human.count(rv.selectedCount()) + " selected files to",
                session.path());
        if (dir == null) return;
        runFiles(listing, rv == null ? null : rv.rowTable(), rows, dir, false);
    }

    /** Exports the files of {@code rows} (all files when empty) into {@code folder}, as a job. */
    public Task<ExportReport> runFiles(
            FileListing listing, RowTable table, List<long[]> rows, Path folder, boolean overwrite) {
        RemoteTransfer transfer = RemoteTransfer.start(session);
        BackgroundJob<ExportReport> task = new BackgroundJob<>("Exporting files", job -> {
            List<Content> contents = new ArrayList<>();
            if (rows.isEmpty() || table == null) {
                contents.addAll(ListingSelection.all(listing).contents());
            } else {
                for (long[] range : rows) {
                    for (long at = range[0]; at < range[1]; ) {
                        List<RowTable.Row> page = table.rows(at, (int) Math.min(1024, range[1] - at));
                        if (page.isEmpty()) break;
                        for (RowTable.Row r : page) if (r.content() != null) contents.add(r.content());
                        at += page.size();
                    }
                }
            }
            ExportReport report = new Exporter(
                            new ExportOptions(overwrite),
                            (done, total, current) -> {
                                job.progress(done, Math.max(1, total));
                                if (current != null) job.message(current + transfer.text());
                            },
                            job.flag())
                    .readingFrom(session.path())
                    .export(contents, folder);
            // everything asked for: the stored empty folders too, as the command line writes them
            return rows.isEmpty() || table == null ? Exporter.withStoredFolders(report, listing, folder) : report;
        });
        task.setOnSucceeded(e -> reportFiles(task.getValue(), listing, table, rows, folder, overwrite));
        transfer.stopOnCancel(task);
        task.setOnFailed(e -> notifier.error("Export failed: " + Human.error(task.getException())));
        jobs.submit(task);
        return task;
    }

    private void reportFiles(
            ExportReport r, FileListing listing, RowTable table, List<long[]> rows, Path folder, boolean overwrite) {
        StringBuilder s = new StringBuilder(
                "Exported " + Human.count(r.exported().size()) + " files (" + Human.size(r.bytes()) + ") to " + folder);
        if (!r.refused().isEmpty())
            s.append("; refused ")
                    .append(r.refused().size())
                    .append(" unsafe: ")
                    .append(r.refused().getFirst().reason());
        if (!r.failed().isEmpty())
            s.append("; ")
                    .append(r.failed().size())
                    .append(" failed: ")
                    .append(r.failed().getFirst().reason());
        if (r.cancelled()) s.append("; cancelled");
        if (r.ok() && r.skipped().isEmpty()) notifier.info(s.toString());
        else if (!r.skipped().isEmpty() && !overwrite && !r.cancelled()) {
            notifier.info(s.toString());
            if (confirmReplace(
                    r.skipped().size() + " files already exist in " + folder.getFileName() + ". Replace them?")) {
                runFiles(listing, table, rows, folder, true);
            }
        } else {
            notifier.error(s.toString());
        }
    }

    private boolean confirmReplace(String question) {
        Alert a = new Alert(
                Alert.AlertType.CONFIRMATION,
                question,
                new ButtonType("Replace", ButtonBar.ButtonData.OK_DONE),
                ButtonType.CANCEL);
        a.initOwner(owner.get());
        a.setHeaderText(null);
        return a.showAndWait()
                .map(b -> b.getButtonData() == ButtonBar.ButtonData.OK_DONE)
                .orElse(false);
    }

    private String baseName() {
        String n = session.path().getFileName().toString();
        int dot = n.lastIndexOf('.');
        return (dot > 0 ? n.substring(0, dot) : n) + "-records";
    }
}
