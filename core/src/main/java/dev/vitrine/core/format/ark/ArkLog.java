package dev.vitrine.core.format.ark;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.rbuf.Guid;
import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufDecoder;
import dev.vitrine.core.rbuf.RbufException;
import dev.vitrine.core.rbuf.RbufFile;
import dev.vitrine.core.rbuf.RbufIr;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * One manifest and the log it describes: decoded with the IR in its own trailer, its sections,
 * columns, objects (channels), splits and metadata, the visibility the sections' acceptance
 * filters give (D18), the channel table from the split indexes (D17) and the time-ordered
 * merge of all splits' messages (D20, D21).
 */
public final class ArkLog implements TimedMessages {
    /** Index entries read at once by a merge cursor, per split. */
    static final int CHUNK = 512;

    final ArkArchive archive;
    final FileRef ref;
    final List<Problem> problems = new ArrayList<>();
    RbufFile file;
    RbufIr ir;
    RValue.Obj manifest;
    Guid logId = Guid.ZERO;
    Guid commonId = Guid.ZERO;
    String name = "";
    final List<Section> sections = new ArrayList<>();
    final Map<String, String> metadata = new LinkedHashMap<>();
    private List<ChannelInfo> channelTable;
    private List<Hidden> hiddenTable;

    public record Section(int index, Guid originalLog, ArkQuery filter, List<Column> columns) {}

    public static final class Column {
        public final int section;
        public final int index;
        public final String name;
        public final String compression;
        public final ArkCodec codec;
        public final List<ArkChannel> objects = new ArrayList<>();
        public final List<SplitDecl> splits = new ArrayList<>();
        /** Order of this column among all of the log's columns (sections, then columns): D21 ties. */
        int order;

        Column(int section, int index, String name, String compression) {
            this.section = section;
            this.index = index;
            this.name = name;
            this.compression = compression;
            this.codec = ArkCodec.of(compression);
        }

        ArkChannel object(Guid id) {
            for (ArkChannel c : objects) if (c.guid.equals(id)) return c;
            return null;
        }
    }

    public record Stat(Guid object, long count, long bytes) {}

    public record SplitDecl(Column column, int position, Guid guid, FileRef ref, List<Stat> statistics) {}

    ArkLog(ArkArchive archive, FileRef ref, ByteSource src, Limits limits) {
        this.archive = archive;
        this.ref = ref;
        try {
            file = RbufFile.parse(ArkFormat.reader(src), limits.maxMetadataBytes());
        } catch (RbufException e) {
            problems.add(Problem.error(ref, e.offset(), "manifest is not an rbuf serializable file: " + e.detail()));
            return;
        } catch (IOException e) {
            problems.add(Problem.error(ref, 0, "cannot read the manifest: " + e.getMessage()));
            return;
        }
        try {
            ir = RbufIr.parse(file.irJson());
        } catch (IllegalArgumentException e) {
            problems.add(Problem.error(ref, file.irOffset(), "manifest schema IR: " + e.getMessage()));
            return;
        }
        try {
            if (file.contentSize() > limits.maxMetadataBytes())
                throw new RbufException(0, "manifest content over the limit");
            byte[] content = src.read(0, (int) file.contentSize());
            RbufDecoder d = new RbufDecoder(ir, content, 0, content.length, limits.maxDepth(), limits.maxEntries());
            manifest = d.readObject(file.typeName());
            if (d.remaining() != 0) {
                problems.add(Problem.error(ref, d.position(), d.remaining() + " bytes left after the manifest value"));
            }
        } catch (RbufException e) {
            problems.add(
                    Problem.error(ref, e.offset(), "manifest does not decode against its trailer IR: " + e.detail()));
            return;
        } catch (IOException e) {
            problems.add(Problem.error(ref, 0, "cannot read the manifest: " + e.getMessage()));
            return;
        }
        model();
    }

