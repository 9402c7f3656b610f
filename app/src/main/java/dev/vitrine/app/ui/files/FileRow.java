package dev.vitrine.app.ui.files;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Health;

/**
 * One row of the file table: a stored file, its place in data order, what its entry alone says
 * about it (made once, in the background) and its current health (redone on the FX thread when
 * problems come in). No toolkit.
 */
public final class FileRow {
    private final int index;
    private final FileListing.Entry entry;
    private final FileHealth.Verdict own;
    private FileHealth.Verdict verdict;

    public FileRow(int index, FileListing.Entry entry) {
        this.index = index;
        this.entry = entry;
        this.own = FileHealth.ofEntry(entry);
        this.verdict = own;
    }

    /** Position in the archive's listing (data order), from 0. */
    public int index() {
        return index;
    }

    public FileListing.Entry entry() {
        return entry;
    }

    public String name() {
        return entry.name();
    }

    /** Size in bytes, or -1 while unknown (an entry whose size is known only once decoded, until it is). */
    public long size() {
        return entry.size() >= 0 ? entry.size() : decodedSize;
    }

    private volatile long decodedSize = -1;

    /** The size found by decoding the file (for entries that list -1). */
    public void sizeKnown(long n) {
        decodedSize = n;
    }

    public ByteRange range() {
        return entry.range();
    }

    /** Where the bytes start in the archive's file (a bundle: where the file's record starts), or -1. */
    public long offset() {
        return entry.range().isNone() ? -1 : entry.range().offset();
    }

    /**
     * The offset `ls` prints (its "offset" in --json): the format's own when it has one (a bundle
     * file's place in its uncompressed shard), else where the bytes start.
     */
    public long listedOffset() {
        return entry.attributes().get("offset") instanceof Number n ? n.longValue() : offset();
    }

    /** Whether the listed offset is the format's own, not the byte range's (then both are shown). */
    public boolean ownOffset() {
        return entry.attributes().get("offset") instanceof Number;
    }

    /** The shard `ls --json` names ("shard"), or -1 when the format has none. */
    public long shard() {
        return entry.attributes().get("shard") instanceof Number n ? n.longValue() : -1;
    }

    /** What the entry says of itself: an unsafe or odd name, bytes that cannot be located. */
    public FileHealth.Verdict own() {
        return own;
    }

    public Health health() {
        return verdict.health();
    }

    /** Why the row is not ok (first reason), or "" when nothing is known against it. */
    public String note() {
        return verdict.note();
    }

    void setVerdict(FileHealth.Verdict v) {
        verdict = v;
    }

    @Override
    public String toString() {
        return "FileRow[" + index + " " + entry.name() + " " + verdict.health() + "]";
    }
}
