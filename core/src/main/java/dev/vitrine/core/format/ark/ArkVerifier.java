package dev.vitrine.core.format.ark;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.rbuf.Guid;
import dev.vitrine.core.rbuf.RbufException;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Checks an Ark log: every manifest (serializable-file trailer and magic, decodable against its
 * IR), every split it names (present, at least 1024 bytes, header version and identifier, index
 * inside the file and within maximum_item_count, sorted by time, message ranges inside the file,
 * clear of header and index and of each other (D25), object ids mapped to type mappings and to
 * the column's objects, payloads that decompress within the limits and decode against their
 * schema with no bytes left (D13)), and the manifest's per-split statistics against the split.
 * Problems name the file and offset (D24).
 */
final class ArkVerifier {
    private final ArkArchive a;
    private final VerifyContext ctx;

    ArkVerifier(ArkArchive a, VerifyContext ctx) {
        this.a = a;
        this.ctx = ctx;
    }

    void run() throws IOException {
        // Problems found at open (missing splits among them) were reported by the VerifyEngine first.
        // A part (a node's bytes) is one file: its manifest's own checks, or the split it lies in, whole.
        long total = 0;
        for (ArkLog l : a.logs) for (ArkLog.SplitDecl sd : l.splits()) if (ctx.wantsFile(sd.ref())) total++;
        long done = 0;
        Set<FileRef> checkedFiles = new HashSet<>();
        java.util.List<String> checked = new java.util.ArrayList<>();
        for (ArkLog l : a.logs) {
            if (l.file != null && !ArkSchemas.MANIFEST.equals(l.file.typeName()) && ctx.wantsFile(l.ref)) {
                ctx.report(Problem.warning(
                        l.ref,
                        l.file.typeNameOffset(),
                        "trailer type is " + l.file.typeName() + ", not " + ArkSchemas.MANIFEST));
            }
            if (ctx.wantsFile(l.ref)) checked.add("manifest " + l.ref);
            for (ArkLog.SplitDecl sd : l.splits()) {
                if (!ctx.wantsFile(sd.ref())) continue;
                ctx.checkCancelled();
                ctx.progress(done++, total);
                ArkSplit s = a.split(sd.ref());
                if (s == null) {
                    // Found at open, and reported with those problems; or gone since.
                    if (!a.missingAtOpen.contains(sd.ref()))
                        err(l.ref, -1, "split " + sd.guid() + " named by the manifest is missing (" + sd.ref() + ")");
                    continue;
                }
                boolean first = checkedFiles.add(sd.ref());
                if (first) checked.add("split " + sd.ref());
                checkSplit(l, sd, s, first);
            }
        }
        ctx.progress(total, total);
        if (ctx.isPart())
            ctx.scope(
                    checked.isEmpty() ? "no manifest or split holds the part" : String.join(", ", checked),
                    "the other splits and manifests");
    }

    /** A byte range decoded as one channel's message. */
    private record Decoded(long offset, long size, ArkChannel channel) {}

