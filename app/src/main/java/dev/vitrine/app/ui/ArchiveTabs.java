package dev.vitrine.app.ui;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.concurrent.PulseSteps;
import dev.vitrine.app.ui.settings.Settings;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.app.ui.trace.Trace;
import dev.vitrine.core.model.Health;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.stage.Window;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The window's archive tabs: one {@link ArchiveView} per tab, its damage mark and tooltip, which
 * is in front, closing (the view lets go of its archive) and whether any of them is verifying.
 */
public final class ArchiveTabs {
    private final TabPane tabs = new TabPane();
    private final Background background;
    private final Jobs jobs;
    private final Banner banner;
    private final ThemeSwitch theme;
    private final Supplier<Window> owner;
    private final Settings settings;
    /** Whether any tab is verifying (the Cancel button follows it). */
    private final BooleanProperty anyVerify = new SimpleBooleanProperty();

    private Consumer<Tab> onReopen = t -> {};
    /** Tabs opened together, one per pulse, once the tab in front has attached its parts (see PulseSteps). */
    private final PulseSteps inTurn = PulseSteps.queue().yielding();

    ArchiveTabs(
            Background background,
            Jobs jobs,
            Banner banner,
            ThemeSwitch theme,
            Supplier<Window> owner,
            Settings settings) {
        this.background = background;
        this.jobs = jobs;
        this.banner = banner;
        this.theme = theme;
        this.owner = owner;
        this.settings = settings;
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        tabs.getStyleClass().add("archive-tabs");
        // Only the tab in front holds its parts and read bytes: see ArchiveView.shown and hidden.
        tabs.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (was != null && tabs.getTabs().contains(was)) view(was).hidden();
            if (now != null) show(now);
        });
    }

    /** Ctrl+Tab and Ctrl+Page Up/Down switch archives wherever the keyboard focus is (or is not). */
    void installKeys(javafx.scene.Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, this::switchKeys);
    }

    /** Ctrl+Tab and Ctrl+Page Down go to the next archive, with Shift or Page Up to the one before. */
    private void switchKeys(KeyEvent e) {
        if (!e.isShortcutDown() || tabs.getTabs().size() < 2) return;
        int step = switch (e.getCode()) {
            case TAB -> e.isShiftDown() ? -1 : 1;
            case PAGE_DOWN -> 1;
            case PAGE_UP -> -1;
            default -> 0;
        };
        if (step == 0) return;
        int n = tabs.getTabs().size();
        tabs.getSelectionModel().select(Math.floorMod(tabs.getSelectionModel().getSelectedIndex() + step, n));
        e.consume();
    }

    /**
     * Moving keys a view did not use stop at the view: the tab strip would take them as "next
     * archive", and an arrow in the bytes must never switch archives.
     */
    private static void keepMovingKeys(KeyEvent e) {
        switch (e.getCode()) {
            case LEFT, RIGHT, UP, DOWN, HOME, END, PAGE_UP, PAGE_DOWN, KP_LEFT, KP_RIGHT, KP_UP, KP_DOWN -> e.consume();
            default -> {}
        }
    }

    public TabPane pane() {
        return tabs;
    }

    /** What to do when a tab's file changed under it (the opener reads it again). */
    void setOnReopen(Consumer<Tab> handler) {
        onReopen = handler;
    }

    ReadOnlyBooleanProperty verifyRunning() {
        return anyVerify;
    }

    /** The archive in front, or null. */
    public ArchiveView current() {
        Tab t = tabs.getSelectionModel().getSelectedItem();
        return t == null ? null : view(t);
    }

    public List<ArchiveView> views() {
        List<ArchiveView> out = new ArrayList<>();
        for (Tab t : tabs.getTabs()) out.add(view(t));
        return out;
    }

    static ArchiveView view(Tab t) {
        return (ArchiveView) t.getProperties().get(ArchiveView.class);
    }

    /**
     * The tab's view goes into the scene when the tab first comes to front: a tab opened behind
     * another has no content, so adding it costs only its header (the view's split panes and
     * their CSS came with every tab of a folder of forty, one frame each).
     */
    private static void show(Tab t) {
        ArchiveView v = view(t);
        if (t.getContent() != v) t.setContent(v);
        v.shown();
    }

    /** The tab showing {@code address} (a path or URL as shown), or null. */
    Tab showing(String address) {
        for (Tab t : tabs.getTabs()) if (view(t).session().address().equals(address)) return t;
        return null;
    }

    /** The tab showing the archive at {@code path}, or null. */
    Tab showing(java.nio.file.Path path) {
        for (Tab t : tabs.getTabs()) if (view(t).session().path().equals(path)) return t;
        return null;
    }

    void select(Tab t) {
        tabs.getSelectionModel().select(t);
    }

    boolean inFront(Tab t) {
        return tabs.getSelectionModel().getSelectedItem() == t;
    }

    /**
     * A tab for {@code session} at the end, added at a later pulse, one tab per pulse: archives
     * read together (a folder of forty) would otherwise make all their tabs in one frame.
     */
    CompletableFuture<Tab> addInTurn(ArchiveSession session) {
        CompletableFuture<Tab> added = new CompletableFuture<>();
        // The view is built in one pulse and put in its tab in the next: together, building its parts
        // and the tab's first layout took 75-100 ms of FX-thread CPU in one frame (1.5 M-record clp-s).
        inTurn.add(() -> {
            ArchiveView view = newView(session);
            inTurn.addNext(() -> added.complete(place(view, null)));
        });
        return added;
    }

    /** A tab for {@code session}, in place of {@code replaced} when given (Reopen), else at the end. */
    Tab add(ArchiveSession session, Tab replaced) {
        return place(newView(session), replaced);
    }

    private ArchiveView newView(ArchiveSession session) {
        return new ArchiveView(session, background, jobs, banner, theme.paletteProperty(), owner::get);
    }

    /** Puts {@code view} in a new tab, in place of {@code replaced} when given, else at the end. */
    private Tab place(ArchiveView view, Tab replaced) {
        ArchiveSession session = view.session();
        view.setDividers(settings.dividers);
        view.onDividersMoved(() -> settings.dividers = view.dividers());
        view.addEventHandler(KeyEvent.KEY_PRESSED, ArchiveTabs::keepMovingKeys);
        Tab tab = new Tab(session.title());
        tab.getProperties().put(ArchiveView.class, view);
        tab.setGraphic(new FontIcon(NodeIcons.forNode(session.root().node())));
        tab.setTooltip(new Tooltip(session.address()));
        tab.setOnClosed(e -> view.dispose());
        view.verifier().runningProperty().addListener((o, a, r) -> updateVerifyRunning());
        if (!session.openProblems().isEmpty()) tab.getStyleClass().add("tab-damaged");
        session.healthVersionProperty().addListener((o, a, b) -> {
            boolean bad = session.health().overall() == Health.DAMAGED;
            if (bad && !tab.getStyleClass().contains("tab-damaged"))
                tab.getStyleClass().add("tab-damaged");
            if (!bad) tab.getStyleClass().remove("tab-damaged");
        });
        view.setOnReopen(() -> onReopen.accept(tab));
        tab.setContextMenu(tabMenu(tab));
        if (replaced != null && tabs.getTabs().contains(replaced))
            tabs.getTabs().set(tabs.getTabs().indexOf(replaced), tab);
        else tabs.getTabs().add(tab);
        Trace.log("tab added for " + session.path().getFileName());
        view.firstDraw()
                .thenRun(() -> Trace.log("first draw of " + session.path().getFileName()));
        if (tabs.getTabs().size() == 1 || tabs.getSelectionModel().getSelectedItem() == null)
            tabs.getSelectionModel().select(tab);
        if (inFront(tab)) show(tab); // put in front's place without a selection change (Reopen)
        if (session.archive().unreadable()) {
            view.notifier()
                    .error(session.path().getFileName() + ": "
                            + session.openProblems().getFirst().message() + " — showing what is readable");
        }
        return tab;
    }

    /** Close, close others, close all, close to the right, show in the file manager. */
    private ContextMenu tabMenu(Tab tab) {
        MenuItem close = new MenuItem("Close");
        close.setId("tab-close");
        close.setOnAction(e -> close(tab));
        MenuItem others = new MenuItem("Close Others");
        others.setId("tab-close-others");
        others.setOnAction(
                e -> closeAll(tabs.getTabs().stream().filter(t -> t != tab).toList()));
        MenuItem all = new MenuItem("Close All");
        all.setId("tab-close-all");
        all.setOnAction(e -> closeAll(List.copyOf(tabs.getTabs())));
        MenuItem right = new MenuItem("Close Tabs to the Right");
        right.setId("tab-close-right");
        right.setOnAction(e -> {
            int i = tabs.getTabs().indexOf(tab);
            closeAll(List.copyOf(tabs.getTabs().subList(i + 1, tabs.getTabs().size())));
        });
        MenuItem copy = new MenuItem(view(tab).session().isRemote() ? "Copy URL" : "Copy Path");
        copy.setId("tab-copy-address");
        // the full address (a URL without secrets): the tab's title may be shortened
        copy.setOnAction(
                e -> dev.vitrine.app.ui.copy.Clip.put(view(tab).session().address()));
        MenuItem reveal = new MenuItem("Show in File Manager");
        reveal.setId("tab-show-in-file-manager");
        reveal.setOnAction(
                e -> FileManager.show(view(tab).session().path(), view(tab).notifier()));
        // an archive read over the network has no folder on this machine to show
        reveal.setDisable(view(tab).session().isRemote());
        ContextMenu m = new ContextMenu(
                close, others, all, new SeparatorMenuItem(), right, new SeparatorMenuItem(), copy, reveal);
        m.setOnShowing(e -> {
            int i = tabs.getTabs().indexOf(tab);
            others.setDisable(tabs.getTabs().size() < 2);
            right.setDisable(i < 0 || i == tabs.getTabs().size() - 1);
        });
        return m;
    }

    private void closeAll(List<Tab> which) {
        for (Tab t : which) close(t);
    }

    /** Closes {@code t}: the tab goes, its view lets go of the archive. */
    void close(Tab t) {
        if (t == null || !tabs.getTabs().contains(t)) return;
        tabs.getTabs().remove(t);
        view(t).dispose();
    }

    void closeCurrent() {
        close(tabs.getSelectionModel().getSelectedItem());
    }

    private void updateVerifyRunning() {
        anyVerify.set(
                views().stream().anyMatch(v -> v.verifier().runningProperty().get()));
    }
}
