package dev.vitrine.app.ui.remote;

import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.Human;
import dev.vitrine.core.remote.RemoteSource;
import javafx.concurrent.Task;
import javafx.concurrent.Worker;

/**
 * What a verify or export of a remote archive has fetched since it started, and how fast, for
 * its progress text; and its Cancel reaching the network: the requests in flight and the
 * read-ahead stop, so a cancelled job does not go on downloading. Local archives get neither.
 */
public final class RemoteTransfer {
    private final RemoteSource source;
    private final long startBytes;
    private final long startNanos = System.nanoTime();

    private RemoteTransfer(RemoteSource source) {
        this.source = source;
        this.startBytes = source == null ? 0 : source.object().stats().bytes();
    }

    /** A local archive's: no text, nothing to stop. */
    public static final RemoteTransfer NONE = new RemoteTransfer(null);

    /** Starts counting for {@code session}'s archive (nothing for a local one). */
    public static RemoteTransfer start(ArchiveSession session) {
        return new RemoteTransfer(session.remote());
    }

    /** For a job over {@code source} alone (a hex Find): stops its reads when it is cancelled. */
    public static RemoteTransfer of(dev.vitrine.core.io.ByteSource source) {
        return source instanceof RemoteSource r ? new RemoteTransfer(r) : NONE;
    }

    /** Whether the archive is read over the network. */
    public boolean remote() {
        return source != null;
    }

    /** " · 12.3 MB fetched · 4.5 MB/s" since the start, or "" for a local archive. */
    public String text() {
        if (source == null) return "";
        long bytes = source.object().stats().bytes() - startBytes;
        double secs = Math.max(1e-3, (System.nanoTime() - startNanos) / 1e9);
        return " · " + Human.size(bytes) + " fetched · " + Human.size((long) (bytes / secs)) + "/s";
    }

    /** Stops the archive's requests in flight, off the caller's thread (closing a body may wait on the network). */
    public void stop() {
        if (source != null) Thread.ofVirtual().name("vitrine-cancel-reads").start(source.object()::cancelReads);
    }

    /** Stops the requests in flight when {@code task} is cancelled; returns it. */
    public <T extends Task<?>> T stopOnCancel(T task) {
        if (source != null)
            task.stateProperty().addListener((o, was, now) -> {
                if (now == Worker.State.CANCELLED) stop();
            });
        return task;
    }
}
