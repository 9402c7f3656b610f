package dev.vitrine.core.format.caf;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.IndexSort;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.util.ArrayList;
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
        done = checkDuplicates(ctx, archive.index().store(), done, total);
        checkFolderClashes(ctx, archive.index().store());
        checkCoverage(ctx, layout, done, total);
        ctx.progress(total, total);
    }

    /**
     * A part. The whole index was checked at open ({@link CafArchive#openProblems()}) and the
     * engine has reported those findings placed inside the part; an entry's own findings are
     * placed at its key in the index, so for each entry whose data bytes meet the part they are
     * added here too. Nothing is left unchecked: the index is small and read whole at open.
     */
    void runPart(VerifyContext ctx) {
        CafLayout layout = archive.layout();
        if (layout == null) return;
        long n = 0;
        for (CafEntry e : archive.index().entries()) {
            if (e.start() < 0 || e.end() <= e.start() || !ctx.wants(FileRef.MAIN, e.start(), e.end())) continue;
            if (++n % CHECK_EVERY == 0) ctx.checkCancelled();
            for (Problem p : CafEntryChecks.check(e, file, layout.dataEnd()))
                if (!ctx.holds(p)) ctx.report(p); // inside: the engine reported it already
        }
        ctx.progress(1, 1);
        ctx.scope(
                n + (n == 1 ? " file's data" : " files' data")
                        + " in the part, with the findings of the index (checked whole when it was read) inside it",
                null);
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

    /**
     * Repeated names, each reported at its key with the offset of the first. Names are hashed
     * (one long per entry) and sorted by hash, and only names with equal hashes are compared:
     * no map of millions of strings.
     */
    private long checkDuplicates(VerifyContext ctx, CafEntries es, long done, long total) {
        int n = es.size();
        long[] hash = new long[n];
        for (int i = 0; i < n; i++) {
            hash[i] = hash(es.name(i));
            if (++done % CHECK_EVERY == 0) tick(ctx, done, total);
        }
        int[] first = new int[n];
        java.util.Arrays.fill(first, -1);
        int[] byHash = IndexSort.sorted(
                n, (a, b) -> hash[a] != hash[b] ? Long.compare(hash[a], hash[b]) : Integer.compare(a, b));
        forEachRun(byHash, hash, run -> {
            Map<String, Integer> seen = new HashMap<>();
            for (int k : run) { // ordinals ascending within a run
                Integer f = seen.putIfAbsent(es.name(k), k);
                if (f != null) first[k] = f;
            }
        });
        for (int i = 0; i < n; i++) {
            if (first[i] < 0) continue;
            ctx.report(Problem.error(
                    file,
                    es.keyOffset(i),
                    "entry " + EntryPathPolicy.quote(es.name(i)) + " appears again (first at offset "
                            + es.keyOffset(first[i]) + "); other readers keep only the last one"));
        }
        return done;
    }

    /** Calls {@code action} with each run of two or more positions of {@code sorted} whose hashes are equal. */
    private static void forEachRun(int[] sorted, long[] hash, java.util.function.Consumer<int[]> action) {
        for (int i = 0; i < sorted.length; ) {
            int j = i + 1;
            while (j < sorted.length && hash[sorted[j]] == hash[sorted[i]]) j++;
            if (j - i > 1) action.accept(java.util.Arrays.copyOfRange(sorted, i, j));
            i = j;
        }
    }

    /** FNV-1a over the chars: only a first sieve, equal hashes are compared as strings. */
    private static long hash(String s) {
        if (s == null) return 0;
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** The path export writes the entry to, or null when export refuses its name. */
    private static String relative(CafEntries es, int i) {
        return EntryPathPolicy.decide(es.name(i)) instanceof EntryPathPolicy.Safe s ? s.relative() : null;
    }

    /**
     * Files whose name other entries use as a folder: one error per such file, at its key,
     * naming the first entry under it and how many more there are. Names are compared as
     * export writes them (cleaned; refused names are reported on their own already), through
     * hashes as for duplicates.
     */
    private void checkFolderClashes(VerifyContext ctx, CafEntries es) {
        int n = es.size();
        long[] hash = new long[n];
        boolean anyFolder = false;
        for (int i = 0; i < n; i++) {
            String rel = relative(es, i);
            hash[i] = rel == null ? 0 : hash(rel);
            anyFolder |= rel != null && rel.indexOf('/') >= 0;
        }
        if (!anyFolder) return;
        int[] byHash = IndexSort.sorted(
                n, (a, b) -> hash[a] != hash[b] ? Long.compare(hash[a], hash[b]) : Integer.compare(a, b));
        Map<Integer, Integer> firstChild = new HashMap<>();
        Map<Integer, Integer> children = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String rel = relative(es, i);
            if (rel == null) continue;
            for (int slash = rel.indexOf('/'); slash >= 0; slash = rel.indexOf('/', slash + 1)) {
                int file = fileNamed(es, byHash, hash, rel.substring(0, slash));
                if (file >= 0) {
                    firstChild.putIfAbsent(file, i);
                    children.merge(file, 1, Integer::sum);
                    break;
                }
            }
        }
        List<Integer> clashing = new ArrayList<>(firstChild.keySet());
        clashing.sort(null);
        for (int f : clashing) {
            int more = children.get(f) - 1;
            ctx.report(Problem.error(
                    this.file,
                    es.keyOffset(f),
                    "entry " + EntryPathPolicy.quote(es.name(f)) + " is a file, but entry "
                            + EntryPathPolicy.quote(es.name(firstChild.get(f)))
                            + (more > 0 ? " (and " + more + " more)" : "") + " needs it to be a folder;"
                            + " no file system holds both, so export writes only the first in data order"));
        }
    }

    /** The first entry (by ordinal) export writes as {@code path}, or -1. */
    private static int fileNamed(CafEntries es, int[] byHash, long[] hash, String path) {
        long h = hash(path);
        int lo = 0, hi = byHash.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (hash[byHash[mid]] < h) lo = mid + 1;
            else hi = mid;
        }
        for (int k = lo; k < byHash.length && hash[byHash[k]] == h; k++) {
            if (path.equals(relative(es, byHash[k]))) return byHash[k];
        }
        return -1;
    }

    /** Sweeps readable entries by start: overlaps are errors, bytes no entry covers are warnings. */
    private void checkCoverage(VerifyContext ctx, CafLayout layout, long done, long total) {
        CafEntries es = archive.index().store();
        long dataEnd = layout.dataEnd();
        int count = 0;
        for (int i = 0; i < es.size(); i++) if (es.readableIn(i, dataEnd) && es.end(i) > es.start(i)) count++;
        int[] sorted = new int[count];
        count = 0;
        for (int i = 0; i < es.size(); i++)
            if (es.readableIn(i, dataEnd) && es.end(i) > es.start(i)) sorted[count++] = i;
        IndexSort.sort(
                sorted,
                (a, b) -> es.start(a) != es.start(b)
                        ? Long.compare(es.start(a), es.start(b))
                        : es.end(a) != es.end(b) ? Long.compare(es.end(a), es.end(b)) : Integer.compare(a, b));
        long covered = 0;
        int reach = -1; // the entry that reaches furthest so far
        for (int e : sorted) {
            if (reach >= 0 && es.start(e) < es.end(reach)) {
                ctx.report(Problem.error(
                        file,
                        es.start(e),
                        "entry " + EntryPathPolicy.quote(es.name(e)) + " [" + es.start(e) + ", " + es.end(e)
                                + ") overlaps entry " + EntryPathPolicy.quote(es.name(reach)) + " [" + es.start(reach)
                                + ", " + es.end(reach) + ")"));
            } else if (es.start(e) > covered) {
                gap(ctx, covered, es.start(e));
            }
            if (reach < 0 || es.end(e) > es.end(reach)) reach = e;
            covered = Math.max(covered, es.end(e));
            if (++done % CHECK_EVERY == 0) tick(ctx, done, total);
        }
        if (covered < dataEnd) gap(ctx, covered, dataEnd);
    }

    private void gap(VerifyContext ctx, long from, long to) {
        ctx.report(Problem.warning(
                file,
                from,
                (to - from) + " bytes of the data section at [" + from + ", " + to + ") belong to no entry"));
    }
}
