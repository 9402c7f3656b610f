package dev.vitrine.core.remote;

import java.io.InterruptedIOException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The pauses between one request's tries: growing with each try, or the server's Retry-After,
 * with jitter, all together within the settings' {@link RemoteSettings#retryWait()}. Five
 * retries each honouring a long Retry-After were six minutes before a command gave up.
 */
final class Backoff {
    private final long budgetMillis;
    private long spent;

    Backoff(RemoteSettings settings) {
        this.budgetMillis = settings.retryWait().toMillis();
    }

    /**
     * Waits before the try after {@code attempt} ({@code retryAfter} ms when the server said, else
     * -1); false, at once, when the wait would not fit in what is left of the budget.
     */
    boolean pause(int attempt, long retryAfter) throws InterruptedIOException {
        long base = retryAfter >= 0 ? retryAfter : Math.min(5_000, 100L << Math.min(attempt, 6));
        long left = budgetMillis - spent;
        if (base > left) return false;
        long wait = Math.min(left, base + ThreadLocalRandom.current().nextLong(Math.max(1, base / 2)));
        spent += wait;
        try {
            Thread.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("cancelled");
        }
        return true;
    }

    /** {@code reason}, saying the Retry-After that was not waited for, if that is why the tries stopped. */
    static String reason(String reason, long retryAfter) {
        return retryAfter < 0 ? reason : reason + " (it asks to retry after " + (retryAfter + 999) / 1000 + " s)";
    }
}