    private void model() {
        logId = guid(manifest.get("log_identifier"));
        commonId = guid(manifest.get("common_identifier"));
        name = string(manifest.get("name"));
        if (manifest.get("metadata") instanceof RValue.Obj md && md.get("entries") instanceof RValue.Dict d) {
            for (var e : d.entries())
                metadata.put(dev.vitrine.core.rbuf.RbufJson.keyText(e.getKey()), string(e.getValue()));
        }
        int order = 0;
        for (RValue sv : list(manifest.get("sections"))) {
            if (!(sv instanceof RValue.Obj so)) continue;
            int si = sections.size();
            List<Column> cols = new ArrayList<>();
            for (RValue cv : list(so.get("columns"))) {
                if (!(cv instanceof RValue.Obj co)) continue;
                Column c = new Column(si, cols.size(), string(co.get("name")), string(co.get("compression_type")));
                c.order = order++;
                for (RValue ov : list(co.get("object_types"))) {
                    if (!(ov instanceof RValue.Obj oo)) continue;
                    c.objects.add(new ArkChannel(
                            c,
                            string(oo.get("name")),
                            string(oo.get("type_identifier")),
                            guid(oo.get("identifier")),
                            string(oo.get("schema_registry")),
                            oo.get("latched") instanceof RValue.Bool b && b.value()));
                }
                for (RValue pv : list(co.get("splits"))) {
                    if (!(pv instanceof RValue.Obj po)) continue;
                    List<Stat> stats = new ArrayList<>();
                    for (RValue st : list(po.get("statistics"))) {
                        if (st instanceof RValue.Obj s)
                            stats.add(new Stat(
                                    guid(s.get("object_identifier")),
                                    integer(s.get("message_count")),
                                    integer(s.get("total_bytes"))));
                    }
                    Guid g = guid(po.get("split_identifier"));
                    c.splits.add(new SplitDecl(c, c.splits.size(), g, FileRef.of("splits/" + g), stats));
                }
                cols.add(c);
            }
            sections.add(
                    new Section(si, guid(so.get("original_log_identifier")), query(so.get("acceptance_filter")), cols));
        }
        // D18: data of section i is visible iff the filters of sections i+1..n-1 all accept it.
        for (Section s : sections) {
            for (Column c : s.columns()) {
                for (ArkChannel ch : c.objects) {
                    boolean byName = true;
                    long min = Long.MIN_VALUE;
                    long max = Long.MAX_VALUE;
                    for (int k = s.index() + 1; k < sections.size(); k++) {
                        ArkQuery q = sections.get(k).filter();
                        if (ch.hiddenBySection < 0 && !q.isAcceptAll()) ch.hiddenBySection = k;
                        byName &= q.acceptsChannel(ch.name);
                        min = Math.max(min, q.minimumTime());
                        max = Math.min(max, q.maximumTime());
                    }
                    ch.visibleByName = byName;
                    ch.visibleMin = min;
                    ch.visibleMax = max;
                }
            }
        }
    }

    static ArkQuery query(RValue v) {
        if (!(v instanceof RValue.Obj q)) return ArkQuery.ACCEPT_ALL;
        List<String> allow = new ArrayList<>();
        for (RValue s : list(q.get("message_allow_list"))) allow.add(string(s));
        RValue min = q.get("minimum_time");
        RValue max = q.get("maximum_time");
        return new ArkQuery(min == null ? 0 : integer(min), max == null ? Long.MAX_VALUE : integer(max), allow);
    }

    static List<RValue> list(RValue v) {
        return v instanceof RValue.Arr a ? a.items() : List.of();
    }

    static String string(RValue v) {
        return v instanceof RValue.Str s ? s.value() : "";
    }

    static long integer(RValue v) {
        return switch (v) {
            case RValue.Int i -> i.bits();
            case RValue.Enum e -> e.bits();
            case null, default -> 0;
        };
    }

    static Guid guid(RValue v) {
        return v instanceof RValue.GuidValue g ? g.value() : Guid.ZERO;
    }

    public FileRef ref() {
        return ref;
    }

    public boolean readable() {
        return manifest != null;
    }

    public List<Section> sections() {
        return sections;
    }

    public Map<String, String> metadata() {
        return metadata;
    }

    public List<Problem> problems() {
        return problems;
    }

    public String name() {
        return name;
    }

    public Guid logId() {
        return logId;
    }

    List<Column> columns() {
        List<Column> out = new ArrayList<>();
        for (Section s : sections) out.addAll(s.columns());
        return out;
    }

    List<ArkChannel> objects() {
        List<ArkChannel> out = new ArrayList<>();
        for (Column c : columns()) out.addAll(c.objects);
        return out;
    }