    /** The last few ranges decoded and how each went ("" ok, else the failure's text), so aliases are not decoded again. */
    private final Map<Decoded, String> decoded = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Decoded, String> eldest) {
            return size() > 256;
        }
    };

    private void err(FileRef f, long offset, String msg) {
        ctx.report(Problem.error(f, offset, msg));
    }

    private void checkSplit(ArkLog log, ArkLog.SplitDecl sd, ArkSplit s, boolean fileChecks) throws IOException {
        FileRef f = s.ref();
        if (fileChecks) {
            for (Problem p : s.problems()) ctx.report(p);
            if (s.fileSize() < ArkSchemas.MIN_SPLIT_SIZE)
                err(
                        f,
                        s.fileSize(),
                        "split file is " + s.fileSize() + " bytes, shorter than " + ArkSchemas.MIN_SPLIT_SIZE);
        }
        if (s.formatVersion < 0) return; // header did not decode: reported above
        if (fileChecks) {
            if (s.formatVersion != ArkSchemas.SPLIT_FORMAT_VERSION) {
                ctx.report(Problem.error(
                                f,
                                1,
                                "split format_version " + s.formatVersion + ", expected "
                                        + ArkSchemas.SPLIT_FORMAT_VERSION)
                        .expecting(ArkSchemas.SPLIT_FORMAT_VERSION, s.formatVersion));
            }
            if (!sd.guid().equals(s.splitIdentifier)) {
                ctx.report(Problem.error(
                                f, 3, "split_identifier " + s.splitIdentifier + " is not the file's GUID " + sd.guid())
                        .expecting(sd.guid(), s.splitIdentifier));
            }
            if (s.indexedCount > s.maximumCount) {
                err(f, 23, "indexed_item_count " + s.indexedCount + " is over maximum_item_count " + s.maximumCount);
            }
            if (s.indexOffset < s.headerLength) err(f, 19, "index_offset " + s.indexOffset + " points into the header");
            long room = (s.fileSize() - Math.min(s.fileSize(), s.indexOffset)) / ArkSchemas.INDEX_ENTRY_SIZE;
            if (s.maximumCount > room && s.indexedCount <= room) {
                ctx.report(Problem.warning(
                        f,
                        27,
                        "maximum_item_count " + s.maximumCount + " reserves more index entries than the " + room
                                + " the file has room for at index_offset " + s.indexOffset));
            }
        }
        ArkChannel[] map = log.shortIds(sd, s, null);
        Map<Integer, ArkChannel> inColumn = new HashMap<>();
        Set<Integer> mappedIds = new HashSet<>();
        for (ArkSplit.Mapping m : s.mappings()) {
            if (!mappedIds.add(m.shortId())) err(f, m.offset(), "short id " + m.shortId() + " is mapped twice");
            ArkChannel ch = sd.column().object(m.object());
            if (ch == null)
                err(
                        f,
                        m.offset(),
                        "type mapping names object " + m.object() + ", which is not an object of column "
                                + sd.column().name);
            else inColumn.put(m.shortId(), ch);
        }
        long reserved = Math.max(
                        s.indexedCount,
                        Math.min(
                                s.maximumCount,
                                (s.fileSize() - Math.min(s.fileSize(), s.indexOffset)) / ArkSchemas.INDEX_ENTRY_SIZE))
                * ArkSchemas.INDEX_ENTRY_SIZE;
        long indexEnd = s.indexOffset + reserved;
        Map<Guid, long[]> counted = new LinkedHashMap<>();
        long n = s.entryCount();
        long[] ranges = new long[(int) Math.min(n, a.limits.maxEntries()) * 2];
        long previousTime = Long.MIN_VALUE;
        long limit = a.limits.maxBlockBytes();
        for (long from = 0; from < n; from += 1024) {
            ctx.checkCancelled();
            for (ArkSplit.Entry e : s.entries(from, 1024)) {
                long at = e.position();
                if (e.timeNs() < previousTime && fileChecks) {
                    err(
                            f,
                            at,
                            "index entry " + e.index() + " at time " + e.timeNs() + " is earlier than the one before ("
                                    + previousTime + "): not sorted");
                }
                previousTime = Math.max(previousTime, e.timeNs());
                if (e.flags() != 0 && fileChecks)
                    ctx.report(Problem.warning(
                            f,
                            at + 17,
                            "index entry " + e.index() + " has flags " + e.flags() + " (reserved, written 0)"));
                boolean inside = e.offset() <= s.fileSize() && e.size() <= s.fileSize() - e.offset();
                if (fileChecks) {
                    if (!inside) {
                        err(
                                f,
                                e.offset(),
                                "message of index entry " + e.index() + " [" + e.offset() + ", " + e.end()
                                        + ") runs past the end of the " + s.fileSize() + "-byte file");
                    } else if (e.offset() < Math.max(s.headerLength, 1)
                            || (e.offset() < indexEnd && e.end() > s.indexOffset && e.size() > 0)) {
                        err(
                                f,
                                e.offset(),
                                "message of index entry " + e.index() + " [" + e.offset() + ", " + e.end()
                                        + ") overlaps the " + (e.offset() < s.headerLength ? "header" : "index"));
                    }
                    if (e.index() < ranges.length / 2) {
                        ranges[(int) e.index() * 2] = e.offset();
                        ranges[(int) e.index() * 2 + 1] = e.end();
                    }
                }
                ArkChannel ch = inColumn.get(e.object());
                if (!mappedIds.contains(e.object())) {
                    err(
                            f,
                            at + 16,
                            "index entry " + e.index() + " names short id " + e.object()
                                    + ", which no type mapping has");
                    continue;
                }
                if (ch == null) continue; // reported with the mapping
                long[] c = counted.computeIfAbsent(ch.guid, k -> new long[2]);
                c[0]++;
                c[1] += e.size();
                if (!inside) continue;
                if (ch.ir() == null) {
                    err(log.ref, -1, "schema registry of channel " + ch.name + " does not parse: " + ch.irError());
                    continue;
                }
                // Bytes several entries name are decoded once (100,000 aliases of one megabyte
                // would otherwise decode 100 GB); the overlap itself is reported below.
                String failure = decoded.get(new Decoded(e.offset(), e.size(), ch));
                if (failure == null) {
                    failure = "";
                    ArkMessage m = new ArkMessage(log, new ArkLog.Run(sd, s, map, 0), ch, e, false);
                    try {
                        m.decode();
                    } catch (RbufException ex) {
                        failure = ": " + ex.detail();
                    } catch (IOException ex) {
                        failure = " (" + sd.column().codec.name().toLowerCase() + "): " + ex.getMessage();
                    }
                    decoded.put(new Decoded(e.offset(), e.size(), ch), failure);
                }
                if (!failure.isEmpty())
                    err(f, e.offset(), "message " + e.index() + " of " + ch.name + " @" + e.timeNs() + failure);
            }
        }
        if (fileChecks) overlaps(f, ranges, (int) Math.min(n, ranges.length / 2));
        // The manifest's per-split statistics against what the split holds.
        Map<Guid, ArkLog.Stat> stats = new LinkedHashMap<>();
        for (ArkLog.Stat st : sd.statistics()) stats.put(st.object(), st);
        for (var en : counted.entrySet()) {
            ArkLog.Stat st = stats.remove(en.getKey());
            ArkChannel ch = sd.column().object(en.getKey());
            String who = ch == null ? en.getKey().toString() : ch.name;
            if (st == null) {
                err(
                        log.ref,
                        -1,
                        "split " + sd.guid() + " holds " + en.getValue()[0] + " messages of " + who
                                + " that the manifest's statistics do not list");
            } else {
                if (st.count() != en.getValue()[0]) {
                    ctx.report(Problem.error(
                                    log.ref,
                                    -1,
                                    "statistics of split " + sd.guid() + " say " + st.count() + " messages of " + who
                                            + ", the split holds " + en.getValue()[0])
                            .expecting(st.count(), en.getValue()[0]));
                }
                if (st.bytes() != en.getValue()[1]) {
                    ctx.report(Problem.error(
                                    log.ref,
                                    -1,
                                    "statistics of split " + sd.guid() + " say " + st.bytes() + " bytes of " + who
                                            + ", the split holds " + en.getValue()[1])
                            .expecting(st.bytes(), en.getValue()[1]));
                }
            }
        }
        for (ArkLog.Stat st : stats.values()) {
            if (st.count() != 0)
                err(
                        log.ref,
                        -1,
                        "statistics of split " + sd.guid() + " list " + st.count() + " messages of " + st.object()
                                + " that the split does not hold");
        }
    }

    /** D25: no two index entries share bytes. */
    private void overlaps(FileRef f, long[] ranges, int n) {
        if (n < 2) return;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) order[i] = i;
        Arrays.sort(order, (x, y) -> Long.compare(ranges[x * 2], ranges[y * 2]));
        long end = Long.MIN_VALUE;
        int owner = -1;
        long ownerOffset = 0;
        int sameOwner = 0;
        for (int i : order) {
            long off = ranges[i * 2];
            long e = ranges[i * 2 + 1];
            if (e == off) continue;
            if (off < end) {
                // One damaged size can make an entry cover all that follow: name the first few, then count.
                if (++sameOwner <= 3)
                    err(
                            f,
                            off,
                            "message of index entry " + i + " [" + off + ", " + e + ") overlaps the one of entry "
                                    + owner);
            }
            if (e > end) {
                if (sameOwner > 3)
                    err(f, ownerOffset, (sameOwner - 3) + " more messages overlap the one of entry " + owner);
                end = e;
                owner = i;
                ownerOffset = off;
                sameOwner = 0;
            }
        }
        if (sameOwner > 3) err(f, ownerOffset, (sameOwner - 3) + " more messages overlap the one of entry " + owner);
    }
}
