package dev.vitrine.app.ui.jsonrecords;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.concurrent.BackgroundJob;
import dev.vitrine.core.model.FilterableRecords;
import java.util.concurrent.atomic.AtomicLong;
import javafx.animation.Timeline;

/**
 * One filter scan: slices of the records tested on the long lane, matches appended as found.
 * Cancelling stops it between records; it then ends as if finished, with what it found.
 */
final class RecordScan {
    /** Records scanned between progress reports. */
    static final long SLICE = 32_768;

    final FilterableRecords.Query query;
    final Matches matches = new Matches();
    final AtomicLong scanned = new AtomicLong();
    private final BackgroundJob<Void> job;
    /** Set on the FX thread when the scan has ended. */
    boolean finished;

    Throwable failure;
    /** Whether its first match has been chosen (the JSON pane shows it). */
    boolean firstShown;

    Timeline timeline;

    RecordScan(FilterableRecords records, long total, FilterableRecords.Query query) {
        this.query = query;
        this.job = new BackgroundJob<>(null, c -> {
            for (long from = 0; from < total && !c.cancelled(); from += SLICE) {
                long to = Math.min(total, from + SLICE);
                long got = records.scan(
                        query,
                        from,
                        to,
                        i -> {
                            matches.add(i);
                            return !c.cancelled();
                        },
                        c::cancelled);
                scanned.set(got);
            }
            return null;
        });
    }

    /** Starts on the long lane; {@code ended} runs on the FX thread once it has stopped. */
    void start(Background background, Runnable ended) {
        job.setOnSucceeded(e -> {
            finished = true;
            ended.run();
        });
        job.setOnFailed(e -> {
            finished = true;
            failure = background.failed(job.getException()); // the archive's tab sees it first
            ended.run();
        });
        background.executor().execute(job);
    }

    void cancel() {
        job.stop();
    }

    boolean cancelled() {
        return job.stopRequested();
    }
}
