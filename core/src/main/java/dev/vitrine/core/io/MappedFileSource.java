package dev.vitrine.core.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file mapped read-only as one {@link MemorySegment}: long offsets, files over 4 GB, no
 * copies. The file is opened with READ only, so nothing we do can change the archive.
 */
public final class MappedFileSource implements ByteSource {
    private final String name;
    private final Arena arena;
    private final MemorySegment data;

    private MappedFileSource(String name, Arena arena, MemorySegment data) {
        this.name = name;
        this.arena = arena;
        this.data = data;
    }

    /**
     * Maps a regular file. Anything else is refused before it is opened (a FIFO would block
     * the open until a writer comes).
     */
    public static MappedFileSource open(Path path) throws IOException {
        FileKinds.requireRegularFile(path);
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            MemorySegment seg = size == 0 ? MemorySegment.ofArray(new byte[0]) : ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            Path fileName = path.getFileName();
            return new MappedFileSource(fileName == null ? path.toString() : fileName.toString(), arena, seg);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** A source over a segment someone else owns (a decompressed payload); closing it does nothing. */
    public static ByteSource ofSegment(String name, MemorySegment segment) {
        return new MappedFileSource(name, null, segment);
    }

    /** A source over bytes in memory (tests, decompressed payloads). */
    public static ByteSource ofBytes(String name, byte[] bytes) {
        return new MappedFileSource(name, null, MemorySegment.ofArray(bytes));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return data.byteSize();
    }

    @Override
    public void read(long offset, byte[] dst, int dstOffset, int len) throws TruncatedException {
        checkRange(offset, len, null);
        MemorySegment.copy(data, ValueLayout.JAVA_BYTE, offset, dst, dstOffset, len);
    }

    @Override
    public MemorySegment segment(long offset, long length) throws TruncatedException {
        checkRange(offset, length, null);
        return data.asSlice(offset, length);
    }

    @Override
    public java.util.Optional<MemorySegment> whole() {
        return java.util.Optional.of(data);
    }

    @Override
    public void close() {
        if (arena != null && arena.scope().isAlive()) arena.close();
    }
}
