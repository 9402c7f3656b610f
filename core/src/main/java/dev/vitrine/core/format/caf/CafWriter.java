package dev.vitrine.core.format.caf;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.io.AtomicWrite;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes one CAF chunk exactly as the TypeScript reference does: file bytes back to back, then
 * the compact JSON index {@code {"format_version":"1.0","files":{"name":{"start_byte":0,"end_byte":223},...}}}
 * with keys in the order files were added (= data order), non-ASCII names as raw UTF-8,
 * exclusive end offsets, then the index size as a little-endian u32.
 *
 * <p>Data is streamed (file to file through the channel, or through a 1 MiB buffer), and the
 * chunk is written to a hidden temp file beside the target and renamed into place by
 * {@link #finish()}; {@link #close()} without finish removes it.
 *
 * <p>Names must already be canonical ({@link EntryPathPolicy} accepts them unchanged) and
 * unique: the writer never produces an archive its own verify would flag.
 */
public final class CafWriter implements AutoCloseable {
    /** The format's hard limit for one chunk's data section. */
    public static final long MAX_CHUNK_DATA = 32L << 30;

    private static final long MAX_INDEX = 0xFFFF_FFFFL;

    private record Item(String name, long start, long end) {}

    private final Path target;
    private final boolean replace;
    private final AtomicWrite temp;
    private final FileChannel out;
    private final List<Item> items = new ArrayList<>();
    private final Set<String> names = new HashSet<>();
    private long pos;
    private boolean finished;

    private CafWriter(Path target, boolean replace, AtomicWrite temp) {
        this.target = target;
        this.replace = replace;
        this.temp = temp;
        this.out = temp.channel();
    }

    /** Starts a chunk that {@link #finish()} will publish as {@code target}. */
    public static CafWriter create(Path target, boolean replaceExisting) throws IOException {
        Path abs = target.toAbsolutePath();
        if (!replaceExisting && Files.exists(abs, LinkOption.NOFOLLOW_LINKS))
            throw new FileAlreadyExistsException(target.toString(), null, "exists; not replaced");
        return new CafWriter(abs, replaceExisting, AtomicWrite.file(abs));
    }

    /** Bytes of file data written so far (the next entry's start_byte). */
    public long dataSize() {
        return pos;
    }

    public int fileCount() {
        return items.size();
    }

    /** Adds a file from disk, streaming it; returns its size. */
    public long add(String name, Path file) throws IOException {
        checkName(name);
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = in.size();
            checkRoom(name, size);
            long copied = 0;
            while (copied < size) {
                long n = in.transferTo(copied, size - copied, out);
                if (n <= 0) break;
                copied += n;
            }
            if (copied != size)
                throw new IOException(file + ": shrank while being added (" + copied + " of " + size + " bytes)");
            record(name, size);
            return size;
        }
    }

    /** Adds bytes from a stream (read to its end); returns how many. */
    public long add(String name, InputStream in) throws IOException {
        checkName(name);
        byte[] buf = new byte[1 << 20];
        long size = 0;
        int n;
        while ((n = in.read(buf)) > 0) {
            checkRoom(name, size + n);
            ByteBuffer bb = ByteBuffer.wrap(buf, 0, n);
            while (bb.hasRemaining()) out.write(bb);
            size += n;
        }
        record(name, size);
        return size;
    }

    private void record(String name, long size) {
        items.add(new Item(name, pos, pos + size));
        names.add(name);
        pos += size;
    }

    private void checkName(String name) {
        if (finished) throw new IllegalStateException("chunk already finished");
        if (!(EntryPathPolicy.decide(name) instanceof EntryPathPolicy.Safe s) || s.sanitised()) {
            throw new IllegalArgumentException(
                    "entry name " + EntryPathPolicy.quote(name) + " is not a clean relative path");
        }
        if (names.contains(name))
            throw new IllegalArgumentException("entry name " + EntryPathPolicy.quote(name) + " was already added");
    }

    private void checkRoom(String name, long size) throws IOException {
        if (pos + size > MAX_CHUNK_DATA) {
            throw new IOException("adding " + EntryPathPolicy.quote(name) + " (" + size
                    + " bytes) would take the chunk past the format's 32 GiB limit");
        }
    }

    /** Writes the index and footer and renames the chunk into place. */
    public Path finish() throws IOException {
        if (finished) throw new IllegalStateException("chunk already finished");
        finished = true;
        try {
            out.position(pos);
            CountingStream counter =
                    new CountingStream(new BufferedOutputStream(Channels.newOutputStream(out), 1 << 16));
            try (JsonGenerator g = new JsonFactory().createGenerator(counter)) {
                g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                g.writeStartObject();
                g.writeStringField("format_version", CafIndexParser.SUPPORTED_VERSION);
                g.writeObjectFieldStart("files");
                for (Item it : items) {
                    g.writeObjectFieldStart(it.name());
                    g.writeNumberField("start_byte", it.start());
                    g.writeNumberField("end_byte", it.end());
                    g.writeEndObject();
                }
                g.writeEndObject();
                g.writeEndObject();
            }
            counter.flush();
            if (counter.count > MAX_INDEX)
                throw new IOException("index of " + counter.count + " bytes does not fit the 4-byte footer");
            ByteBuffer footer = ByteBuffer.allocate(4)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .putInt((int) counter.count)
                    .flip();
            while (footer.hasRemaining()) out.write(footer);
            if (!temp.commit(replace))
                throw new FileAlreadyExistsException(target.toString(), null, "appeared while writing; not replaced");
            return target;
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Abandons an unfinished chunk (its temp file is deleted); harmless after finish. */
    @Override
    public void close() {
        temp.close();
    }

    private static final class CountingStream extends FilterOutputStream {
        long count;

        CountingStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }

        @Override
        public void close() throws IOException {
            flush(); // the channel stays open for the footer
        }
    }
}
