package dev.vitrine.app.ui.files;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.export.ListingSelection;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.concurrent.Task;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ListView;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * Exports files of a {@link FileListing} into a folder through the core {@link Exporter} (the
 * only code that decides paths), as a job with progress and cancel. Files already there are
 * left alone; when some were, the user is asked whether to replace them, and only those are
 * written again. Anything refused, skipped or failed ends in a report dialog. Dialogs do not
 * block (tests answer them like a person would).
 */
final class FilesExport {
    private final FileListing listing;
    private final Jobs jobs;
    private final Notifier notifier;
    private final Supplier<Window> owner;
    private final ReadOnlyObjectWrapper<Task<Result>> running = new ReadOnlyObjectWrapper<>(this, "running");
    private ExportReport lastReport;
    private Alert dialog;

    /** An export's report and the entries it was asked to write (to pick the skipped ones again). */
    record Result(ExportReport report, List<FileListing.Entry> entries) {}

    FilesExport(FileListing listing, Jobs jobs, Notifier notifier, Supplier<Window> owner) {
        this.listing = listing;
        this.jobs = jobs;
        this.notifier = notifier;
        this.owner = owner;
    }

    /** The export in progress, or null. */
    ReadOnlyObjectProperty<Task<Result>> runningProperty() {
        return running.getReadOnlyProperty();
    }

    ExportReport lastReport() {
        return lastReport;
    }

    /** The report or question on screen, or null. */
    Alert dialog() {
        return dialog;
    }

    /** Exports {@code entries} (all files when null) into {@code folder}, then reports. */
    Task<Result> export(List<FileListing.Entry> entries, Path folder) {
        if (running.get() != null) {
            notifier.info("An export is already running; wait for it or cancel it");
            return null;
        }
        return start(entries, folder, ExportOptions.DEFAULT, r -> {
            List<ExportReport.Skipped> skipped = r.report().skipped();
            if (skipped.isEmpty() || r.report().cancelled()) {
                finish(r.report(), folder);
                return;
            }
            askToReplace(skipped.size(), folder, replace -> {
                if (!replace) {
                    finish(r.report(), folder);
                    return;
                }
                start(skippedEntries(r), folder, ExportOptions.OVERWRITE, again -> finish(ExportSummary.merge(withoutSkipped(r.report()), again.report()), folder));
            });
        });
    }

    void cancel() {
        Task<Result> t = running.get();
        if (t != null) t.cancel();
    }

    private Task<Result> start(List<FileListing.Entry> entries, Path folder, ExportOptions options, java.util.function.Consumer<Result> then) {
        AtomicBoolean cancel = new AtomicBoolean();
        Task<Result> task = new Task<>() {
            {
                updateTitle(options.overwrite() ? "Replacing files" : "Exporting files");
                updateMessage("preparing…");
            }

            @Override
            protected Result call() throws Exception {
                List<FileListing.Entry> chosen = entries == null ? listing.entries() : entries;
                List<Content> contents = new ArrayList<>(chosen.size());
                for (FileListing.Entry e : chosen) contents.add(ListingSelection.contentOf(listing, e));
                ExportReport report = new Exporter(options, (done, total, current) -> {
                    updateProgress(done, Math.max(1, total));
                    if (current != null) updateMessage(current);
                }, cancel).export(contents, folder);
                return new Result(report, chosen);
            }

            @Override
            public boolean cancel(boolean interrupt) {
                cancel.set(true);
                return super.cancel(false);
            }
        };
        running.set(task);
        task.setOnSucceeded(e -> {
            running.set(null);
            if (cancel.get()) {
                // The cancel came after the last file was written: say both, truthfully.
                notifier.info("Export cancelled, but every file had already been written to " + folder);
                return;
            }
            then.accept(task.getValue());
        });
        task.setOnFailed(e -> {
            running.set(null);
            notifier.error("Export failed: " + Human.error(task.getException()));
        });
        task.setOnCancelled(e -> {
            running.set(null);
            notifier.info("Export cancelled; files written before the cancel stay in " + folder + ", nothing half-written is left");
        });
        jobs.submit(task);
        return task;
    }

    private static List<FileListing.Entry> skippedEntries(Result r) {
        Set<String> names = new HashSet<>();
        for (ExportReport.Skipped s : r.report().skipped()) names.add(s.name());
        List<FileListing.Entry> out = new ArrayList<>();
        for (FileListing.Entry e : r.entries()) if (names.remove(e.name())) out.add(e);
        return out;
    }

    private static ExportReport withoutSkipped(ExportReport r) {
        return new ExportReport(r.exported(), List.of(), r.refused(), r.failed(), r.bytes(), r.cancelled());
    }

    private void askToReplace(int count, Path folder, java.util.function.Consumer<Boolean> answer) {
        ButtonType replace = new ButtonType("Replace", ButtonBar.ButtonData.OK_DONE);
        ButtonType keep = new ButtonType("Keep existing", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION,
                Human.count(count) + (count == 1 ? " file already exists" : " files already exist") + " in " + folder
                        + ".\nReplace " + (count == 1 ? "it" : "them") + " with the archive's version?", replace, keep);
        a.setTitle("Replace existing files?");
        a.setHeaderText(null);
        place(a);
        a.setOnHidden(e -> {
            if (dialog == a) dialog = null;
            answer.accept(a.getResult() == replace);
        });
        dialog = a;
        a.show();
    }

    private void finish(ExportReport report, Path folder) {
        lastReport = report;
        ExportSummary s = ExportSummary.of(report, folder);
        if (s.clean()) {
            notifier.info(s.headline());
            return;
        }
        notifier.error(s.headline() + "; " + Human.count(s.lines().size()) + (s.lines().size() == 1 ? " entry needs" : " entries need") + " a look");
        Alert a = new Alert(report.refused().isEmpty() && report.failed().isEmpty() ? Alert.AlertType.INFORMATION : Alert.AlertType.WARNING);
        a.setTitle("Export report");
        a.setHeaderText(s.headline());
        ListView<String> list = new ListView<>();
        list.getItems().setAll(s.lines());
        list.getStyleClass().addAll(Styles.DENSE, "export-report-list");
        list.setPrefSize(640, Math.min(320, 28 + 24 * s.lines().size()));
        a.getDialogPane().setContent(list);
        a.getDialogPane().getStylesheets().add(FilesView.STYLESHEET);
        a.setResizable(true);
        place(a);
        a.setOnHidden(e -> {
            if (dialog == a) dialog = null;
        });
        dialog = a;
        a.show();
    }

    private void place(Alert a) {
        Window w = owner.get();
        if (w != null) a.initOwner(w);
        a.initModality(Modality.NONE);
    }
}