    List<SplitDecl> splits() {
        List<SplitDecl> out = new ArrayList<>();
        for (Column c : columns()) out.addAll(c.splits);
        return out;
    }

    /** Channel rate as ark-logtool's RATE (our choice, not pinned): (count - 1) over the first-to-last span, 0 when undefined. */
    static double rateHz(long count, long min, long max) {
        return count > 1 && max > min ? (count - 1) * 1e9 / (max - min) : 0.0;
    }

    @Override
    public synchronized List<ChannelInfo> channels() throws IOException {
        if (channelTable == null) keep(ArkIndexScan.run(this, false));
        return channelTable;
    }

    @Override
    public synchronized List<Hidden> hidden() throws IOException {
        channels();
        return hiddenTable;
    }

    /** The timeline's overview from one pass over the split indexes (the density is not kept here: the caller holds it). */
    @Override
    public Overview overview() throws IOException {
        ArkIndexScan.Result r = ArkIndexScan.run(this, true);
        synchronized (this) {
            if (channelTable == null) keep(r);
        }
        return new Overview(r.channels(), r.hidden(), r.density(), r.spans());
    }

    /**
     * Where the log starts (what the tree's times are offset from, as the timeline's axis), or
     * {@code Long.MAX_VALUE} when unknown; reads the indexes once, as {@link #channels()} does.
     */
    synchronized long startNs() {
        try {
            return TimedMessages.firstNs(channels(), hidden());
        } catch (IOException e) {
            return Long.MAX_VALUE; // damage is reported where the indexes are read
        }
    }

    private void keep(ArkIndexScan.Result r) {
        channelTable = r.channels();
        hiddenTable = r.hidden();
    }

    /** Short id -> channel for one split of a column (null where unmapped, not in the column, or not wanted). */
    ArkChannel[] shortIds(SplitDecl sd, ArkSplit sp, Set<String> wanted) {
        return shortIds(sd, sp, wanted, false);
    }

    /** As {@link #shortIds(SplitDecl, ArkSplit, Set)}; with {@code includeHidden}, channels hidden by name too. */
    ArkChannel[] shortIds(SplitDecl sd, ArkSplit sp, Set<String> wanted, boolean includeHidden) {
        ArkChannel[] map = new ArkChannel[256];
        for (ArkSplit.Mapping m : sp.mappings()) {
            if (m.shortId() < 0 || m.shortId() > 255 || map[m.shortId()] != null) continue;
            ArkChannel ch = sd.column().object(m.object());
            if (ch == null || (!ch.visibleByName && !includeHidden)) continue;
            if (wanted != null && !wanted.contains(ch.name)) continue;
            map[m.shortId()] = ch;
        }
        return map;
    }

    @Override
    public Cursor messages(Collection<String> channels, long startNs, long stopNs) throws IOException {
        Set<String> wanted = channels == null || channels.isEmpty() ? null : new HashSet<>(channels);
        List<Run> runs = new ArrayList<>();
        List<Problem> cursorProblems = new ArrayList<>();
        int order = 0;
        for (SplitDecl sd : splits()) {
            order++;
            ArkSplit sp = archive.split(sd.ref());
            if (sp == null) continue;
            runs.add(new Run(sd, sp, shortIds(sd, sp, wanted), order));
        }
        // D20: for each latched channel, its last visible message with time < start, in time order.
        List<ArkMessage> replay = new ArrayList<>();
        Map<String, Object[]> best = new LinkedHashMap<>();
        for (Run r : runs) {
            long pos = r.split.lowerBound(startNs);
            Set<ArkChannel> pendingLatched = new HashSet<>();
            for (ArkChannel c : r.map) if (c != null && c.latched) pendingLatched.add(c);
            for (long i = pos - 1; i >= 0 && !pendingLatched.isEmpty(); i -= CHUNK) {
                long from = Math.max(0, i - CHUNK + 1);
                List<ArkSplit.Entry> es = r.split.entries(from, (int) (i - from + 1));
                for (int k = es.size() - 1; k >= 0; k--) {
                    ArkSplit.Entry e = es.get(k);
                    ArkChannel ch = r.map[e.object()];
                    if (ch == null || !pendingLatched.contains(ch) || e.timeNs() >= startNs || !ch.visible(e.timeNs()))
                        continue;
                    pendingLatched.remove(ch);
                    Object[] cur = best.get(ch.name);
                    if (cur == null || before((ArkSplit.Entry) cur[1], (Run) cur[0], e, r))
                        best.put(ch.name, new Object[] {r, e, ch});
                }
            }
            r.position = pos;
        }
        for (Object[] b : best.values())
            replay.add(new ArkMessage(this, (Run) b[0], (ArkChannel) b[2], (ArkSplit.Entry) b[1], true));
        replay.sort(Comparator.<ArkMessage>comparingLong(m -> m.entry.timeNs())
                .thenComparingInt(m -> m.run.order)
                .thenComparingLong(m -> m.entry.index()));
        return new Merge(runs, replay, startNs, stopNs, cursorProblems);
    }

