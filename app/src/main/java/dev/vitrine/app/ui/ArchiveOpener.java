package dev.vitrine.app.ui;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.jsonrecords.FirstRecords;
import dev.vitrine.app.ui.status.StatusBar;
import dev.vitrine.app.ui.trace.Trace;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.remote.Redact;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import javafx.scene.control.Tab;

/**
 * Opens archives into the window's tabs, all reading in the background: paths and folders (in
 * parallel, the tabs in the order asked), URLs, and a tab again when its file changed under it.
 * Failures are one line in the banner.
 */
final class ArchiveOpener {
    private final ArchiveTabs tabs;
    private final Background background;
    private final Banner banner;
    private final StatusBar status;
    private final Consumer<Path> rememberPath;
    private final Consumer<String> rememberUrl;
    /** How remote archives are reached (the window's --no-sign-request, Open URL's "anonymous"). */
    private RemoteOptions remoteOptions = RemoteOptions.DEFAULT;
    /** Shows what is under an s3:// prefix that no format claims, for the user to choose from. */
    private Consumer<String> listPrefix = url -> {};
    /** URLs opening now, which the toolbar's Cancel and Esc stop (FX thread only). */
    private final java.util.List<PendingOpen> pending = new java.util.ArrayList<>();

    private final javafx.beans.property.BooleanProperty opening = new javafx.beans.property.SimpleBooleanProperty();

    ArchiveOpener(
            ArchiveTabs tabs,
            Background background,
            Banner banner,
            StatusBar status,
            Consumer<Path> rememberPath,
            Consumer<String> rememberUrl) {
        this.tabs = tabs;
        this.background = background;
        this.banner = banner;
        this.status = status;
        this.rememberPath = rememberPath;
        this.rememberUrl = rememberUrl;
        tabs.setOnReopen(this::reopen);
    }

    RemoteOptions remoteOptions() {
        return remoteOptions;
    }

    void setRemoteOptions(RemoteOptions options) {
        this.remoteOptions = options;
    }

    /** Whether a URL is being opened (Cancel follows it). */
    javafx.beans.property.ReadOnlyBooleanProperty openingProperty() {
        return opening;
    }

    /**
     * Stops every URL being opened: their requests end now, no tab comes of them, and the banner
     * says so. Whether there was any.
     */
    boolean cancelOpens() {
        if (pending.isEmpty()) return false;
        for (PendingOpen p : List.copyOf(pending)) {
            p.cancel();
            banner.info(p.address + ": open cancelled");
            done(p);
        }
        status.setMessage("");
        return true;
    }

    private void done(PendingOpen p) {
        pending.remove(p);
        opening.set(!pending.isEmpty());
    }

    void setOnPrefix(Consumer<String> listPrefix) {
        this.listPrefix = listPrefix;
    }

