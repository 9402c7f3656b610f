package dev.vitrine.app.ui.files;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.remote.RemoteTransfer;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.core.export.ExportLimit;
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
 * only code that decides paths), as a job with progress and cancel. Files whose stored bytes
 * overlap an earlier file's are left out first; when some were, the user is asked whether to
 * export them anyway (the choice `vitrine export --allow-overlaps` makes), and every run stays
 * under the archive's output limit ({@link ExportLimit}). Files already there are left alone;
 * when some were, the user is asked whether to replace them, and only those are written again.
 * Anything refused, skipped, failed or stopped ends in a report dialog. Dialogs do not block
 * (tests answer them like a person would).
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

    /** The output limit of one export (all its runs together); asked on the export's own thread. */
    private final Supplier<ExportLimit> limit;

    FilesExport(FileListing listing, Jobs jobs, Notifier notifier, Supplier<Window> owner) {
        this(listing, () -> null, jobs, notifier, owner);
    }

    /** {@code limit} null, or answering null: no output limit. */
    FilesExport(
            FileListing listing, Supplier<ExportLimit> limit, Jobs jobs, Notifier notifier, Supplier<Window> owner) {
        this.limit = limit == null ? () -> null : limit;
        this.listing = listing;
        this.jobs = jobs;
        this.notifier = notifier;
        this.owner = owner;
    }

    /** The local archive the files come from: exports never write into it ({@link Exporter#readingFrom}). */
    private volatile Path archive;

    void readingFrom(Path archive) {
        this.archive = archive;
    }

    /** Counts a remote archive's bytes fetched for the progress text, and stops its requests on cancel. */
    private volatile Supplier<RemoteTransfer> transfers = () -> RemoteTransfer.NONE;

    void remoteOf(Supplier<RemoteTransfer> transfers) {
        this.transfers = transfers;
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
        return start(entries, folder, ExportOptions.DEFAULT, 0, r -> {
            List<FileListing.Entry> overlapping = overlapRefused(r);
            if (overlapping.isEmpty() || r.report().cancelled() || r.report().stop() != null) {
                offerToReplace(r, folder);
                return;
            }
            askToAllowOverlaps(overlapping.size(), allow -> {
                if (!allow) {
                    offerToReplace(r, folder);
                    return;
                }
                start(
                        overlapping,
                        folder,
                        ExportOptions.DEFAULT.withOverlapsAllowed(true),
                        r.report().bytes(),
                        again -> offerToReplace(
                                new Result(
                                        ExportSummary.merge(
                                                withoutOverlapRefusals(r.report(), again.report()), again.report()),
                                        concat(r.entries(), again.entries())),
                                folder));
            });
        });
    }

    /** After the first run (and the overlap question): asks to replace the files it skipped, then reports. */
    private void offerToReplace(Result r, Path folder) {
        List<ExportReport.Skipped> skipped = r.report().skipped();
        if (skipped.isEmpty() || r.report().cancelled() || r.report().stop() != null) {
            finish(r.report(), folder);
            return;
        }
        askToReplace(skipped.size(), folder, replace -> {
            if (!replace) {
                finish(r.report(), folder);
                return;
            }
            boolean overlapsAllowed = r.report().overlaps().stream().anyMatch(ExportReport.Overlap::exported);
            start(
                    skippedEntries(r),
                    folder,
                    ExportOptions.OVERWRITE.withOverlapsAllowed(overlapsAllowed),
                    r.report().bytes(),
                    again -> finish(ExportSummary.merge(withoutSkipped(r.report()), again.report()), folder));
        });
    }

    private static List<FileListing.Entry> concat(List<FileListing.Entry> a, List<FileListing.Entry> b) {
        List<FileListing.Entry> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** The entries the run refused because their bytes overlap an earlier entry's. */
    private static List<FileListing.Entry> overlapRefused(Result r) {
        Set<String> names = new HashSet<>();
        for (ExportReport.Overlap o : r.report().overlaps()) if (!o.exported()) names.add(o.name());
        List<FileListing.Entry> out = new ArrayList<>();
        if (names.isEmpty()) return out;
        for (FileListing.Entry e : r.entries()) if (names.remove(e.name())) out.add(e);
        return out;
    }

    /**
     * The first run's report without the overlap refusals the re-run {@code again} decided;
     * those it exported stay listed as overlaps (the re-run alone may not see what they
     * overlap, since the entry they share bytes with is not in it).
     */
    private static ExportReport withoutOverlapRefusals(ExportReport r, ExportReport again) {
        Set<String> names = new HashSet<>();
        for (ExportReport.Overlap o : r.overlaps()) if (!o.exported()) names.add(o.name());
        Set<String> written = new HashSet<>();
        for (ExportReport.Exported x : again.exported()) written.add(x.name());
        for (ExportReport.Overlap o : again.overlaps()) written.remove(o.name()); // listed by the re-run itself
        List<ExportReport.Refused> refused =
                r.refused().stream().filter(x -> !names.contains(x.name())).toList();
        List<ExportReport.Overlap> overlaps = r.overlaps().stream()
                .filter(o -> o.exported() || written.contains(o.name()))
                .map(o -> new ExportReport.Overlap(o.name(), o.offset(), o.reason(), true))
                .toList();
        return new ExportReport(
                r.exported(), r.skipped(), refused, r.failed(), r.bytes(), r.cancelled(), overlaps, r.stop());
    }

    void cancel() {
        Task<Result> t = running.get();
        if (t != null) t.cancel();
    }

    /** Runs one export; {@code alreadyWritten} bytes of this export's output limit were used by earlier runs. */
    private Task<Result> start(
            List<FileListing.Entry> entries,
            Path folder,
            ExportOptions options,
            long alreadyWritten,
            java.util.function.Consumer<Result> then) {
        AtomicBoolean cancel = new AtomicBoolean();
        RemoteTransfer transfer = transfers.get();
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
                List<Exporter.Claim> others = entries == null ? List.of() : othersThan(chosen);
                ExportLimit max = limit.get();
                ExportOptions opts =
                        max == null ? options : options.withMaxOutput(Math.max(0, max.bytes() - alreadyWritten));
                ExportReport report = new Exporter(
                                opts,
                                (done, total, current) -> {
                                    updateProgress(done, Math.max(1, total));
                                    if (current != null) updateMessage(current + transfer.text());
                                },
                                cancel)
                        .readingFrom(archive)
                        .export(contents, folder, others);
                // everything asked for: the stored empty folders too, as the command line writes them
                if (entries == null) report = Exporter.withStoredFolders(report, listing, folder);
                return new Result(report, chosen);
            }

            @Override
            public boolean cancel(boolean interrupt) {
                cancel.set(true);
                return super.cancel(false);
            }
        };
        transfer.stopOnCancel(task);
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
            notifier.info("Export cancelled; files written before the cancel stay in " + folder
                    + ", nothing half-written is left");
        });
        jobs.submit(task);
        return task;
    }

    /** The bytes the listing's other entries hold: chosen files overlapping them are left out too. */
    private List<Exporter.Claim> othersThan(List<FileListing.Entry> chosen) throws java.io.IOException {
        Set<FileListing.Entry> mine = new HashSet<>(chosen);
        List<Exporter.Claim> out = new ArrayList<>();
        for (FileListing.Entry e : listing.entries()) {
            if (mine.contains(e) || e.range().isNone() || e.range().length() == 0) continue;
            dev.vitrine.core.model.ByteRange r =
                    ListingSelection.contentOf(listing, e).stored();
            if (r != null && !r.isNone() && r.length() > 0) out.add(new Exporter.Claim(e.name(), r));
        }
        return out;
    }

    private static List<FileListing.Entry> skippedEntries(Result r) {
        Set<String> names = new HashSet<>();
        for (ExportReport.Skipped s : r.report().skipped()) names.add(s.name());
        List<FileListing.Entry> out = new ArrayList<>();
        for (FileListing.Entry e : r.entries()) if (names.remove(e.name())) out.add(e);
        return out;
    }

    private static ExportReport withoutSkipped(ExportReport r) {
        return new ExportReport(
                r.exported(), List.of(), r.refused(), r.failed(), r.bytes(), r.cancelled(), r.overlaps(), r.stop());
    }

    private void askToAllowOverlaps(int count, java.util.function.Consumer<Boolean> answer) {
        ButtonType anyway = new ButtonType("Export anyway", ButtonBar.ButtonData.OK_DONE);
        ButtonType leave = new ButtonType("Leave them out", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = new Alert(
                Alert.AlertType.WARNING,
                Human.count(count) + (count == 1 ? " file shares" : " files share")
                        + " bytes with an earlier file in the archive, so "
                        + (count == 1 ? "it was" : "they were")
                        + " left out: the archive is damaged, and entries that reuse bytes can make"
                        + " an export far larger than the archive.\nExport " + (count == 1 ? "it" : "them")
                        + " anyway? The export still stops at the output limit.",
                anyway,
                leave);
        a.setTitle("Export overlapping files?");
        a.setHeaderText(null);
        place(a);
        a.setOnHidden(e -> {
            if (dialog == a) dialog = null;
            answer.accept(a.getResult() == anyway);
        });
        dialog = a;
        a.show();
    }

    private void askToReplace(int count, Path folder, java.util.function.Consumer<Boolean> answer) {
        ButtonType replace = new ButtonType("Replace", ButtonBar.ButtonData.OK_DONE);
        ButtonType keep = new ButtonType("Keep existing", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = new Alert(
                Alert.AlertType.CONFIRMATION,
                Human.count(count) + (count == 1 ? " file already exists" : " files already exist") + " in " + folder
                        + ".\nReplace " + (count == 1 ? "it" : "them") + " with the archive's version?",
                replace,
                keep);
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
        notifier.error(s.headline() + "; " + Human.count(s.lines().size())
                + (s.lines().size() == 1 ? " entry needs" : " entries need") + " a look");
        Alert a = new Alert(
                report.refused().isEmpty() && report.failed().isEmpty()
                        ? Alert.AlertType.INFORMATION
                        : Alert.AlertType.WARNING);
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
