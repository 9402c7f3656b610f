package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One block: its length prefix, level, payload and CRC as fields with their byte ranges.
 * Index blocks list their entries (as fields, and as child blocks); data blocks have their
 * records as children. The frame and CRC are read when the node is made (in a background
 * call); data payloads are decoded only when their records are asked for.
 */
final class BlockNode implements Node {
    private static final int MAX_ENTRY_FIELDS = 1000;

    private final ZssArchive archive;
    private final long offset;
    private final String label;
    private final BlockFrame frame;
    private final List<Field> fields = new ArrayList<>();
    private final List<Problem> problems = new ArrayList<>();
    private final List<IndexEntry> entries;
    private final long promisedLength;

    private BlockNode(
            ZssArchive archive,
            long offset,
            long promisedLength,
            int expectedLevel,
            String key,
            String label,
            long referrer) {
        this.archive = archive;
        this.offset = offset;
        this.promisedLength = promisedLength;
        this.label = label;
        BlockReader r = archive.reader();
        String file = r.file();
        BlockFrame f = null;
        List<IndexEntry> es = List.of();
        if (key != null) fields.add(Field.of("key (from parent index)", key));
        try {
            if (offset < 0 || offset >= r.size()) {
                throw new FormatException(
                        file,
                        referrer,
                        "points at offset " + Long.toUnsignedString(offset) + ", but the file ends at " + r.size());
            }
            f = r.frameAt(offset, r.size());
        } catch (FormatException e) {
            problems.add(Problem.of(e));
        }
        this.frame = f;
        if (f != null) {
            fields.add(Field.at("length", f.bodyLength(), f.offset(), f.prefixBytes()));
            if (f.level() >= 0)
                fields.add(Field.at(
                        "level", f.level() + " (" + BlockFrame.describeLevel(f.level()) + ")", f.levelOffset(), 1));
            String codec = archive.header().codecName();
            fields.add(Field.at(
                    "payload",
                    f.payloadLength() + " bytes"
                            + (archive.codec() != null && archive.codec().isIdentity() ? "" : " (" + codec + ")"),
                    f.payloadOffset(),
                    f.payloadLength()));
            try {
                long stored = r.storedCrc(f);
                long computed = r.computedCrc(f);
                fields.add(Field.at(
                        "crc",
                        HeaderParser.hex64(stored)
                                + (stored == computed
                                        ? " (ok)"
                                        : " (mismatch: computed " + HeaderParser.hex64(computed) + ")"),
                        f.crcOffset(),
                        BlockFrame.CRC_LENGTH));
                if (stored != computed) problems.add(Problem.error(file, offset, "checksum mismatch at " + offset));
            } catch (FormatException e) {
                problems.add(Problem.of(e)); // frameAt checked the frame fits: only a source that shrank gets here
            }
            if (promisedLength >= 0 && promisedLength != f.totalLength()) {
                problems.add(Problem.error(
                        file,
                        offset,
                        "index length " + promisedLength + " != actual length " + f.totalLength() + " for block at "
                                + offset));
            }
            if (expectedLevel >= 0 && f.level() != expectedLevel) {
                problems.add(Problem.error(
                        file,
                        offset,
                        "expected a " + BlockFrame.describeLevel(expectedLevel) + " here, found a "
                                + BlockFrame.describeLevel(f.level())));
            }
            if (f.isIndex()) es = readEntries(f);
        }
        this.entries = es;
    }

    /** The block at {@code offset}; never throws: an unreadable block is a node with a problem. */
    static BlockNode at(
            ZssArchive archive,
            long offset,
            long promisedLength,
            int expectedLevel,
            String key,
            String label,
            long referrer) {
        return new BlockNode(archive, offset, promisedLength, expectedLevel, key, label, referrer);
    }

    private List<IndexEntry> readEntries(BlockFrame f) {
        BlockReader r = archive.reader();
        List<IndexEntry> es = new ArrayList<>();
        try {
            MemorySegment payload = r.payload(f);
            try {
                IndexPayload.parse(payload, archive.limits().maxEntries(), es);
            } catch (PayloadException e) {
                problems.add(Problem.of(e.at(r.file(), offset)));
            }
        } catch (FormatException e) {
            problems.add(Problem.of(e));
        }
        fields.add(Field.of("entries", es.size()));
        boolean inFile = archive.codec() != null && archive.codec().isIdentity();
        for (int i = 0; i < es.size() && i < MAX_ENTRY_FIELDS; i++) {
            IndexEntry e = es.get(i);
            String v = "key " + Keys.escape(e.key(), 60) + " → block @ " + Long.toUnsignedString(e.childOffset()) + " ("
                    + Long.toUnsignedString(e.childLength()) + " bytes)";
            fields.add(
                    inFile
                            ? Field.at(
                                    "entry " + i, v, f.payloadOffset() + e.entryStart(), e.entryEnd() - e.entryStart())
                            : Field.of("entry " + i, v));
        }
        if (es.size() > MAX_ENTRY_FIELDS)
            fields.add(Field.of("…", (es.size() - MAX_ENTRY_FIELDS) + " more entries (see children)"));
        return List.copyOf(es);
    }

