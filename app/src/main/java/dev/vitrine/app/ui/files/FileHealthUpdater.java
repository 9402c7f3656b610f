package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.health.HealthMap;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.collections.transformation.SortedList;
import javafx.scene.control.TableView;

/**
 * Keeps the file table's health column up to date as the archive's problems come in: judges the
 * rows by {@link FileHealth} in the background, then puts the verdicts on them and redraws.
 */
final class FileHealthUpdater {
    private final ArchiveSession session;
    private final Background background;
    private final Notifier notifier;
    private final TableView<FileRow> table;
    private final Supplier<FilesModel> model;
    private final Supplier<SortedList<FileRow>> sorted;
    private boolean pending;
    private int generation;

    /** {@code model} and {@code sorted}: the view's current ones (replaced when the listing arrives). */
    FileHealthUpdater(
            ArchiveSession session,
            Background background,
            Notifier notifier,
            TableView<FileRow> table,
            Supplier<FilesModel> model,
            Supplier<SortedList<FileRow>> sorted) {
        this.session = session;
        this.background = background;
        this.notifier = notifier;
        this.table = table;
        this.model = model;
        this.sorted = sorted;
    }

    /** Coalesces bursts of problems (a verify streams them) into one refresh per pulse. */
    void schedule() {
        if (pending) return;
        pending = true;
        Platform.runLater(() -> {
            pending = false;
            refresh();
        });
    }

    /**
     * Judges every row against a copy of the health map in the background, then puts the
     * verdicts on the rows; a newer refresh supersedes one still running.
     */
    void refresh() {
        FilesModel m = model.get();
        if (m == null) return;
        HealthMap map = session.health().copy();
        FileHealth.Problems problems = new FileHealth.Problems(session.problems());
        int gen = ++generation;
        background.run(
                () -> FileHealth.judgeAll(m.rows(), map, problems),
                verdicts -> {
                    if (gen != generation || m != model.get()) return;
                    FileHealth.apply(m.rows(), verdicts);
                    show();
                },
                err -> notifier.error("File health: " + Human.error(err)));
    }

    private void show() {
        // Rows changed in place: re-sort when sorted (by health, say) and redraw the cells.
        if (!table.getSortOrder().isEmpty()) {
            SortedList<FileRow> s = sorted.get();
            s.comparatorProperty().unbind();
            s.setComparator(null);
            s.comparatorProperty().bind(table.comparatorProperty());
        }
        table.refresh();
    }
}
