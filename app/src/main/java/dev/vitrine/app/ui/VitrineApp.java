package dev.vitrine.app.ui;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.settings.SettingsStore;
import dev.vitrine.app.ui.trace.PulseMonitor;
import dev.vitrine.app.ui.trace.Trace;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

/**
 * The JavaFX application: opens the main window on the files asked for (or the samples), or,
 * with --screenshot, renders it once everything has loaded, saves a PNG and exits.
 */
public final class VitrineApp extends Application {
    private Background background;

    @Override
    public void start(Stage stage) {
        Trace.log("toolkit started");
        if (Trace.ON) new PulseMonitor().start();
        LaunchOptions opts = LaunchOptions.parse(getParameters().getRaw().toArray(String[]::new));
        background = Background.create();
        boolean shot = opts.screenshot() != null;
        MainWindow w = new MainWindow(
                stage,
                shot ? SettingsStore.none() : SettingsStore.user(),
                background,
                shot || opts.dark() ? opts.dark() : null,
                shot || opts.width() != LaunchOptions.DEFAULT_WIDTH ? opts.width() : -1,
                shot || opts.height() != LaunchOptions.DEFAULT_HEIGHT ? opts.height() : -1);
        if (opts.noSignRequest())
            w.setRemoteOptions(new dev.vitrine.core.location.RemoteOptions(
                    List.of(), true, null, dev.vitrine.core.remote.RemoteSettings.DEFAULT));
        w.show();
        List<Path> files = opts.filesOrSamples();
        if (files.isEmpty() && opts.files().isEmpty() && opts.urls().isEmpty()) {
            w.notifier().info("No samples folder found: open an archive with File > Open or drop one here");
        }
        CompletableFuture<Void> opened = w.open(files);
        for (String url : opts.urls())
            opened = opened.thenCompose(v -> w.openUrl(url)).thenApply(t -> null);
        if (shot) screenshot(w, opts, opened);
        else OpenRequests.attach(dev.vitrine.app.instance.SingleInstance.claimed(), w);
    }

    private void screenshot(MainWindow w, LaunchOptions opts, CompletableFuture<Void> opened) {
        Trace.log("window shown");
        opened.whenComplete((v, e) -> Trace.log("opened"));
        opened.thenCompose(v -> Settler.whenSettled(w, Duration.ofSeconds(60)))
                .thenCompose(ok -> {
                    Trace.log("settled " + ok);
                    ArchiveView v = w.current();
                    if (v != null && opts.show() != null) {
                        // Any view's tab by its id (records, index, index-keys, …); fields, or a tab the archive lacks,
                        // shows the fields.
                        if (opts.show().equals("fields") || !v.details().select("tab-" + opts.show()))
                            v.details().selectFields();
                    }
                    if (v != null && opts.select() >= 0) v.selection().selectByte(opts.select());
                    CompletableFuture<Void> zoomed = CompletableFuture.completedFuture(null);
                    if (v != null && opts.timeWindow() != null) {
                        dev.vitrine.app.ui.timeline.TimelinePane p =
                                dev.vitrine.app.ui.timeline.TimelineTab.of(v.details());
                        if (p != null) zoomed = p.showWindow(opts.timeWindow()[0], opts.timeWindow()[1]);
                    }
                    if (v != null && opts.verify()) {
                        v.verifier().start();
                        return zoomed.thenCompose(x -> Settler.whenSettled(w, Duration.ofSeconds(120)));
                    }
                    return zoomed.thenCompose(x -> Settler.whenSettled(w, Duration.ofSeconds(30)));
                })
                .whenComplete((ok, err) -> Platform.runLater(() -> {
                    Trace.log("settled again " + ok);
                    int code = 0;
                    try {
                        if (err != null) throw err;
                        if (!ok) System.err.println("vitrine: the window did not settle in time; saving it as it is");
                        Path out = Screenshot.save(w.scene(), opts.screenshot());
                        System.out.println(out);
                        Trace.log("saved");
                    } catch (Throwable e) {
                        System.err.println("vitrine: could not save the screenshot: " + Human.error(e));
                        code = 1;
                    }
                    background.shutdown();
                    Platform.exit();
                    System.exit(code);
                }));
    }

    @Override
    public void stop() {
        var server = dev.vitrine.app.instance.SingleInstance.claimed();
        if (server != null) server.close();
        if (background != null) background.shutdown();
    }
}
