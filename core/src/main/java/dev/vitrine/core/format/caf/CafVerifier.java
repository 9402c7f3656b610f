package dev.vitrine.core.format.caf;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.verify.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The full check of a CAF chunk, beyond what opening found (the engine reports open problems
 * first, so they are not repeated here). The references check only format_version; we check
 * what a reader and an export depend on:
 * <ul>
 *   <li>the index is strict UTF-8 (error);</li>
 *   <li>per entry (error unless noted): usable start/end numbers, start <= end, end inside
 *       the data section, a safe name (odd but cleanable names are warnings);</li>
 *   <li>duplicate names, e.g. repeated JSON keys (error: Go and JavaScript keep the last one,
 *       so one file silently disappears);</li>
 *   <li>a name that is both a file and a folder of other entries ({@code a} beside
 *       {@code a/b}; error: no file system holds both, so export writes only one);</li>
 *   <li>overlapping entries (error) and data bytes no entry covers (warning: wasted space,
 *       or an entry lost from the index).</li>
 * </ul>
 * Progress is counted in entries, three passes' worth; cancellation is checked every 1024.
 */
final class CafVerifier {
    private static final int CHECK_EVERY = 1024;

    private final CafArchive archive;
    private final String file;

    CafVerifier(CafArchive archive) {
        this.archive = archive;
        this.file = archive.source().name();
    }

    void run(VerifyContext ctx) throws IOException {
        CafLayout layout = archive.layout();
        if (layout == null) return; // footer damage: already reported at open, nothing more to place
        ctx.checkCancelled();
        checkUtf8(ctx, layout);
        List<CafEntry> entries = archive.index().entries();
        long total = 3L * entries.size();
        long done = 0;
        for (CafEntry e : entries) {
            for (Problem p : CafEntryChecks.check(e, file, layout.dataEnd())) ctx.report(p);
            if (++done % CHECK_EVERY == 0) tick(ctx, done, total);
        }
        done = checkDuplicates(ctx, entries, done, total);
        checkFolderClashes(ctx, entries);
        checkCoverage(ctx, layout, done, total);
        ctx.progress(total, total);
    }

    private void tick(VerifyContext ctx, long done, long total) {
        ctx.checkCancelled();
        ctx.progress(done, total);
    }

    private void checkUtf8(VerifyContext ctx, CafLayout layout) throws IOException {
        // If Jackson stopped at damage, that problem already names the offset.
        if (!archive.index().complete()) return;
        long bad = Utf8Check.firstInvalid(archive.source().segment(layout.indexStart(), layout.indexSize()));
        if (bad >= 0) ctx.report(Problem.error(file, layout.indexStart() + bad, "invalid UTF-8 in the index"));
    }

    private long checkDuplicates(VerifyContext ctx, List<CafEntry> entries, long done, long total) {
        Map<String, CafEntry> seen = new HashMap<>(entries.size() * 2);
        for (CafEntry e : entries) {
            CafEntry first = seen.putIfAbsent(e.name(), e);
            if (first != null) {
                ctx.report(Problem.error(file, e.keyOffset(), "entry " + EntryPathPolicy.quote(e.name())
                        + " appears again (first at offset " + first.keyOffset() + "); other readers keep only the last one"));
            }
            if (++done % CHECK_EVERY == 0) tick(ctx, done, total);
        }
        return done;
    }

    /**
     * Files whose name other entries use as a folder: one error per such file, at its key,
     * naming the first entry under it and how many more there are. Names are compared as
     * export writes them (cleaned; refused names are reported on their own already).
     */
    private void checkFolderClashes(VerifyContext ctx, List<CafEntry> entries) {
        Map<String, CafEntry> files = new HashMap<>(entries.size() * 2);
        for (CafEntry e : entries) {
            if (EntryPathPolicy.decide(e.name()) instanceof EntryPathPolicy.Safe s) files.putIfAbsent(s.relative(), e);
        }
        Map<CafEntry, CafEntry> firstChild = new java.util.LinkedHashMap<>();
        Map<CafEntry, Integer> children = new HashMap<>();
        for (CafEntry e : entries) {
            if (!(EntryPathPolicy.decide(e.name()) instanceof EntryPathPolicy.Safe s)) continue;
            String rel = s.relative();
            for (int slash = rel.indexOf('/'); slash >= 0; slash = rel.indexOf('/', slash + 1)) {
                CafEntry file = files.get(rel.substring(0, slash));
                if (file != null) {
                    firstChild.putIfAbsent(file, e);
                    children.merge(file, 1, Integer::sum);
                    break;
                }
            }
        }
        List<CafEntry> clashing = new ArrayList<>(firstChild.keySet());
        clashing.sort(Comparator.comparingInt(CafEntry::ordinal));
        for (CafEntry file : clashing) {
            CafEntry child = firstChild.get(file);
            int more = children.get(file) - 1;
            ctx.report(Problem.error(this.file, file.keyOffset(), "entry " + EntryPathPolicy.quote(file.name()) + " is a file, but entry "
                    + EntryPathPolicy.quote(child.name()) + (more > 0 ? " (and " + more + " more)" : "") + " needs it to be a folder;"
                    + " no file system holds both, so export writes only the first in data order"));
        }
    }

    /** Sweeps readable entries by start: overlaps are errors, bytes no entry covers are warnings. */
    private void checkCoverage(VerifyContext ctx, CafLayout layout, long done, long total) {
        List<CafEntry> sorted = new ArrayList<>();
        for (CafEntry e : archive.entriesInDataOrder()) if (archive.readable(e) && e.length() > 0) sorted.add(e);
        sorted.sort(Comparator.comparingLong(CafEntry::start).thenComparingLong(CafEntry::end));
        long covered = 0;
        CafEntry reach = null; // the entry that reaches furthest so far
        for (CafEntry e : sorted) {
            if (reach != null && e.start() < reach.end()) {
                ctx.report(Problem.error(file, e.start(), "entry " + EntryPathPolicy.quote(e.name()) + " [" + e.start() + ", " + e.end()
                        + ") overlaps entry " + EntryPathPolicy.quote(reach.name()) + " [" + reach.start() + ", " + reach.end() + ")"));
            } else if (e.start() > covered) {
                gap(ctx, covered, e.start());
            }
            if (reach == null || e.end() > reach.end()) reach = e;
            covered = Math.max(covered, e.end());
            if (++done % CHECK_EVERY == 0) tick(ctx, done, total);
        }
        if (covered < layout.dataEnd()) gap(ctx, covered, layout.dataEnd());
    }

    private void gap(VerifyContext ctx, long from, long to) {
        ctx.report(Problem.warning(file, from, (to - from) + " bytes of the data section at [" + from + ", " + to + ") belong to no entry"));
    }
}
