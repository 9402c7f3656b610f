package dev.vitrine.app.ui;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.concurrent.PulseSteps;
import dev.vitrine.app.ui.details.DetailsPane;
import dev.vitrine.app.ui.export.ExportController;
import dev.vitrine.app.ui.health.DamagePaths;
import dev.vitrine.app.ui.hex.HexPalette;
import dev.vitrine.app.ui.hex.HexPane;
import dev.vitrine.app.ui.index.IndexPictureView;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.app.ui.table.RecordsGrid;
import dev.vitrine.app.ui.trace.Trace;
import dev.vitrine.app.ui.tree.ChildPage;
import dev.vitrine.app.ui.tree.StructureTree;
import dev.vitrine.app.ui.tree.TreeContext;
import dev.vitrine.app.ui.verify.ProblemsView;
import dev.vitrine.app.ui.verify.VerifyController;
import dev.vitrine.app.ui.views.DetailViews;
import dev.vitrine.app.ui.views.ViewContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Orientation;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;

/**
 * Everything about one open archive, as one tab: the structure tree on the left, details over
 * the hex view and the problems list on the right. Wires the parts together through
 * {@link LinkedSelection}, {@link VerifyController} and {@link ExportController}.
 */
public final class ArchiveView extends BorderPane {

    private final ArchiveSession session;
    private final Background background;
    private final StructureTree tree;
    private final DetailsPane details = new DetailsPane();
    private final HexPane hex;
    private final ProblemsView problems;
    private final LinkedSelection selection;
    private final VerifyController verify;
    private final ExportController export;
    private final SplitPane outer = new SplitPane();
    private final SplitPane right = new SplitPane();
    private final SplitPane bottom = new SplitPane();
    private final BorderPane bottomArea = new BorderPane();
    private final StackPane hexSlot = new StackPane(), problemsSlot = new StackPane();
    private final StackPane treeSlot = new StackPane(), detailsSlot = new StackPane();
    private double bottomShare = 0.6;
    private final List<Runnable> dividerListeners = new java.util.ArrayList<>();
    private final DetailViews views;
    private final Banner banner;
    private final CompletableFuture<Void> firstDraw = new CompletableFuture<>();
    /** Attaches the parts once the tab is first shown; null before. */
    private PulseSteps attach;

    private boolean released;
    private final ArchiveFaults faults;
    private final CompletableFuture<Void> closed = new CompletableFuture<>();
    private boolean disposed;
    private final ArchiveMenus menus;

    public ArchiveView(
            ArchiveSession session,
            Background sharedBackground,
            Jobs sharedJobs,
            Notifier windowNotifier,
            ObjectProperty<HexPalette> palette,
            java.util.function.Supplier<javafx.stage.Window> owner) {
        // This archive's messages show inside its tab (never over the tab bar or another archive).
        this.banner = new Banner(windowNotifier instanceof Banner b ? b : null);
        Notifier notifier = banner;
        this.session = session;
        // Every job of this archive fails through its tab first: a changed file or an escaped Error is said here, once.
        this.faults = new ArchiveFaults(session, banner);
        Background background = sharedBackground.watchedBy(faults);
        Jobs jobs = sharedJobs.watchedBy(faults);
        this.background = background;
        getStyleClass().add("archive-view");
        tree = new StructureTree(
                session.root(),
                new TreeContext(background, ChildPage.DEFAULT_PAGE, session::addProblems),
                session.health());
        hex = new HexPane(background);
        hex.hex().paletteProperty().bind(palette);
        problems = new ProblemsView(session.problems());
        selection = new LinkedSelection(session, background, tree, details, hex, notifier);
        problems.setOnProblemSelected(selection::problemSelected);
        DamagePaths paths = new DamagePaths(session.root().node(), background, session::addSubtreeDamage);
        paths.add(session.problems());
        session.problems().addListener((javafx.collections.ListChangeListener<dev.vitrine.core.model.Problem>) c -> {
            while (c.next()) {
                if (c.wasRemoved()) paths.reset(); // only a new verify clears the list
                if (c.wasAdded()) paths.add(c.getAddedSubList());
            }
        });
        session.start();
        verify = new VerifyController(session, jobs, problems);
        // Damage found in a file that changed meanwhile is the change (zeros past its new end), not the archive.
        verify.runningProperty().addListener((o, was, running) -> {
            if (!running && !session.problems().isEmpty()) faults.checkUnchanged();
        });
        export = new ExportController(session, jobs, notifier, this::records, owner);
        views = new DetailViews(
                details,
                new ViewContext(
                        session, background, selection, jobs, notifier, owner, this::export, export::destinations));
        session.healthVersionProperty().addListener((o, a, b) -> {
            selection.refreshHealth();
            views.healthChanged();
        });
        selection.setOnNodeShown(views::nodeShown);
        selection.setOnBytesShown(() -> firstDraw.complete(null));
        menus = new ArchiveMenus(this);

        // Problems under the bytes: the hex view keeps the full width for its 16 columns and text.
        bottom.setOrientation(Orientation.VERTICAL);
        bottom.getItems().setAll(hexSlot, problemsSlot);
        bottom.setDividerPositions(0.6);
        right.setOrientation(Orientation.VERTICAL);
        right.getItems().setAll(detailsSlot, bottomArea);
        right.setDividerPositions(0.55);
        outer.getItems().setAll(treeSlot, right);
        // Small minimums, so a narrow window shrinks every pane by its share instead of
        // squeezing the tree to make room for the right side's toolbars (they clip).
        treeSlot.setMinWidth(80);
        right.setMinWidth(200);
        for (javafx.scene.layout.Region r : List.of(detailsSlot, bottomArea, bottom, hexSlot, problemsSlot))
            r.setMinSize(0, 0);
        // An empty problems list folds to its header under the bytes, out of the split: the
        // bytes take the room (an empty list kept a third of the pane).
        bottomArea.setCenter(bottom);
        problems.collapsedProperty().addListener((o, was, is) -> fold(is));
        fold(problems.collapsedProperty().get());
        outer.setDividerPositions(0.27);
        KeptShares.keep(outer, right, bottom);
        // Every pane keeps its share when the window is resized (a fixed tree cut its labels
        // in a small window and wasted room in a large one).
        setCenter(new StackPane(outer, banner));

        export.setFilesView(() -> dev.vitrine.app.ui.files.FilesTab.of(details));
    }

