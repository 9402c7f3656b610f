package dev.vitrine.core.export;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.verify.CancelledException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes chosen contents under a folder, keeping their relative names. Generic over
 * {@link Content}, so CAF, DataBundle and the UI's drag-out share it. Guarantees:
 * <ul>
 *   <li>nothing is written outside the folder: names go through {@link EntryPathPolicy}, paths
 *       are resolved under the folder's real path, and symbolic links met on the way are not
 *       followed (the entry is refused); on Linux files are written relative to folder handles,
 *       so a folder swapped for a link during the export is not followed either ({@link ExportFolder});</li>
 *   <li>with {@link #readingFrom}, nothing is written into the archive being read ({@link ExportTarget});</li>
 *   <li>every file is streamed to a temp file beside its final place and then renamed, so no
 *       half-written file appears under a real name, even on cancel or error;</li>
 *   <li>an existing file is replaced only with {@link ExportOptions#overwrite()}; otherwise the
 *       entry is reported as skipped, also when the file appears while the entry is written
 *       (the final rename never replaces);</li>
 *   <li>on Windows, names Windows cannot hold (reserved device names such as {@code AUX},
 *       {@code <>:"|?*}, a trailing dot or space) are refused, see {@link EntryPathPolicy};</li>
 *   <li>entries whose stored bytes ({@link Content#stored()}) overlap an earlier entry's are
 *       refused unless {@link ExportOptions#allowOverlaps()}, and reported either way: an
 *       archive whose entries all point at the same megabyte would otherwise write gigabytes;</li>
 *   <li>the export writes at most {@link ExportOptions#maxOutputBytes()} bytes in all (counted as
 *       written, so compressed content is covered); an entry that would pass it stops the export
 *       before a byte of it is written, and the report says so ({@link ExportReport#stop()}); an
 *       entry of {@link Content#UNKNOWN_SIZE} stops it once it passes, and is not kept;</li>
 *   <li>two entries whose paths clash (the same path, or a file {@code a} beside {@code a/b})
 *       cannot both be written: the later one is refused and names the earlier;</li>
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
    private final ExportTarget target;

    /** Names are judged for the system we run on ({@link EntryPathPolicy#forThisSystem()}). */
    public Exporter(ExportOptions options, ExportProgress progress, AtomicBoolean cancel) {
        this(options, progress, cancel, EntryPathPolicy.forThisSystem());
    }

    public Exporter(ExportOptions options, ExportProgress progress, AtomicBoolean cancel, EntryPathPolicy policy) {
        this(options, progress, cancel, policy, null);
    }

    /** {@code publisher} null: one chosen for this system at each export. */
    Exporter(
            ExportOptions options,
            ExportProgress progress,
            AtomicBoolean cancel,
            EntryPathPolicy policy,
            TempFile.Publisher publisher) {
        this(options, progress, cancel, policy, publisher, ExportTarget.ANY);
    }

    private Exporter(
            ExportOptions options,
            ExportProgress progress,
            AtomicBoolean cancel,
            EntryPathPolicy policy,
            TempFile.Publisher publisher,
            ExportTarget target) {
        this.target = target;
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
     * This exporter, refusing to write into the archive at {@code archive}, the local file or
     * folder the contents are read from ({@link ExportTarget}): a destination that is or lies
     * inside it, or that would put an entry onto one of its files, fails the export before
     * anything is written. Null (an archive read over the network): no such check.
     */
    public Exporter readingFrom(Path archive) {
        return new Exporter(
                options,
                progress,
                cancel,
                policy,
                publisher,
                archive == null ? ExportTarget.ANY : ExportTarget.excluding(archive));
    }

    /**
     * Exports {@code contents} (each under its {@link Content#name()}) into {@code folder},
     * creating the folder if needed.
     *
     * @throws IOException only when the folder itself cannot be created or resolved
     */
    public ExportReport export(List<? extends Content> contents, Path folder) throws IOException {
        return export(contents, folder, List.of());
    }

    /**
     * Bytes of the archive that entries not being exported hold: an entry exported on its own
     * still overlaps them (and is refused unless overlaps are allowed), as verify would say.
     */
    public record Claim(String name, ByteRange stored) {}

    /**
     * As {@link #export(List, Path)}, for a selection: {@code others} are the archive's other
     * entries, which the chosen ones must not overlap either.
     */
    public ExportReport export(List<? extends Content> contents, Path folder, List<Claim> others) throws IOException {
        target.check(folder, contents, policy);
        ExportFolder dest = ExportFolder.open(folder);
        ExportReport.Builder report = new ExportReport.Builder();
        long total = 0;
        // The others first: of two entries with the same bytes, the one exported is flagged.
        List<ByteRange> stored = new ArrayList<>(others.size() + contents.size());
        for (Claim o : others) stored.add(o.stored() == null ? ByteRange.NONE : o.stored());
        for (Content c : contents) {
            total += Math.max(0, safeSize(c));
            stored.add(safeStored(c));
        }
        int[] all = Overlaps.find(stored);
        int skip = others.size();
        int[] covering = new int[contents.size()];
        for (int i = 0; i < covering.length; i++) covering[i] = all[skip + i];
        stored = stored.subList(skip, stored.size());
        Run run = new Run(
                dest,
                new ContentCopier(cancel),
                publisher != null ? publisher : TempFile.Publisher.forThisSystem(),
                report,
                total);
        try {
            for (int i = 0; i < contents.size(); i++) {
                if (cancel.get()) throw new CancelledException();
                Content c = contents.get(i);
                String overlap = null;
                if (covering[i] >= 0) {
                    int k = covering[i];
                    overlap = k < skip
                            ? overlapText(
                                    stored.get(i),
                                    others.get(k).name(),
                                    others.get(k).stored())
                            : overlapText(stored.get(i), contents.get(k - skip).name(), stored.get(k - skip));
                }
                try {
                    exportOne(c, stored.get(i), overlap, run);
                } catch (OutputLimitReached stop) {
                    report.stop = new ExportReport.Stop(
                            c.name(), offsetOf(stored.get(i)), stop.getMessage(), contents.size() - i);
                    break;
                }
            }
        } catch (CancelledException e) {
            report.cancelled = true;
        } finally {
            run.copier.releaseAll();
            dest.close();
        }
        progress.progress(run.done, total, null);
        return report.build();
    }

    /** What one export carries from entry to entry. */
    private static final class Run {
        final ExportFolder dest;
        final ContentCopier copier;
        final TempFile.Publisher publish;
        final ExportReport.Builder report;
        final long total;
        /** Relative paths written (or being written) as files, and the entry that claimed each. */
        final Map<String, String> files = new HashMap<>();
        /** Relative paths some entry needs as a folder, and the first such entry. */
        final Map<String, String> folders = new HashMap<>();
        /** Progress, in bytes; a failed entry counts as done. */
        long done;
        /** Bytes actually written, the failed entries' partial bytes included: what the output limit counts. */
        long copied;

        Run(
                ExportFolder dest,
                ContentCopier copier,
                TempFile.Publisher publish,
                ExportReport.Builder report,
                long total) {
            this.dest = dest;
            this.copier = copier;
            this.publish = publish;
            this.report = report;
            this.total = total;
        }
    }

    private void exportOne(Content c, ByteRange stored, String overlap, Run run) {
        String name = c.name();
        ExportReport.Builder report = run.report;
        EntryPathPolicy.Decision d = policy.check(name);
        if (d instanceof EntryPathPolicy.Refused r) {
            report.refused.add(new ExportReport.Refused(name, r.reason(), offsetOf(stored)));
            return;
        }
        if (overlap != null) {
            long at = offsetOf(stored);
            if (!options.allowOverlaps()) {
                String why = overlap
                        + "; not exported, since entries that share bytes let an archive expand far beyond its size (allow overlaps to export it anyway)";
                report.refused.add(new ExportReport.Refused(name, why, at));
                report.overlaps.add(new ExportReport.Overlap(name, at, overlap, false));
                return;
            }
        }
        EntryPathPolicy.Safe safe = (EntryPathPolicy.Safe) d;
        // Two entries cleaning to one path (duplicate names, a//b beside a/b): the archive is
        // ambiguous, so the later one is refused rather than silently replacing the first.
        String duplicate = run.files.get(safe.relative());
        if (duplicate != null) {
            report.refused.add(new ExportReport.Refused(
                    name, "another entry in this export is also written as " + safe.relative(), offsetOf(stored)));
            return;
        }
        String clash = clash(safe, name, run);
        if (clash != null) {
            report.failed.add(new ExportReport.Failed(name, clash));
            return;
        }
        long size = Math.max(0, safeSize(c));
        if (size > options.maxOutputBytes() - run.copied) {
            throw new OutputLimitReached("writing its " + size + " bytes" + storedAt(stored)
                    + " would take the export to " + (run.copied + size) + " bytes, past the output limit of "
                    + options.maxOutputBytes() + " bytes");
        }
        ExportFolder.Placement p = run.dest.place(safe.segments());
        // Checked before the export, but a hard link or another spelling can still reach the archive.
        if (p instanceof ExportFolder.Exists(Path there, Path thereAt) && target.holds(there, true)
                || p instanceof ExportFolder.Ready(Path free, Path freeAt) && target.holds(free, false)) {
            p = new ExportFolder.Refused(target.heldReason());
        }
        int exportedBefore = report.exported.size();
        switch (p) {
            case ExportFolder.Refused r ->
                report.refused.add(new ExportReport.Refused(name, r.reason(), offsetOf(stored)));
            case ExportFolder.Failed f -> report.failed.add(new ExportReport.Failed(name, f.reason()));
            case ExportFolder.Exists e
            when !options.overwrite() ->
                report.skipped.add(new ExportReport.Skipped(
                        name, e.target(), "already exists; not replaced without the overwrite option"));
            case ExportFolder.Exists e -> write(c, name, e.target(), e.at(), safe, run);
            case ExportFolder.Ready r -> write(c, name, r.target(), r.at(), safe, run);
        }
        if (overlap != null && report.exported.size() > exportedBefore) {
            report.overlaps.add(new ExportReport.Overlap(name, offsetOf(stored), overlap, true));
        }
    }

    /**
     * Why {@code safe}'s path cannot be written beside what earlier entries of this export
     * claimed: a path some entry needs as a folder ({@code a} after {@code a/b}), or a path
     * under one written as a file ({@code a/b} after {@code a}). The archive holds a file and a
     * folder of one name, which no file system can; the later entry is the one that fails,
     * named with the earlier, before anything is written. Null when it can; the path is then
     * claimed.
     */
    private static String clash(EntryPathPolicy.Safe safe, String name, Run run) {
        String rel = safe.relative();
        String child = run.folders.get(rel);
        if (child != null) {
            return EntryPathPolicy.quote(rel) + " is a folder in this export (entry " + EntryPathPolicy.quote(child)
                    + " is in it), so a file of the same name cannot be written";
        }
        List<String> segs = safe.segments();
        StringBuilder prefix = new StringBuilder(rel.length());
        for (int i = 0; i < segs.size() - 1; i++) {
            if (i > 0) prefix.append('/');
            prefix.append(segs.get(i));
            String file = run.files.get(prefix.toString());
            if (file != null) {
                return "its folder " + EntryPathPolicy.quote(prefix.toString()) + " is a file in this export (entry "
                        + EntryPathPolicy.quote(file) + "), so it cannot be written";
            }
        }
        run.files.put(rel, name);
        prefix.setLength(0);
        for (int i = 0; i < segs.size() - 1; i++) {
            if (i > 0) prefix.append('/');
            prefix.append(segs.get(i));
            run.folders.putIfAbsent(prefix.toString(), name);
        }
        return null;
    }

    /** Writes {@code c} through {@code at} (pinned to its folder's handle where there is one), reported as {@code target}. */
    private void write(Content c, String name, Path target, Path at, EntryPathPolicy.Safe safe, Run run) {
        long before = run.done;
        ExportReport.Builder report = run.report;
        try (TempFile tmp = TempFile.beside(at)) {
            long n = run.copier.copy(c, tmp.channel(), bytes -> {
                run.done += bytes;
                run.copied += bytes;
                // The size was checked before; this catches content that writes more than it said.
                if (run.copied > options.maxOutputBytes()) {
                    throw new OutputLimitReached(
                            c.size() == Content.UNKNOWN_SIZE
                                    ? "writing it took the export past the output limit of " + options.maxOutputBytes()
                                            + " bytes"
                                    : "it wrote more than its declared size, taking the export past the output limit of "
                                            + options.maxOutputBytes() + " bytes");
                }
                progress.progress(run.done, run.total, name);
            });
            if (tmp.publish(at, options.overwrite(), run.publish)) {
                report.exported.add(new ExportReport.Exported(name, target, n, safe.notes()));
                report.bytes += n;
            } else {
                report.skipped.add(new ExportReport.Skipped(name, target, "appeared while exporting; not replaced"));
            }
        } catch (CancelledException | OutputLimitReached e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            run.done = before + Math.max(0, safeSize(c));
            // Name the folder as the user knows it, not by its handle.
            String why =
                    dev.vitrine.core.text.Messages.describe(e).replace(at.getParent() + "/", target.getParent() + "/");
            report.failed.add(new ExportReport.Failed(name, why));
        }
    }

    /** The output limit stopped the export at the current entry; the message says why. */
    private static final class OutputLimitReached extends RuntimeException {
        OutputLimitReached(String message) {
            super(message, null, false, false);
        }
    }

    private static String overlapText(ByteRange mine, String otherName, ByteRange other) {
        return "its bytes at offset " + mine.offset() + " [" + mine.offset() + ", " + mine.end()
                + ") overlap those of entry " + EntryPathPolicy.quote(otherName) + " [" + other.offset() + ", "
                + other.end() + ")";
    }

    private static String storedAt(ByteRange r) {
        return r.isNone() ? "" : " (stored at offset " + r.offset() + ")";
    }

    private static long offsetOf(ByteRange r) {
        return r.isNone() ? -1 : r.offset();
    }

    private static ByteRange safeStored(Content c) {
        try {
            ByteRange r = c.stored();
            return r == null ? ByteRange.NONE : r;
        } catch (RuntimeException e) {
            return ByteRange.NONE;
        }
    }

    private static long safeSize(Content c) {
        try {
            return c.size();
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /**
     * {@code report} of an export of every file, with the archive's stored folders made too (as
     * `vitrine export` makes them when no entry is named); each folder not made is a failure.
     */
    public static ExportReport withStoredFolders(ExportReport report, FileListing listing, Path folder)
            throws IOException {
        List<String> names = new ArrayList<>();
        for (FileListing.Entry e : listing.listing()) if (e.isFolder()) names.add(e.name());
        if (names.isEmpty() || report.cancelled() || report.stop() != null) return report;
        List<ExportReport.Failed> failed = new ArrayList<>(report.failed());
        for (String line : makeFolders(names, folder)) failed.add(new ExportReport.Failed(line, "folder not made"));
        return new ExportReport(
                report.exported(),
                report.skipped(),
                report.refused(),
                List.copyOf(failed),
                report.bytes(),
                report.cancelled(),
                report.overlaps(),
                report.stop());
    }

    /**
     * Makes the empty folders an archive stores as entries of their own (DataBundle), under
     * {@code folder}, by the same name policy and link rules as files: a name the policy refuses,
     * or a link on the way, is refused, never followed. Returns one line per folder not made.
     */
    public static List<String> makeFolders(List<String> names, Path folder) throws IOException {
        List<String> notMade = new ArrayList<>();
        try (ExportFolder f = ExportFolder.open(folder)) {
            for (String name : names) {
                switch (EntryPathPolicy.decide(name)) {
                    case EntryPathPolicy.Refused r -> notMade.add(EntryPathPolicy.quote(name) + ": " + r.reason());
                    case EntryPathPolicy.Safe s -> {
                        // Placing a name inside the folder makes the folder itself, link-checked level by level.
                        List<String> inside = new ArrayList<>(s.segments());
                        inside.add("folder-probe");
                        switch (f.place(inside)) {
                            case ExportFolder.Refused r -> notMade.add(EntryPathPolicy.quote(name) + ": " + r.reason());
                            case ExportFolder.Failed x -> notMade.add(EntryPathPolicy.quote(name) + ": " + x.reason());
                            default -> {
                                /* made, or already a plain folder */
                            }
                        }
                    }
                }
            }
        }
        return notMade;
    }
}
