package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportProgress;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.TransferMode;

/**
 * The drag of selected files out of the table, on the FX side of {@link DragOut}: plans it, puts
 * the paths on the dragboard at once and writes the files in the background while the pointer
 * travels, and keeps our own window from taking the drag as files to open.
 */
final class DragOutGesture {
    private final Node source;
    private final FileListing listing;
    private final Background background;
    private final Notifier notifier;
    private final Supplier<List<FileListing.Entry>> selected;
    private final EventHandler<DragEvent> noDropOnSelf;
    private Path root;
    private Scene filteredScene;
    private DragOut.Plan lastDrag;
    private CompletableFuture<ExportReport> lastWrite;
    private List<File> lastFiles = List.of();

    /** Drags {@code selected} (in data order) of {@code listing} out of {@code source}. */
    DragOutGesture(
            Node source,
            FileListing listing,
            Background background,
            Notifier notifier,
            Supplier<List<FileListing.Entry>> selected) {
        this.source = source;
        this.listing = listing;
        this.background = background;
        this.notifier = notifier;
        this.selected = selected;
        this.noDropOnSelf = e -> {
            if (e.getGestureSource() == source) e.consume();
        };
        source.setOnDragDetected(this::detected);
    }

    /** Makes our temp folder for drags in the background (until it is there a drag says it is not ready). */
    void prepareRoot() {
        background.run(() -> DragOut.root(), r -> root = r, err -> {
            /* drag-out says so when tried */
        });
    }

    private void detected(MouseEvent e) {
        DragOut.Plan plan = prepare();
        if (plan == null) return;
        Dragboard db = source.startDragAndDrop(TransferMode.COPY);
        ClipboardContent content = new ClipboardContent();
        content.putFiles(plan.topLevel().stream().map(Path::toFile).toList());
        db.setContent(content);
        lastFiles = List.copyOf(db.getFiles());
        e.consume();
    }

    /**
     * Plans a drag of the selected rows and starts writing them into a fresh temp folder in the
     * background; the paths go on the dragboard at once. Null when there is nothing to drag
     * (the user is told why).
     */
    DragOut.Plan prepare() {
        List<FileListing.Entry> entries = selected.get();
        if (entries.isEmpty()) return null;
        if (root == null) {
            notifier.info("Drag-out is not ready yet (no temp folder); try again in a moment");
            return null;
        }
        DragOut.Plan plan = DragOut.plan(entries, DragOut.freshFolder(root), DragOut.MAX_BYTES, DragOut.MAX_FILES);
        if (plan.tooLarge() != null) {
            notifier.info(plan.tooLarge());
            return null;
        }
        if (plan.topLevel().isEmpty()) {
            notifier.error("Nothing to drag: export refuses " + plan.refused().size()
                    + (plan.refused().size() == 1 ? " unsafe name" : " unsafe names"));
            return null;
        }
        CompletableFuture<ExportReport> written = new CompletableFuture<>();
        background.run(
                () -> {
                    try {
                        List<Content> contents = new ArrayList<>();
                        for (FileListing.Entry en : plan.entries()) contents.add(listing.content(en));
                        ExportReport r = new Exporter(ExportOptions.DEFAULT, ExportProgress.NONE, null)
                                .export(contents, plan.folder());
                        written.complete(r);
                        return r;
                    } catch (Exception | Error t) {
                        written.completeExceptionally(t);
                        throw t;
                    }
                },
                r -> {
                    if (!r.ok())
                        notifier.error("Drag-out: "
                                + ExportSummary.of(r, plan.folder()).lines().getFirst());
                },
                err -> notifier.error("Drag-out failed: " + Human.error(err)));
        // The FX thread never waits for the write: the paths are promised on the dragboard and
        // the (capped) copy runs while the pointer travels to the drop target.
        if (!plan.refused().isEmpty()) {
            notifier.info("Left out of the drag: " + plan.refused().size() + " unsafe "
                    + (plan.refused().size() == 1 ? "name" : "names") + " export refuses");
        }
        lastDrag = plan;
        lastWrite = written;
        return plan;
    }

    /** Our own window must not take our drag as files to open: call it with each scene the view is in. */
    void guardDrops(Scene now) {
        if (filteredScene != null) {
            filteredScene.removeEventFilter(DragEvent.DRAG_OVER, noDropOnSelf);
            filteredScene.removeEventFilter(DragEvent.DRAG_DROPPED, noDropOnSelf);
        }
        filteredScene = now;
        if (now != null) {
            now.addEventFilter(DragEvent.DRAG_OVER, noDropOnSelf);
            now.addEventFilter(DragEvent.DRAG_DROPPED, noDropOnSelf);
        }
    }

    // ---- for tests ----

    DragOut.Plan lastDrag() {
        return lastDrag;
    }

    CompletableFuture<ExportReport> lastWrite() {
        return lastWrite;
    }

    /** The files the last drag put on the dragboard. */
    List<File> lastFiles() {
        return lastFiles;
    }
}