    /**
     * The tab came to front. The first time, its parts are built and read (a tab opened
     * behind another costs nothing until looked at: opening forty archives built and laid out
     * forty trees, tables and hex views in the same few frames); after that, what
     * {@link #hidden} let go of is read again.
     */
    public void shown() {
        if (disposed) return;
        if (attach == null) {
            Trace.log("building the tab of " + session.path().getFileName());
            views.readAhead(); // the records shown in front are read before the bytes and the tree
            selection.showFirstFile();
            tree.openRoot();
            // The parts go into empty slots one pulse apart (tree first), see PulseSteps. When a view is in front
            // (a clp-s archive's records), the details come first: its first page waited a pulse more for the tree.
            Runnable treeStep = () -> attach(treeSlot, tree.view()); // after a pulse for the tab and split panes
            Runnable detailsStep = () -> attach(detailsSlot, details);
            boolean viewFirst = views.viewInFront();
            attach = PulseSteps.run(
                    viewFirst ? detailsStep : treeStep,
                    viewFirst ? treeStep : detailsStep,
                    details::attachFields,
                    () -> attach(hexSlot, hex),
                    () -> attach(problemsSlot, problems));
        } else if (released) {
            released = false;
            hex.restore();
            for (RecordsGrid g : grids()) g.restore();
        }
    }

    /**
     * Another tab came to front: the bytes and rows this one read (hex pages, pages of
     * records, pictures, the archive's decoded blocks) go, so that many open tabs hold little; {@link #shown} reads them again.
     */
    public void hidden() {
        if (attach == null || disposed || released) return;
        released = true;
        hex.release();
        for (RecordsGrid g : grids()) g.release();
        // and the archive's decoded blocks: a few locked map clears, safe under running reads
        session.archive().releaseCaches();
    }

    /** Every table of rows in its views (records, JSON records, dictionaries, messages, keys). */
    private List<RecordsGrid> grids() {
        List<RecordsGrid> out = new java.util.ArrayList<>();
        for (javafx.scene.Node n : lookupAll(".records-grid")) if (n instanceof RecordsGrid g) out.add(g);
        return out;
    }

    /** Whether the tab was ever in front, so its parts are built (or being built). */
    public boolean built() {
        return attach != null;
    }

    /** Whether the tab let go of its read bytes and rows while hidden. */
    public boolean released() {
        return released;
    }

    private static void attach(StackPane slot, javafx.scene.Node part) {
        Trace.log("attaching " + part.getClass().getSimpleName());
        slot.getChildren().add(part);
    }

    /** Whether every part is in the scene (they are attached over the first few pulses). */
    public boolean attached() {
        return problems.getParent() != null
                && details.fields().getParent() != null
                && tree.view().getParent() != null;
    }

    /** File > Export: the view in front exports what it shows, else the archive's files or records. */
    public void export() {
        if (!views.exportFromFront()) export.export();
    }

    /** The records table of the Records tab, or null before one was shown. */
    public dev.vitrine.app.ui.table.RecordsView records() {
        var r = views.view(dev.vitrine.app.ui.table.RecordsTab.Records.class);
        return r == null ? null : r.records();
    }

    /** The view tabs of this archive. */
    public DetailViews views() {
        return views;
    }

    /** Where this archive's messages show: inside its tab. */
    public Banner notifier() {
        return banner;
    }

