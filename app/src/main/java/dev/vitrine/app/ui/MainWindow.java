package dev.vitrine.app.ui;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.remote.OpenUrlDialog;
import dev.vitrine.app.ui.settings.RecentFiles;
import dev.vitrine.app.ui.settings.Settings;
import dev.vitrine.app.ui.settings.SettingsStore;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.app.ui.status.StatusBar;
import dev.vitrine.app.ui.trace.Trace;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.remote.Redact;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The main window: menus and tool bar, one tab per open archive, the status bar and the message
 * banner. Opens files given on the command line, chosen, recent or dropped; remembers its
 * geometry, dividers, theme and recent files.
 */
public final class MainWindow {
    private final Stage stage;
    private final SettingsStore store;
    private final Settings settings;
    private final Background background;
    private final Jobs jobs;
    private final TabPane tabs = new TabPane();
    private final Banner banner = new Banner();
    private final StatusBar status;
    private final ThemeSwitch theme;
    private final WelcomePane welcome;
    private final BorderPane frame = new BorderPane();
    private final Scene scene;
    /** Whether any tab is verifying (the Cancel button follows it). */
    private final javafx.beans.property.BooleanProperty anyVerify = new javafx.beans.property.SimpleBooleanProperty();

    public MainWindow(
            Stage stage, SettingsStore store, Background background, Boolean dark, double width, double height) {
        this.stage = stage;
        this.store = store;
        this.settings = store.load();
        this.background = background;
        this.jobs = new Jobs(background.executor());
        this.status = new StatusBar(jobs, background.busyProperty());
        StackPane root = new StackPane(frame, banner);
        root.getStyleClass().add("vitrine-root");
        double w = width > 0 ? width : settings.width;
        double h = height > 0 ? height : settings.height;
        scene = new Scene(root, w, h);
        theme = new ThemeSwitch(scene, dark != null ? dark : settings.dark);
        welcome = new WelcomePane(this::openDialog, p -> open(List.of(p)));
        welcome.setRecent(settings.recent);
        MainMenus menus = new MainMenus(this);
        frame.setTop(new VBox(menus.menuBar(), menus.toolBar()));
        frame.setCenter(welcome);
        frame.setBottom(status);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        tabs.getStyleClass().add("archive-tabs");
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, t) -> tabChanged());
        tabs.getTabs().addListener((javafx.collections.ListChangeListener<Tab>) c -> {
            frame.setCenter(tabs.getTabs().isEmpty() ? welcome : tabs);
            if (tabs.getTabs().isEmpty()) tabChanged();
        });
        FileDrop.install(scene, this::open, this::openUrl);
        // What the shown remote archive has cost so far, refreshed each second (counters only: no I/O here).
        javafx.animation.Timeline remoteStats = new javafx.animation.Timeline(
                new javafx.animation.KeyFrame(javafx.util.Duration.seconds(1), e -> showRemoteStats()));
        remoteStats.setCycleCount(javafx.animation.Animation.INDEFINITE);
        remoteStats.play();
        theme.darkProperty().addListener((o, a, d) -> {
            settings.dark = d;
            saveSettings();
        });
        stage.setTitle("Vitrine");
        status.setFile("no archive open", "");
        stage.setScene(scene);
        setIcons();
        if (width <= 0 && height <= 0) restoreGeometry();
        stage.setOnCloseRequest(e -> rememberGeometry());
    }

    private void setIcons() {
        for (String size : List.of("32", "64", "128", "256")) {
            var in = MainWindow.class.getResourceAsStream("icons/vitrine-" + size + ".png");
            if (in != null) stage.getIcons().add(new javafx.scene.image.Image(in));
        }
    }

    private void restoreGeometry() {
        if (!Double.isNaN(settings.x) && !Double.isNaN(settings.y)) {
            Rectangle2D r = new Rectangle2D(settings.x, settings.y, settings.width, settings.height);
            boolean visible = Screen.getScreens().stream()
                    .anyMatch(s -> s.getVisualBounds().intersects(r));
            if (visible) {
                stage.setX(settings.x);
                stage.setY(settings.y);
            }
        }
        stage.setMaximized(settings.maximized);
    }

    private void rememberGeometry() {
        if (!stage.isMaximized()) {
            settings.x = stage.getX();
            settings.y = stage.getY();
            settings.width = scene.getWidth();
            settings.height = scene.getHeight();
        }
        settings.maximized = stage.isMaximized();
        ArchiveView v = current();
        if (v != null) settings.dividers = v.dividers();
        saveSettings();
    }

    public void show() {
        stage.show();
    }

    public Stage stage() {
        return stage;
    }

    public Scene scene() {
        return scene;
    }

    public Background background() {
        return background;
    }

    public Jobs jobs() {
        return jobs;
    }

    public Banner notifier() {
        return banner;
    }

    public ThemeSwitch theme() {
        return theme;
    }

    public Settings settings() {
        return settings;
    }

    public StatusBar status() {
        return status;
    }

    public TabPane tabs() {
        return tabs;
    }

    javafx.beans.property.ReadOnlyBooleanProperty verifyRunning() {
        return anyVerify;
    }

    /** The archive in front, or null. */
    public ArchiveView current() {
        Tab t = tabs.getSelectionModel().getSelectedItem();
        return t == null ? null : (ArchiveView) t.getContent();
    }

    public List<ArchiveView> views() {
        List<ArchiveView> out = new ArrayList<>();
        for (Tab t : tabs.getTabs()) out.add((ArchiveView) t.getContent());
        return out;
    }

    /**
     * Opens {@code paths} (files, or folders of archives), each archive in a tab. Completes when
     * every one has opened or failed (with a one-line message in the banner).
     */
    public CompletableFuture<Void> open(List<Path> paths) {
        CompletableFuture<Void> all = new CompletableFuture<>();
        background.run(
                () -> OpenPlan.of(paths, FormatRegistry.get()),
                plan -> {
                    for (String m : plan.messages()) banner.error(m);
                    // Open in parallel, add the tabs in the order asked for, the first one in front.
                    CompletableFuture<Tab> chain = CompletableFuture.completedFuture(null);
                    for (Path p : plan.archives()) {
                        CompletableFuture<Object> one = openOne(p);
                        chain = chain.thenCombine(one, (first, got) -> {
                            Tab t = got instanceof Tab existing
                                    ? existing
                                    : got instanceof ArchiveSession s ? addTab(s) : null;
                            if (got instanceof ArchiveSession) remember(plan.recentFor(p));
                            return first != null ? first : t;
                        });
                    }
                    chain.whenComplete((first, e) -> {
                        if (first != null) tabs.getSelectionModel().select(first);
                        status.setMessage("");
                        all.complete(null);
                    });
                },
                err -> {
                    banner.error(Human.error(err));
                    all.complete(null);
                });
        return all;
    }

    /**
     * Opens one archive in the background. Completes on the FX thread with its session, the tab
     * already showing it, or null when it could not be opened (the banner says why).
     */
    private CompletableFuture<Object> openOne(Path path) {
        for (Tab t : tabs.getTabs()) {
            if (((ArchiveView) t.getContent()).session().path().equals(path))
                return CompletableFuture.completedFuture(t);
        }
        return load(path);
    }

    /** Opens {@code path}'s archive in the background: its session, or null (the banner says why). */
    private CompletableFuture<Object> load(Path path) {
        status.setMessage("opening " + path.getFileName() + "…");
        Trace.log("opening " + path.getFileName());
        return background
                .run(
                        () -> {
                            ArchiveSession s = ArchiveSession.open(path);
                            // Records decode while the window builds itself, so the records table has its first page
                            // when it is looked at.
                            s.archive()
                                    .capability(dev.vitrine.core.model.FilterableRecords.class)
                                    .ifPresent(r -> background.run(
                                            () -> {
                                                r.prepare();
                                                return null;
                                            },
                                            done -> Trace.log("records prepared"),
                                            err -> {})); // a failure shows where the records are read
                            return s;
                        },
                        s -> Trace.log("read " + path.getFileName()),
                        err -> banner.error(ArchiveFaults.openFailed(path, err)))
                .handle((s, e) -> (Object) s);
    }

    /**
     * Opens the archive at {@code url} (http(s)://, s3://) in a tab, in the background: nothing
     * on the FX thread waits for the network. Completes on the FX thread with the tab, or null
     * when it could not be opened (the banner says why in one line).
     */
    public CompletableFuture<Tab> openUrl(String url) {
        String typed = url.strip();
        Location location;
        try {
            location = Locations.of(typed, RemoteOptions.DEFAULT);
        } catch (IllegalArgumentException e) {
            banner.error(Redact.url(typed) + ": " + e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        for (Tab t : tabs.getTabs()) {
            if (((ArchiveView) t.getContent()).session().address().equals(location.display())) {
                tabs.getSelectionModel().select(t);
                return CompletableFuture.completedFuture(t);
            }
        }
        status.setMessage("opening " + location.display() + "…");
        CompletableFuture<Tab> shown = new CompletableFuture<>();
        background.run(
                () -> ArchiveSession.open(location),
                s -> {
                    Tab t = addTab(s);
                    tabs.getSelectionModel().select(t);
                    for (String notice : location.notices()) banner.info(location.display() + ": " + notice);
                    rememberUrl(typed);
                    status.setMessage("");
                    shown.complete(t);
                },
                err -> {
                    banner.error(Human.error(err));
                    status.setMessage("");
                    shown.complete(null);
                });
        return shown;
    }

    /** Remembers a URL for File > Open URL…, unless it carries a secret (a presigned signature, a password). */
    private void rememberUrl(String url) {
        if (!Redact.url(url).equals(url)) return;
        settings.recentUrls = RecentFiles.add(settings.recentUrls, url);
        saveSettings();
    }

    void openUrlDialog() {
        new OpenUrlDialog(stage, settings.recentUrls, background).show().ifPresent(this::openUrl);
    }

    /** Shows an archive opened elsewhere (an embedding, a test) in a new tab, in front. */
    public Tab show(ArchiveSession session) {
        Tab t = addTab(session);
        tabs.getSelectionModel().select(t);
        return t;
    }

    private Tab addTab(ArchiveSession session) {
        return addTab(session, null);
    }

    /** A tab for {@code session}, in place of {@code replaced} when given (Reopen), else at the end. */
    private Tab addTab(ArchiveSession session, Tab replaced) {
        ArchiveView view = new ArchiveView(session, background, jobs, banner, theme.paletteProperty(), () -> stage);
        view.setDividers(settings.dividers);
        view.onDividersMoved(() -> settings.dividers = view.dividers());
        Tab tab = new Tab(session.path().getFileName().toString(), view);
        tab.setGraphic(new FontIcon(NodeIcons.forNode(session.root().node())));
        tab.setTooltip(new javafx.scene.control.Tooltip(session.address()));
        tab.setOnClosed(e -> view.dispose());
        view.verifier().runningProperty().addListener((o, a, r) -> updateVerifyRunning());
        if (!session.openProblems().isEmpty()) tab.getStyleClass().add("tab-damaged");
        session.healthVersionProperty().addListener((o, a, b) -> {
            boolean bad = session.health().overall() == dev.vitrine.core.model.Health.DAMAGED;
            if (bad && !tab.getStyleClass().contains("tab-damaged"))
                tab.getStyleClass().add("tab-damaged");
            if (!bad) tab.getStyleClass().remove("tab-damaged");
        });
        view.setOnReopen(() -> reopen(tab));
        if (replaced != null && tabs.getTabs().contains(replaced))
            tabs.getTabs().set(tabs.getTabs().indexOf(replaced), tab);
        else tabs.getTabs().add(tab);
        Trace.log("tab added for " + session.path().getFileName());
        view.firstDraw()
                .thenRun(() -> Trace.log("first draw of " + session.path().getFileName()));
        if (tabs.getTabs().size() == 1 || tabs.getSelectionModel().getSelectedItem() == null)
            tabs.getSelectionModel().select(tab);
        if (session.archive().unreadable()) {
            view.notifier()
                    .error(session.path().getFileName() + ": "
                            + session.openProblems().getFirst().message() + " — showing what is readable");
        }
        return tab;
    }

    void showRemoteStats() {
        ArchiveView v = current();
        dev.vitrine.core.remote.RemoteSource r = v == null ? null : v.session().remote();
        if (r == null) {
            status.setRemote("");
            return;
        }
        var st = r.object().stats();
        status.setRemote("remote: " + Human.count(st.requests()) + (st.requests() == 1 ? " request · " : " requests · ")
                + Human.size(st.bytes()) + " fetched · " + Human.count(st.hits()) + " cache hits");
    }

    /**
     * The tab's file changed under it (or could not be read): closes its archive, then opens the
     * file again in the same place. The old tab stays until the new one replaces it, or goes
     * when the file can no longer be opened (the banner says why).
     */
    private void reopen(Tab tab) {
        ArchiveView old = (ArchiveView) tab.getContent();
        if (old.session().remote() != null) {
            // a remote archive opens again from its address, as a new tab in front
            String address = old.session().address();
            old.dispose().thenRun(() -> {
                tabs.getTabs().remove(tab);
                openUrl(address);
            });
            return;
        }
        Path path = old.session().path();
        old.setDisable(true); // nothing of it can be read any more
        old.dispose()
                .thenRun(() -> load(path).thenAccept(got -> {
                    boolean front = tabs.getSelectionModel().getSelectedItem() == tab;
                    if (!(got instanceof ArchiveSession s)) {
                        tabs.getTabs().remove(tab);
                        return;
                    }
                    if (!tabs.getTabs().contains(tab)) { // closed meanwhile
                        background.run(
                                () -> {
                                    s.close();
                                    return null;
                                },
                                null,
                                null);
                        return;
                    }
                    Tab fresh = addTab(s, tab);
                    if (front) tabs.getSelectionModel().select(fresh);
                    status.setMessage("");
                }));
    }

    private void updateVerifyRunning() {
        anyVerify.set(
                views().stream().anyMatch(v -> v.verifier().runningProperty().get()));
    }

    private void tabChanged() {
        ArchiveView v = current();
        if (v == null) {
            status.setFile("no archive open", "");
            stage.setTitle("Vitrine");
            return;
        }
        ArchiveSession s = v.session();
        int parts = s.archive().files().size();
        status.setFile(
                s.archive().format().displayName(),
                parts > 1
                        ? Human.count(parts) + " files"
                        : Human.size(s.archive().source().size()) + " ("
                                + Human.count(s.archive().source().size()) + " bytes)");
        stage.setTitle(s.path().getFileName() + " — Vitrine");
    }

    private void remember(Path path) {
        settings.recent = RecentFiles.add(settings.recent, path.toAbsolutePath().toString());
        welcome.setRecent(settings.recent);
        saveSettings();
    }

    void clearRecent() {
        settings.recent = new ArrayList<>();
        welcome.setRecent(settings.recent);
        saveSettings();
    }

    private void saveSettings() {
        Settings snapshot = settings.copy();
        background.run(
                () -> {
                    store.save(snapshot);
                    return null;
                },
                null,
                null);
    }

    void openDialog() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Open archives");
        List<String> exts = new ArrayList<>();
        for (var f : FormatRegistry.get().formats()) for (String e : f.extensions()) exts.add("*." + e);
        if (!exts.isEmpty()) fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Archives", exts));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("All files", "*"));
        if (!settings.recent.isEmpty()) {
            File dir = new File(settings.recent.getFirst()).getParentFile();
            if (dir != null && dir.isDirectory()) fc.setInitialDirectory(dir);
        }
        List<File> files = fc.showOpenMultipleDialog(stage);
        if (files != null) open(files.stream().map(File::toPath).toList());
    }

    /** A folder: a multi-file archive (a format claims its layout) or the archives inside it. */
    void openFolderDialog() {
        javafx.stage.DirectoryChooser dc = new javafx.stage.DirectoryChooser();
        dc.setTitle("Open folder");
        if (!settings.recent.isEmpty()) {
            File dir = new File(settings.recent.getFirst()).getParentFile();
            if (dir != null && dir.isDirectory()) dc.setInitialDirectory(dir);
        }
        File folder = dc.showDialog(stage);
        if (folder != null) open(List.of(folder.toPath()));
    }

    void verify() {
        ArchiveView v = current();
        if (v != null) v.verifier().start();
        else banner.info("Open an archive to verify it");
    }

    void cancelVerify() {
        ArchiveView v = current();
        if (v != null) v.verifier().cancel();
    }

    void export() {
        ArchiveView v = current();
        if (v != null) v.export();
    }

    void find() {
        ArchiveView v = current();
        if (v != null) v.hex().focusFind();
    }

    void goTo() {
        ArchiveView v = current();
        if (v != null) v.hex().focusGoTo();
    }

    void closeTab() {
        Tab t = tabs.getSelectionModel().getSelectedItem();
        if (t == null) return;
        tabs.getTabs().remove(t);
        ((ArchiveView) t.getContent()).dispose();
    }

    void quit() {
        rememberGeometry();
        stage.close();
        javafx.application.Platform.exit();
    }
}