    /**
     * Opens {@code paths} (files, or folders of archives), each archive in a tab. Completes when
     * every one has opened or failed (with a one-line message in the banner).
     */
    CompletableFuture<Void> open(List<Path> paths) {
        CompletableFuture<Void> all = new CompletableFuture<>();
        background.run(
                () -> OpenPlan.of(paths, FormatRegistry.get()),
                plan -> {
                    for (String m : plan.messages()) banner.error(m);
                    // Open in parallel, add the tabs in the order asked for (one per pulse), the first one in front.
                    CompletableFuture<Tab> chain = CompletableFuture.completedFuture(null);
                    for (Path p : plan.archives()) {
                        CompletableFuture<Object> one = openOne(p);
                        chain = chain.thenCompose(first -> one.thenCompose(got -> {
                                    if (got instanceof ArchiveSession) rememberPath.accept(plan.recentFor(p));
                                    return got instanceof ArchiveSession s
                                            ? tabs.addInTurn(s).thenApply(t -> {
                                                releaseIfBehind(s);
                                                return t;
                                            })
                                            : CompletableFuture.completedFuture(got instanceof Tab t ? t : null);
                                })
                                .thenApply(t -> first != null ? first : t));
                    }
                    chain.whenComplete((first, e) -> {
                        if (first != null) tabs.select(first);
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
        Tab t = tabs.showing(path);
        return t != null ? CompletableFuture.completedFuture(t) : load(path);
    }

    /**
     * A tab opened behind another keeps nothing its archive decoded ahead (a folder of large
     * clp-s archives decoded and kept every one): it is read again when first shown. Called when
     * the tab is added and when the decoding ahead is done, whichever comes last.
     */
    private void releaseIfBehind(ArchiveSession s) {
        for (ArchiveView v : tabs.views())
            if (v.session() == s && !v.built()) s.archive().releaseCaches();
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
                            // when it is looked at (a failure shows where the records are read).
                            FirstRecords.ahead(s, background)
                                    .ifPresent(f -> f.thenCompose(FirstRecords::rows)
                                            .whenComplete((r, e) -> releaseIfBehind(s)));
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
    CompletableFuture<Tab> openUrl(String url) {
        String typed = url.strip();
        Location location;
        try {
            location = Locations.of(typed, remoteOptions);
        } catch (IllegalArgumentException e) {
            banner.error(Redact.url(typed) + ": " + e.getMessage());
            return CompletableFuture.completedFuture(null);
        }
        Tab open = tabs.showing(location.display());
        if (open != null) {
            tabs.select(open);
            return CompletableFuture.completedFuture(open);
        }
        status.setMessage("opening " + location.display() + "…");
        Trace.log("opening " + location.name());
        CompletableFuture<Tab> shown = new CompletableFuture<>();
        PendingOpen p = new PendingOpen(location.display());
        pending.add(p);
        opening.set(true);
        background.run(
                () -> {
                    p.started();
                    try {
                        return ArchiveSession.open(location);
                    } finally {
                        p.finished();
                    }
                },
                s -> {
                    done(p);
                    if (p.cancelled()) { // opened as the cancel came: nothing of it is kept
                        closeInBackground(s);
                        shown.complete(null);
                        return;
                    }
                    Tab t = tabs.add(s, null);
                    tabs.select(t);
                    for (String notice : location.notices()) banner.info(location.display() + ": " + notice);
                    rememberUrl.accept(typed);
                    if (pending.isEmpty()) status.setMessage("");
                    shown.complete(t);
                },
                err -> {
                    done(p);
                    if (pending.isEmpty()) status.setMessage("");
                    shown.complete(null);
                    if (p.cancelled()) return; // the banner said so when it was cancelled
                    Throwable t = err instanceof java.util.concurrent.CompletionException c && c.getCause() != null
                            ? c.getCause()
                            : err;
                    if (t instanceof FormatRegistry.UnclaimedFolderException
                            && typed.regionMatches(true, 0, "s3:", 0, 3))
                        listPrefix.accept(location.display()); // a bucket or prefix, not an archive: what is under it
                    else banner.error(failed(location, t));
                });
        return shown;
    }

    /** Closes a session no tab shows, off the FX thread (closing a remote one may wait on the network). */
    private void closeInBackground(ArchiveSession s) {
        background.run(
                () -> {
                    s.close();
                    return null;
                },
                null,
                null);
    }

    /** The window's line for a URL that did not open: named by its address (secrets left out), as the command line names it. */
    static String failed(Location location, Throwable t) {
        return t instanceof FormatRegistry.UnknownFormatException u
                ? location.display() + ": " + u.reason()
                : Human.error(t);
    }

    /**
     * The tab's file changed under it (or could not be read): closes its archive, then opens the
     * file again in the same place. The old tab stays until the new one replaces it, or goes
     * when the file can no longer be opened (the banner says why).
     */
    private void reopen(Tab tab) {
        ArchiveView old = ArchiveTabs.view(tab);
        var list = tabs.pane().getTabs();
        if (old.session().isRemote()) {
            // a remote archive opens again from its address, as a new tab in front
            String address = old.session().address();
            old.dispose().thenRun(() -> {
                list.remove(tab);
                openUrl(address);
            });
            return;
        }
        Path path = old.session().path();
        old.setDisable(true); // nothing of it can be read any more
        old.dispose()
                .thenRun(() -> load(path).thenAccept(got -> {
                    boolean front = tabs.inFront(tab);
                    if (!(got instanceof ArchiveSession s)) {
                        list.remove(tab);
                        return;
                    }
                    if (!list.contains(tab)) { // closed meanwhile
                        closeInBackground(s);
                        return;
                    }
                    Tab fresh = tabs.add(s, tab);
                    if (front) tabs.select(fresh);
                    status.setMessage("");
                }));
    }
}
