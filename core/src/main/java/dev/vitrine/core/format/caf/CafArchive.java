package dev.vitrine.core.format.caf;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.format.AbstractArchive;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.IndexSort;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.text.Messages;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

/**
 * An opened CAF chunk. Opening reads the footer and parses the index once; entries are then
 * held in data order (sorted by start offset, never by key order, which differs between the
 * TypeScript and Go writers). Damage found on the way is in {@link #openProblems()}. Entries
 * are kept by column ({@link CafEntries}) and the lists handed out make their elements when
 * asked, so memory stays flat however many entries the index has (2,000,000 list in a 256 MB heap).
 *
 * <p>Everything CAF's verify can find is in the index, which opening has just read: so the
 * whole check is part of {@link #openProblems()}, and every command that opens a damaged chunk
 * (ls, info, export) knows it is damaged, not only verify. {@link #verify} has nothing left to
 * add. The check runs on the first call of {@link #openProblems()}, so opening and listing
 * stay as fast as parsing the index.
 */
public final class CafArchive extends AbstractArchive implements FileListing {
    private final CafLayout layout;
    private final CafIndex index;
    /** Footer and parse damage, found while opening. */
    private final List<Problem> parseProblems;
    /** {@link #parseProblems} and the index checks; made on first use. */
    private List<Problem> openProblems;
    /** Ordinals in data order. */
    private final int[] order;

    private final List<CafEntry> dataOrder;
    private final List<FileListing.Entry> listing;

    CafArchive(ArchiveFormat format, Path path, ByteSource src, Limits limits) {
        super(format, path, src);
        List<Problem> problems = new ArrayList<>();
        this.layout = CafLayout.read(src, limits, problems);
        this.index = layout == null ? null : CafIndexParser.parse(src, layout, limits);
        if (index != null) problems.addAll(index.problems());
        this.parseProblems = List.copyOf(problems);
        this.order = index == null ? new int[0] : sortByData(index.store(), layout.dataEnd());
        this.dataOrder = index == null ? List.of() : index.store().inOrder(order);
        this.listing = new Listing();
    }

    private List<Problem> checkIndex() {
        List<Problem> problems = new ArrayList<>(parseProblems);
        if (layout != null && index != null) {
            try {
                new CafVerifier(this).run(new VerifyContext(problems::add));
            } catch (IOException e) {
                problems.add(Problem.error(
                        source().name(), layout.indexStart(), "cannot read the index: " + Messages.reason(e)));
            }
        }
        return List.copyOf(problems);
    }

    /**
     * Ordinals of the readable entries by start (then index order), the unreadable ones after
     * them in index order: one int per entry, sorted without boxing.
     */
    private static int[] sortByData(CafEntries es, long dataEnd) {
        long[] key = new long[es.size()];
        for (int i = 0; i < key.length; i++) key[i] = es.readableIn(i, dataEnd) ? es.start(i) : Long.MAX_VALUE;
        return IndexSort.sorted(
                key.length, (a, b) -> key[a] != key[b] ? Long.compare(key[a], key[b]) : Integer.compare(a, b));
    }

    /** The file listing in data order, each entry made when asked for: nothing per entry is kept. */
    private final class Listing extends AbstractList<FileListing.Entry> implements RandomAccess {
        @Override
        public FileListing.Entry get(int i) {
            int k = order[i];
            CafEntries es = index.store();
            String name = es.name(k);
            if (!es.readableIn(k, layout.dataEnd())) return new FileListing.Entry(name, 0, ByteRange.NONE);
            long start = es.start(k);
            return new FileListing.Entry(name, es.end(k) - start, ByteRange.of(start, es.end(k) - start));
        }

        @Override
        public int size() {
            return order.length;
        }
    }

    boolean readable(CafEntry e) {
        return layout != null && e.readableIn(layout.dataEnd());
    }

    CafLayout layout() {
        return layout;
    }

    CafIndex index() {
        return index;
    }

    /** Entries in data order; unreadable entries last. */
    List<CafEntry> entriesInDataOrder() {
        return dataOrder;
    }

    Content contentOf(CafEntry e) {
        if (readable(e)) return CafEntryContent.of(e.name(), source(), e.start(), e.length());
        String why =
                layout == null ? "the archive has no readable index" : CafEntryChecks.rangeProblem(e, layout.dataEnd());
        return CafEntryContent.unreadable(
                e.name(), source(), e.keyOffset(), "entry " + EntryPathPolicy.quote(e.name()) + ": " + why);
    }

    @Override
    public List<FileListing.Entry> entries() {
        return listing;
    }

    @Override
    public Content content(FileListing.Entry entry) throws IOException {
        ByteRange r = entry.range();
        if (!r.isNone() && r.file().isMain() && layout != null && r.end() <= layout.dataEnd()) {
            return CafEntryContent.of(entry.name(), source(), r.offset(), r.length());
        }
        for (CafEntry e : dataOrder) {
            if (!readable(e) && e.name().equals(entry.name())) return contentOf(e);
        }
        return CafEntryContent.unreadable(
                entry.name(), source(), -1, "entry " + EntryPathPolicy.quote(entry.name()) + " is not in this archive");
    }

    @Override
    protected Node makeRoot() {
        return CafTree.root(this);
    }

    @Override
    public synchronized List<Problem> openProblems() {
        if (openProblems == null) openProblems = checkIndex();
        return openProblems;
    }

    /**
     * Only a missing, out-of-bounds or unparseable index stops reads. A missing or odd
     * format_version is reported as an error at open but the entries are still readable.
     */
    @Override
    public boolean unreadable() {
        return layout == null || index == null || !index.complete();
    }

    @Override
    public ObjectNode info() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("format", format().id());
        // Field names follow gocaf's `cafcli stats` (total_files, total_size, format_version).
        o.put("format_version", index == null ? null : index.formatVersion());
        o.put("total_files", index == null ? 0 : index.entries().size());
        o.put("total_size", source().size());
        if (layout != null) {
            o.put("data_size", layout.dataEnd());
            o.put("index_offset", layout.indexStart());
            o.put("index_size", layout.indexSize());
        }
        long content = 0;
        CafEntries es = index == null ? null : index.store();
        for (int k : order) if (es.readableIn(k, layout.dataEnd())) content += es.end(k) - es.start(k);
        o.put("content_size", content);
        o.put("problems_at_open", openProblems().size());
        return o;
    }

    @Override
    public void verify(VerifyContext ctx) {
        // The whole check ran at open (see the class comment); the engine has reported it.
        if (ctx.isPart()) new CafVerifier(this).runPart(ctx);
        else ctx.progress(1, 1);
    }
}
