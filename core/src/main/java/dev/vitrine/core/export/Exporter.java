package dev.vitrine.core.export;

import dev.vitrine.core.model.Content;
import dev.vitrine.core.verify.CancelledException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes chosen contents under a folder, keeping their relative names. Generic over
 * {@link Content}, so CAF, DataBundle and the UI's drag-out share it. Guarantees:
 * <ul>
 *   <li>nothing is written outside the folder: names go through {@link EntryPathPolicy}, paths
 *       are resolved under the folder's real path, and symbolic links met on the way are not
 *       followed (the entry is refused);</li>
 *   <li>every file is streamed to a temp file beside its final place and then renamed, so no
 *       half-written file appears under a real name, even on cancel or error;</li>
 *   <li>an existing file is replaced only with {@link ExportOptions#overwrite()}; otherwise the
 *       entry is reported as skipped, also when the file appears while the entry is written
 *       (the final rename never replaces);</li>
 *   <li>on Windows, names Windows cannot hold (reserved device names such as {@code AUX},
 *       {@code <>:"|?*}, a trailing dot or space) are refused, see {@link EntryPathPolicy};</li>
 *   <li>one bad entry never stops the others: each outcome goes into the {@link ExportReport}.</li>
 * </ul>
 * Synchronous and blocking; run it off the UI thread. Cancel by setting {@code cancel}: the
 * entry being written is removed and the report says {@code cancelled}.
 */
public final class Exporter {
    private final ExportOptions options;
    private final ExportProgress progress;
    private final AtomicBoolean cancel;
    private final EntryPathPolicy policy;
    private final TempFile.Publisher publisher;

    /** Names are judged for the system we run on ({@link EntryPathPolicy#forThisSystem()}). */
    public Exporter(ExportOptions options, ExportProgress progress, AtomicBoolean cancel) {
        this(options, progress, cancel, EntryPathPolicy.forThisSystem());
    }

    public Exporter(ExportOptions options, ExportProgress progress, AtomicBoolean cancel, EntryPathPolicy policy) {
        this(options, progress, cancel, policy, null);
    }

    /** {@code publisher} null: one chosen for this system at each export. */
    Exporter(ExportOptions options, ExportProgress progress, AtomicBoolean cancel, EntryPathPolicy policy, TempFile.Publisher publisher) {
        this.options = options;
        this.progress = progress == null ? ExportProgress.NONE : progress;
        this.cancel = cancel == null ? new AtomicBoolean() : cancel;
        this.policy = policy;
        this.publisher = publisher;
    }

    public Exporter(ExportOptions options) {
        this(options, ExportProgress.NONE, new AtomicBoolean());
    }

    /**
     * Exports {@code contents} (each under its {@link Content#name()}) into {@code folder},
     * creating the folder if needed.
     *
     * @throws IOException only when the folder itself cannot be created or resolved
     */
    public ExportReport export(List<? extends Content> contents, Path folder) throws IOException {
        ExportFolder dest = ExportFolder.open(folder);
        ExportReport.Builder report = new ExportReport.Builder();
        long total = 0;
        for (Content c : contents) total += Math.max(0, safeSize(c));
        ContentCopier copier = new ContentCopier(cancel);
        TempFile.Publisher publish = publisher != null ? publisher : TempFile.Publisher.forThisSystem();
        Set<String> written = new HashSet<>();
        long[] done = {0};
        try {
            for (Content c : contents) {
                if (cancel.get()) throw new CancelledException();
                exportOne(c, dest, copier, publish, written, report, done, total);
            }
        } catch (CancelledException e) {
            report.cancelled = true;
        } finally {
            copier.releaseAll();
        }
        progress.progress(done[0], total, null);
        return report.build();
    }

    private void exportOne(Content c, ExportFolder dest, ContentCopier copier, TempFile.Publisher publish, Set<String> written,
                           ExportReport.Builder report, long[] done, long total) {
        String name = c.name();
        EntryPathPolicy.Decision d = policy.check(name);
        if (d instanceof EntryPathPolicy.Refused r) {
            report.refused.add(new ExportReport.Refused(name, r.reason()));
            return;
        }
        EntryPathPolicy.Safe safe = (EntryPathPolicy.Safe) d;
        // Two entries cleaning to one path (duplicate names, a//b beside a/b): the archive is
        // ambiguous, so the later one is refused rather than silently replacing the first.
        if (!written.add(safe.relative())) {
            report.refused.add(new ExportReport.Refused(name, "another entry in this export is also written as " + safe.relative()));
            return;
        }
        ExportFolder.Placement p = dest.place(safe.segments());
        switch (p) {
            case ExportFolder.Refused r -> report.refused.add(new ExportReport.Refused(name, r.reason()));
            case ExportFolder.Failed f -> report.failed.add(new ExportReport.Failed(name, f.reason()));
            case ExportFolder.Exists e when !options.overwrite() ->
                    report.skipped.add(new ExportReport.Skipped(name, e.target(), "already exists; not replaced without the overwrite option"));
            case ExportFolder.Exists e -> write(c, name, e.target(), safe, copier, publish, report, done, total);
            case ExportFolder.Ready r -> write(c, name, r.target(), safe, copier, publish, report, done, total);
        }
    }

    private void write(Content c, String name, Path target, EntryPathPolicy.Safe safe, ContentCopier copier, TempFile.Publisher publish,
                       ExportReport.Builder report, long[] done, long total) {
        long before = done[0];
        try (TempFile tmp = TempFile.beside(target)) {
            long n = copier.copy(c, tmp.channel(), bytes -> {
                done[0] += bytes;
                progress.progress(done[0], total, name);
            });
            if (tmp.publish(target, options.overwrite(), publish)) {
                report.exported.add(new ExportReport.Exported(name, target, n, safe.notes()));
                report.bytes += n;
            } else {
                report.skipped.add(new ExportReport.Skipped(name, target, "appeared while exporting; not replaced"));
            }
        } catch (CancelledException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            done[0] = before + Math.max(0, safeSize(c));
            report.failed.add(new ExportReport.Failed(name, dev.vitrine.core.io.Messages.describe(e)));
        }
    }

    private static long safeSize(Content c) {
        try {
            return c.size();
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
