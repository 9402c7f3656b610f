package dev.vitrine.app.ui;

/**
 * A URL being opened in the background, which Cancel stops: its thread is interrupted, which
 * ends the request in flight (the JDK's client aborts it and the transport is closed) and the
 * pauses between retries. A server that never answers held the open for a minute otherwise.
 */
final class PendingOpen {
    final String address;
    private Thread thread;
    private boolean cancelled;

    PendingOpen(String address) {
        this.address = address;
    }

    /** Call first thing on the thread that opens. */
    synchronized void started() {
        thread = Thread.currentThread();
        if (cancelled) thread.interrupt();
    }

    /** Call last on that thread: a pool thread must not keep the interrupt for the next job. */
    synchronized void finished() {
        thread = null;
        Thread.interrupted();
    }

    synchronized void cancel() {
        cancelled = true;
        if (thread != null) thread.interrupt();
    }

    synchronized boolean cancelled() {
        return cancelled;
    }
}