    long offset() {
        return offset;
    }

    @Override
    public String name() {
        String what = frame == null ? "block" : BlockFrame.describeLevel(frame.level());
        String n = (label != null ? label + ": " : "") + what + " @ " + offset;
        return frame == null ? n + " (unreadable)" : n;
    }

    @Override
    public String kind() {
        return frame == null ? "block" : BlockFrame.kindOf(frame.level());
    }

    @Override
    public java.util.Set<dev.vitrine.core.model.Role> roles() {
        return frame == null ? java.util.Set.of(dev.vitrine.core.model.Role.BLOCK) : BlockFrame.rolesOf(frame.level());
    }

    @Override
    public ByteRange range() {
        if (frame != null) return ByteRange.of(offset, frame.totalLength());
        long size = archive.source().size();
        if (offset < 0 || offset >= size) return ByteRange.NONE;
        return ByteRange.of(offset, promisedLength > 0 ? Math.min(promisedLength, size - offset) : 1);
    }

    @Override
    public List<Field> fields() {
        return List.copyOf(fields);
    }

    /**
     * Problems of the frame, CRC and index entries (found when the node was made), plus those
     * of the records once they have been loaded: this call may come from a UI thread, so it
     * never decodes anything itself.
     */
    @Override
    public List<Problem> problems() {
        List<Problem> all = new ArrayList<>(problems);
        if (frame != null && frame.isData()) {
            ParsedDataBlock b = archive.parsedDataBlockIfLoaded(offset);
            if (b != null && b.error != null)
                all.add(Problem.of(b.error.at(archive.reader().file(), offset)));
        }
        return all;
    }

    @Override
    public boolean hasChildren() {
        return frame != null && (frame.isData() || frame.isIndex());
    }

    private ParsedDataBlock parsed() throws IOException {
        return archive.parsedDataBlock(offset);
    }

    @Override
    public long childCount() throws IOException {
        if (frame == null) return 0;
        if (frame.isIndex()) return entries.size();
        if (frame.isData()) return parsed().count();
        return 0;
    }

    @Override
    public List<Node> children(long from, int count) throws IOException {
        if (frame == null || from < 0) return List.of();
        List<Node> out = new ArrayList<>();
        if (frame.isIndex()) {
            for (long i = from; i < entries.size() && i < from + count; i++) out.add(child((int) i));
        } else if (frame.isData()) {
            ParsedDataBlock b = parsed();
            for (long i = from; i < b.count() && i < from + count; i++) out.add(new RecordNode(b, (int) i));
        }
        return out;
    }

    private Node child(int i) {
        IndexEntry e = entries.get(i);
        return BlockNode.at(
                archive, e.childOffset(), e.childLength(), frame.level() - 1, Keys.escape(e.key(), 200), null, offset);
    }

    /**
     * Data block: the record under the byte (codec none). Index block: the child whose
     * subtree spans the byte, assuming the usual bottom-up layout where each child's subtree
     * ends with the child itself and follows the previous child's subtree.
     */
    @Override
    public Optional<Node> childCovering(ByteRange.Position position) throws IOException {
        if (frame == null || !position.file().isMain()) return Optional.empty();
        long pos = position.offset();
        if (frame.isData()) {
            ParsedDataBlock b = parsed();
            if (!b.inFile) return Optional.empty();
            int i = b.recordCovering(pos - frame.payloadOffset());
            return i < 0 ? Optional.empty() : Optional.of(new RecordNode(b, i));
        }
        if (frame.isIndex()) {
            for (int i = 0; i < entries.size(); i++) {
                IndexEntry e = entries.get(i);
                // Unsigned: a damaged entry may hold any u64.
                if (Long.compareUnsigned(e.childOffset(), pos) <= 0
                        && Long.compareUnsigned(pos - e.childOffset(), e.childLength()) < 0) {
                    return Optional.of(child(i));
                }
            }
            for (int i = 0; i < entries.size(); i++) {
                IndexEntry e = entries.get(i);
                boolean endsAfter = Long.compareUnsigned(pos, e.childOffset()) < 0
                        || Long.compareUnsigned(pos - e.childOffset(), e.childLength()) < 0;
                if (endsAfter) return Optional.of(child(i));
            }
        }
        return Optional.empty();
    }
}
