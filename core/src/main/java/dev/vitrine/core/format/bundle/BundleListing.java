package dev.vitrine.core.format.bundle;

import dev.vitrine.core.format.bundle.BundleShards.Records;
import dev.vitrine.core.format.bundle.BundleShards.Shard;
import dev.vitrine.core.format.bundle.proto.BundleProtos.CompressionType;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A bundle's files as listings show them ({@code ls}, export), each with where its bytes lie in
 * its shard, and their contents.
 */
final class BundleListing {
    private final BundleCatalog catalog;
    private final BundleShards shards;
    private final BundleRecordReader reader;
    private List<FileListing.Entry> files;

    BundleListing(BundleCatalog catalog, BundleShards shards, BundleRecordReader reader) {
        this.catalog = catalog;
        this.shards = shards;
        this.reader = reader;
    }

    /** Regular files in data order (shard, then stream offset): the order records are read in, so export decodes each once. */
    synchronized List<FileListing.Entry> files() throws IOException {
        if (files != null) return files;
        List<CatEntry> found = new ArrayList<>();
        for (CatEntry e : catalog.entries()) if (e.isFile()) found.add(e);
        found.sort(Comparator.comparingLong((CatEntry e) -> e.meta().getShardIndex())
                .thenComparingLong(CatEntry::start));
        List<FileListing.Entry> out = new ArrayList<>();
        for (CatEntry e : found) out.add(listingEntry(e));
        return files = List.copyOf(out);
    }

    /** Files and folders in bytewise order of their full path, each with type, shard, offset and crc32c (files). */
    List<FileListing.Entry> filesAndFolders() throws IOException {
        List<FileListing.Entry> out = new ArrayList<>();
        for (CatEntry e : BundleCatalog.inPathOrder(catalog.entries()))
            if (e.isFile() || e.isDirectory()) out.add(listingEntry(e));
        return out;
    }

    /** Every entry, folders and unparseable ones too, in bytewise order of the full path (the writer's order), for `ls`. */
    List<BundleEntry> allEntries() throws IOException {
        List<BundleEntry> out = new ArrayList<>();
        for (CatEntry e : BundleCatalog.inPathOrder(catalog.entries())) out.add(BundleEntry.of(e));
        return out;
    }

    private FileListing.Entry listingEntry(CatEntry e) {
        BundleEntry b = BundleEntry.of(e);
        Map<String, Object> at = new LinkedHashMap<>();
        at.put("type", b.type());
        if (e.isFile()) {
            at.put("shard", b.shard());
            at.put("offset", b.offset());
            at.put("crc32c", b.crc32c());
        }
        return new FileListing.Entry(
                b.name(), e.isFile() ? b.size() : 0, e.isFile() ? fileRange(e) : ByteRange.NONE, at, e.rawPath());
    }

    /** The content of a listed file, found again by its name in the index. */
    Content content(FileListing.Entry entry) throws IOException {
        byte[] key = entry.nameBytes() != null
                ? BundleLayout.fileKey(entry.nameBytes())
                : BundleLayout.fileKey(entry.name());
        CatEntry e = catalog.lookup(key);
        if (e == null || !e.isFile())
            throw new FormatException(
                    BundleLayout.INDEX_REF.path(),
                    BundleLayout.INDEX_REF,
                    -1,
                    "no file " + entry.name() + " in this bundle");
        return contentOf(e);
    }

    /** Content of a regular file entry, streamed from its records (or its stored bytes for NONE). */
    Content contentOf(CatEntry e) {
        return new BundleFileContent(catalog, shards, reader, e, ownedRange(e));
    }

    /** Where a file's bytes are in its shard: its stored bytes (NONE), or the records holding them. */
    ByteRange fileRange(CatEntry e) {
        if (!catalog.usable() || !e.isFile()) return ByteRange.NONE;
        long s = e.meta().getShardIndex();
        if (s >= catalog.shardCount()) return ByteRange.NONE;
        Shard sh = shards.shard(s);
        if (!sh.readable()) return ByteRange.NONE;
        long size = e.meta().getUncompressedSize();
        if (catalog.codec() == CompressionType.NONE) {
            long at = sh.dataOffset() + e.start();
            if (e.start() < 0
                    || at < 0
                    || size < 0
                    || at > sh.src().size()
                    || size > sh.src().size() - at) return ByteRange.NONE;
            return ByteRange.in(sh.ref(), at, size);
        }
        try {
            Records r = shards.records(s);
            int first = r.find(e.start());
            if (first < 0) return ByteRange.NONE;
            int last = size == 0 ? first : r.find(e.end() - 1);
            return slotsSpan(sh, r, first, last);
        } catch (IOException ex) {
            return ByteRange.NONE;
        }
    }

    /** The shard bytes from the first to the last readable slot of records [first, last] (first >= 0), or NONE. */
    private static ByteRange slotsSpan(Shard sh, Records r, int first, int last) {
        long from = -1;
        long to = -1;
        for (int i = first; i <= last && i < r.count(); i++) {
            ByteRange slot = sh.recordSlot(r, i);
            if (slot.isNone()) continue;
            if (from < 0) from = slot.offset();
            to = Math.max(to, slot.end());
        }
        return from < 0 ? ByteRange.NONE : ByteRange.in(sh.ref(), from, to - from);
    }

    /**
     * The shard bytes only this file is read or decoded from, for export's overlap refusal
     * ({@link Content#stored()}): its stored bytes (NONE codec), or the compressed bytes of the
     * records lying wholly inside its stream range. Records it shares with its neighbours
     * (small files packed together, as every writer does) are left out; NONE when it shares all
     * it touches. Two entries claiming the same whole records are thus an overlap, as verify says.
     */
    ByteRange ownedRange(CatEntry e) {
        if (!catalog.usable() || !e.isFile() || e.meta().getUncompressedSize() <= 0) return ByteRange.NONE;
        if (catalog.codec() == CompressionType.NONE) return fileRange(e);
        long s = e.meta().getShardIndex();
        if (s >= catalog.shardCount()) return ByteRange.NONE;
        Shard sh = shards.shard(s);
        if (!sh.readable()) return ByteRange.NONE;
        try {
            Records r = shards.records(s);
            int first = r.find(e.start());
            if (first < 0) return ByteRange.NONE;
            if (r.offsets()[first] < e.start()) first++;
            int last = r.find(e.end() - 1);
            if (last >= 0 && r.offsets()[last] + r.length(last) > e.end()) last--;
            return slotsSpan(sh, r, first, last);
        } catch (IOException ex) {
            return ByteRange.NONE;
        }
    }
}
