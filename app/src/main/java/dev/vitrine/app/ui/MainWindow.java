package dev.vitrine.app.ui;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.remote.OpenUrlDialog;
import dev.vitrine.app.ui.settings.RecentFiles;
import dev.vitrine.app.ui.settings.Settings;
import dev.vitrine.app.ui.settings.SettingsStore;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.app.ui.status.StatusBar;
import dev.vitrine.core.format.FormatRegistry;
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
    private final ArchiveTabs archiveTabs;
    private final TabPane tabs;
    private final ArchiveOpener opener;
    private final Banner banner = new Banner();
    private final StatusBar status;
    private final ThemeSwitch theme;
    private final WelcomePane welcome;
    private final BorderPane frame = new BorderPane();
    private final Scene scene;

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
        StyleWarmUp.start(scene);
        welcome = new WelcomePane(this::openDialog, this::openUrlDialog, p -> open(List.of(p)));
        welcome.setRecent(settings.recent);
        archiveTabs = new ArchiveTabs(background, jobs, banner, theme, () -> stage, settings);
        tabs = archiveTabs.pane();
        opener = new ArchiveOpener(archiveTabs, background, banner, status, this::remember, this::rememberUrl);
        // after the open that found a prefix has finished its turn: the dialog waits in a nested loop
        opener.setOnPrefix(url -> javafx.application.Platform.runLater(() -> openUrlDialog(url)));
        MainMenus menus = new MainMenus(this);
        frame.setTop(new VBox(menus.menuBar(), menus.toolBar()));
        frame.setCenter(welcome);
        frame.setBottom(status);
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, t) -> tabChanged());
        tabs.getTabs().addListener((javafx.collections.ListChangeListener<Tab>) c -> {
            if (tabs.getTabs().isEmpty()) welcome.setRecent(settings.recent); // as it comes back
            frame.setCenter(tabs.getTabs().isEmpty() ? welcome : tabs);
            if (tabs.getTabs().isEmpty()) tabChanged();
        });
        FileDrop.install(scene, this::open, this::openUrl);
        // Ctrl+V that no text field took (a field pastes into itself and consumes it) opens the clipboard's address
        scene.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (MainMenus.PASTE.match(e)) {
                openFromClipboard();
                e.consume();
            }
        });
        archiveTabs.installKeys(scene);
        // Esc that nothing else took (a field, a popup) stops the URLs being opened
        scene.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE && opener.cancelOpens()) e.consume();
        });
        // What the shown remote archive has cost so far, refreshed each second (counters only: no I/O here).
        // A running animation is held by the toolkit's timer: it stops itself once the stage shows
        // another scene, or every window ever built on that stage would be kept with its archives.
        javafx.animation.Timeline remoteStats = new javafx.animation.Timeline();
        remoteStats.getKeyFrames().add(new javafx.animation.KeyFrame(javafx.util.Duration.seconds(1), e -> {
            if (stage.getScene() != scene) remoteStats.stop();
            else showRemoteStats();
        }));
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
        return archiveTabs.verifyRunning();
    }

    /** The archive in front, or null. */
    public ArchiveView current() {
        return archiveTabs.current();
    }

    public List<ArchiveView> views() {
        return archiveTabs.views();
    }

    /**
     * Opens {@code paths} (files, or folders of archives), each archive in a tab. Completes when
     * every one has opened or failed (with a one-line message in the banner).
     */
    public CompletableFuture<Void> open(List<Path> paths) {
        return opener.open(paths);
    }

    /**
     * Opens the archive at {@code url} (http(s)://, s3://) in a tab, in the background.
     * Completes on the FX thread with the tab, or null when it could not be opened (the banner
     * says why in one line).
     */
    public CompletableFuture<Tab> openUrl(String url) {
        return opener.openUrl(url);
    }

    /** Opens the clipboard's http(s):// or s3:// address (or files) as a drop of it would. */
    void openFromClipboard() {
        if (!FileDrop.paste(javafx.scene.input.Clipboard.getSystemClipboard(), this::open, this::openUrl))
            banner.info("The clipboard holds no http://, https:// or s3:// address to open");
    }

    /** Remembers a URL for File > Open URL…, unless it carries a secret (a presigned signature, a password). */
    private void rememberUrl(String url) {
        if (!Redact.url(url).equals(url)) return;
        settings.recentUrls = RecentFiles.add(settings.recentUrls, url);
        saveSettings();
    }

    /** How the window reaches remote archives: the command line's --no-sign-request, or tests' endpoint. */
    public void setRemoteOptions(dev.vitrine.core.location.RemoteOptions options) {
        opener.setRemoteOptions(options);
    }

    void openUrlDialog() {
        openUrlDialog(null);
    }

    /** File > Open URL…, listing {@code prefix} (an s3:// prefix that is not an archive) when not null. */
    void openUrlDialog(String prefix) {
        OpenUrlDialog d = new OpenUrlDialog(stage, settings.recentUrls, background, opener.remoteOptions());
        if (prefix != null) d.listNotAnArchive(prefix);
        d.show().ifPresent(url -> {
            opener.setRemoteOptions(d.options());
            openUrl(url);
        });
    }

    /** Shows an archive opened elsewhere (an embedding, a test) in a new tab, in front. */
    public Tab show(ArchiveSession session) {
        Tab t = archiveTabs.add(session, null);
        tabs.getSelectionModel().select(t);
        return t;
    }

    void showRemoteStats() {
        ArchiveView v = current();
        dev.vitrine.core.remote.RemoteSource r = v == null ? null : v.session().remote();
        if (r == null) {
            status.setRemote("");
            return;
        }
        var st = r.object().stats();
        String requests = Human.count(st.requests()) + (st.requests() == 1 ? " request" : " requests");
        // short in the bar (1024 px holds it beside an offset and a verify's progress), whole on hover
        status.setRemote(
                requests + " · " + Human.size(st.bytes()) + " · " + Human.count(st.hits()) + " hits",
                "remote: " + requests + " · " + Human.size(st.bytes()) + " fetched · " + Human.count(st.hits())
                        + " cache hits");
    }

    private void tabChanged() {
        ArchiveView v = current();
        status.inspector()
                .follow(
                        v == null ? null : v.hex().hex(),
                        v == null ? null : v.tree().view());
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
        stage.setTitle(s.title() + " — Vitrine");
    }

    private void remember(Path path) {
        settings.recent = RecentFiles.add(settings.recent, path.toAbsolutePath().toString());
        // The welcome page is about to give way to the archive's tab: its list is brought up to date
        // when it comes back (new links' CSS was a few ms more in the frame that builds the tab).
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

    /** The toolbar's Cancel and Esc: an open in progress first (it holds no tab yet), else the verify in front. */
    void cancel() {
        if (!opener.cancelOpens()) cancelVerify();
    }

    /** Whether the toolbar's Cancel has something to stop. */
    javafx.beans.binding.BooleanExpression cancellable() {
        return archiveTabs.verifyRunning().or(opener.openingProperty());
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
        archiveTabs.closeCurrent();
    }

    void quit() {
        rememberGeometry();
        stage.close();
        javafx.application.Platform.exit();
    }
}
