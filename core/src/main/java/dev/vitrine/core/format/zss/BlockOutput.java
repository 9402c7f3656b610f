package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.Crc64Xz;
import dev.vitrine.core.io.LittleEndian;
import dev.vitrine.core.io.Uleb128;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * The block layer of {@link ZssWriter}: frames blocks (length, level, payload, CRC) into the
 * file through a buffer, and builds the index above them greedily, {@code branchingFactor}
 * entries per index block, every level n pointing only at level n-1.
 */
final class BlockOutput {
    /** An index entry: a block's first key, offset and length. */
    record Entry(byte[] key, long offset, long length) {}

    private final FileChannel ch;
    private final Codec codec;
    private final int branchingFactor;
    private final ByteBuffer out = ByteBuffer.allocate(1 << 20);
    private final List<List<Entry>> levels = new ArrayList<>();
    private long pos;

    BlockOutput(FileChannel ch, Codec codec, int branchingFactor) {
        this.ch = ch;
        this.codec = codec;
        this.branchingFactor = branchingFactor;
    }

    /** Bytes written so far (buffered included). */
    long position() {
        return pos;
    }

    /** The root's level, once {@link #finishIndex()} is done. */
    int rootLevel() {
        return levels.size() - 1;
    }

    /** Writes index blocks until one is the only unreferenced block, flushes, and returns it. */
    Entry finishIndex() throws IOException {
        while (!haveRoot()) {
            for (int level = 0; level < levels.size(); level++) {
                if (!levels.get(level).isEmpty()) {
                    flushIndex(level);
                    break;
                }
            }
        }
        flushOut();
        return levels.getLast().getFirst();
    }

    /** Writes one block (length, level, payload, CRC) and enters it in its level's pending index. */
    void writeBlock(int level, byte[] zpayload, byte[] key) throws IOException {
        long offset = pos;
        long body = 1L + zpayload.length;
        put(Uleb128.encode(body));
        Crc64Xz crc = new Crc64Xz();
        byte[] lv = {(byte) level};
        crc.update(lv, 0, 1);
        crc.update(zpayload, 0, zpayload.length);
        put(lv);
        put(zpayload);
        byte[] c = new byte[8];
        LittleEndian.putU64(c, 0, crc.value());
        put(c);
        while (levels.size() <= level) levels.add(new ArrayList<>());
        List<Entry> entries = levels.get(level);
        entries.add(new Entry(key, offset, pos - offset));
        if (entries.size() >= branchingFactor) flushIndex(level);
    }

    private void flushIndex(int level) throws IOException {
        List<Entry> entries = levels.get(level);
        levels.set(level, new ArrayList<>());
        int size = 0;
        for (Entry e : entries) size += 30 + e.key().length;
        byte[] p = new byte[size];
        int n = 0;
        for (Entry e : entries) {
            n = Uleb128.encode(e.key().length, p, n);
            System.arraycopy(e.key(), 0, p, n, e.key().length);
            n += e.key().length;
            n = Uleb128.encode(e.offset(), p, n);
            n = Uleb128.encode(e.length(), p, n);
        }
        if (level + 1 >= BlockFrame.FIRST_EXTENSION_LEVEL)
            throw new IOException("index would need more than 63 levels");
        writeBlock(level + 1, codec.compress(p, 0, n), entries.getFirst().key());
    }

    /** True once one index block is the only unreferenced block (the reference's have_root). */
    private boolean haveRoot() {
        if (levels.size() <= 1) return false;
        for (int i = 0; i < levels.size() - 1; i++) if (!levels.get(i).isEmpty()) return false;
        return levels.getLast().size() == 1;
    }

    void put(byte[] b) throws IOException {
        int off = 0;
        while (off < b.length) {
            if (!out.hasRemaining()) flushOut();
            int n = Math.min(out.remaining(), b.length - off);
            out.put(b, off, n);
            off += n;
        }
        pos += b.length;
    }

    void flushOut() throws IOException {
        out.flip();
        while (out.hasRemaining()) ch.write(out);
        out.clear();
    }

    void writeAt(long position, byte[] b) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(b);
        long p = position;
        while (bb.hasRemaining()) p += ch.write(bb, p);
    }
}