    private static boolean before(ArkSplit.Entry a, Run ra, ArkSplit.Entry b, Run rb) {
        if (a.timeNs() != b.timeNs()) return a.timeNs() < b.timeNs();
        if (ra.order != rb.order) return ra.order < rb.order;
        return a.index() < b.index();
    }

    /** One split's entries as a merge input, read a chunk at a time. */
    static final class Run {
        final SplitDecl decl;
        final ArkSplit split;
        final ArkChannel[] map;
        /** D21 ties: section, column, split position in its column (splits() lists them in that order). */
        final int order;

        long position;
        List<ArkSplit.Entry> chunk = List.of();
        int inChunk;
        ArkSplit.Entry head;

        Run(SplitDecl decl, ArkSplit split, ArkChannel[] map, int order) {
            this.decl = decl;
            this.split = split;
            this.map = map;
            this.order = order;
        }
    }

    final class Merge implements Cursor {
        private final PriorityQueue<Run> heap = new PriorityQueue<>(Comparator.<Run>comparingLong(r -> r.head.timeNs())
                .thenComparingInt(r -> r.order)
                .thenComparingLong(r -> r.head.index()));
        private final List<ArkMessage> replay;
        private int replayAt;
        private final long start;
        private final long stop;
        private final List<Problem> problems;
        private ArkMessage next;

        Merge(List<Run> runs, List<ArkMessage> replay, long start, long stop, List<Problem> problems)
                throws IOException {
            this.replay = replay;
            this.start = start;
            this.stop = stop;
            this.problems = problems;
            for (Run r : runs) if (advance(r)) heap.add(r);
        }

        /** Moves {@code r} to its next wanted entry inside [start, stop]; false when it has none. */
        private boolean advance(Run r) {
            while (true) {
                if (r.inChunk >= r.chunk.size()) {
                    if (r.position >= r.split.entryCount()) return false;
                    try {
                        r.chunk = r.split.entries(r.position, CHUNK);
                    } catch (IOException e) {
                        Problem p = Problem.error(
                                r.split.ref(),
                                r.split.indexOffset() + r.position * ArkSchemas.INDEX_ENTRY_SIZE,
                                "cannot read the index: " + e.getMessage());
                        problems.add(p);
                        archive.met(p); // the rest of this split is skipped: said after the output
                        return false;
                    }
                    r.position += r.chunk.size();
                    r.inChunk = 0;
                    if (r.chunk.isEmpty()) return false;
                }
                ArkSplit.Entry e = r.chunk.get(r.inChunk++);
                if (e.timeNs() > stop) return false; // sorted by time: nothing later is wanted
                ArkChannel ch = r.map[e.object()];
                if (ch == null || e.timeNs() < start || !ch.visible(e.timeNs())) continue;
                r.head = e;
                return true;
            }
        }

        @Override
        public boolean hasNext() {
            if (next != null) return true;
            if (replayAt < replay.size()) {
                next = replay.get(replayAt++);
                return true;
            }
            Run r = heap.poll();
            if (r == null) return false;
            next = new ArkMessage(ArkLog.this, r, r.map[r.head.object()], r.head, false);
            if (advance(r)) heap.add(r);
            return true;
        }

        @Override
        public ArkMessage next() {
            if (!hasNext()) throw new NoSuchElementException();
            ArkMessage m = next;
            next = null;
            return m;
        }

        @Override
        public List<Problem> problems() {
            return problems;
        }

        @Override
        public void close() {
            heap.clear();
        }
    }
}