    /** The right-click menus of the tree, fields and problems (tests). */
    ArchiveMenus menus() {
        return menus;
    }

    public ArchiveSession session() {
        return session;
    }

    public StructureTree tree() {
        return tree;
    }

    public DetailsPane details() {
        return details;
    }

    public HexPane hex() {
        return hex;
    }

    public ProblemsView problems() {
        return problems;
    }

    public LinkedSelection selection() {
        return selection;
    }

    public VerifyController verifier() {
        return verify;
    }

    public ExportController exporter() {
        return export;
    }

    /** The index picture, once its tab was shown. */
    public IndexPictureView index() {
        var p = views.view(dev.vitrine.app.ui.index.IndexTab.Picture.class);
        return p == null ? null : p.picture();
    }

    /** Completes once the root's details and bytes have been shown the first time. */
    public CompletableFuture<Void> firstDraw() {
        return firstDraw;
    }

    private void fold(boolean empty) {
        if (empty) {
            if (!bottom.getDividers().isEmpty()) bottomShare = bottom.getDividerPositions()[0];
            bottom.getItems().setAll(hexSlot);
            bottomArea.setBottom(problemsSlot);
        } else {
            bottomArea.setBottom(null);
            bottom.getItems().setAll(hexSlot, problemsSlot);
            KeptShares.set(bottom, bottomShare);
            for (Runnable l : dividerListeners) listen(bottom, l);
            makeRoomForProblems();
        }
    }

    /** Height the bytes and an unfolded problems list need for a few rows each. */
    private static final double PROBLEMS_ROOM = 340;

    /**
     * Problems were found: the details give the bytes and the list under them room for a few
     * rows each (at 1024x700 the default share left four hex rows and one problem of two).
     * Never grows the details; a share the user chose that already leaves the room stays.
     */
    private void makeRoomForProblems() {
        double h = right.getHeight();
        if (h <= 0) return;
        double share = 1 - Math.min(PROBLEMS_ROOM, h * 0.6) / h;
        if (right.getDividerPositions()[0] > share) KeptShares.set(right, share);
    }

    /** Whether the problems list is folded to its header (it is empty). */
    public boolean problemsFolded() {
        return problemsSlot.getParent() == bottomArea;
    }

    /** Divider positions: tree | right, details / bottom, hex / problems. */
    public double[] dividers() {
        return new double[] {
            outer.getDividerPositions()[0],
            right.getDividerPositions()[0],
            bottom.getDividers().isEmpty() ? bottomShare : bottom.getDividerPositions()[0]
        };
    }

    public void setDividers(double[] d) {
        if (d == null || d.length < 3) return;
        KeptShares.set(outer, d[0]);
        KeptShares.set(right, d[1]);
        bottomShare = d[2];
        if (!bottom.getDividers().isEmpty()) KeptShares.set(bottom, d[2]);
    }

    /** Calls {@code listener} whenever the user moves a divider. */
    public void onDividersMoved(Runnable listener) {
        dividerListeners.add(listener);
        for (SplitPane p : List.of(outer, right, bottom)) listen(p, listener);
    }

    private static void listen(SplitPane p, Runnable listener) {
        for (SplitPane.Divider d : p.getDividers()) d.positionProperty().addListener((o, a, b) -> listener.run());
    }

    /**
     * What the tab's Reopen does (its file changed or could not be read): the window closes this
     * archive and opens its file again in the same place.
     */
    public void setOnReopen(Runnable reopen) {
        faults.setOnReopen(reopen);
    }

    /**
     * Closes the archive in the background once nothing of it is shown any more; completes
     * once it is closed (its files unmapped).
     */
    public CompletableFuture<Void> dispose() {
        if (disposed) return closed; // Reopen, then the tab closed before the file opened again
        disposed = true;
        if (attach != null) attach.cancel(); // a tab closed while its parts were still attaching
        java.util.concurrent.CompletableFuture<Void> verifyEnded = verify.idle();
        verify.cancel();
        hex.cancelFind();
        views.dispose();
        // Unmap only once a cancelled verify has stopped reading (it notices within a block).
        if (verifyEnded.isDone()) closeSession();
        else verifyEnded.whenComplete((v, e) -> javafx.application.Platform.runLater(this::closeSession));
        return closed;
    }

    private void closeSession() {
        try {
            background.run(
                    () -> {
                        close();
                        return null;
                    },
                    v -> closed.complete(null),
                    e -> closed.complete(null));
        } catch (java.util.concurrent.RejectedExecutionException shuttingDown) {
            close(); // the window is closing: unmapping is quick
            closed.complete(null);
        }
    }

    private void close() {
        session.close();
        // Changes of this archive's files seen as they were unmapped concern no other tab.
        dev.vitrine.core.io.FileChangedException.forgetEarlier(session.path());
    }
}
