package dev.vitrine.core.io;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * A file mapped read-only as one {@link MemorySegment}: long offsets, files over 4 GB, no
 * copies. The file is opened with READ only, so nothing we do can change the archive.
 */
public final class MappedFileSource implements ByteSource {
    private final String name;
    private final Arena arena;
    private final MemorySegment data;
    /** The file as opened (null for in-memory sources), to tell later whether it changed. */
    private final Path path;
    /** When this file was mapped, in mappings made by this process: see {@link #forgetChanged}. */
    private final long opened = MAPPINGS.incrementAndGet();

    private final Object fileKey;
    private final long modified;

    /**
     * Mapped files open now, and those found changed when they were closed: a page past a
     * file's new end faults with an InternalError that names no file, so whoever catches it
     * asks {@link #changedFile()} which one it was.
     */
    private static final Set<MappedFileSource> OPEN = ConcurrentHashMap.newKeySet();

    private static final java.util.concurrent.atomic.AtomicLong MAPPINGS = new java.util.concurrent.atomic.AtomicLong();
    /** Files mapped before this (by an earlier command of this process) are not the current one's to report. */
    private static volatile long reportFrom;

    private static final ConcurrentLinkedDeque<FileChangedException> CHANGED = new ConcurrentLinkedDeque<>();

    /** Tests only: sees each file just after it is mapped, to change it under its reader. */
    public static volatile java.util.function.Consumer<Path> afterMapping;

    private MappedFileSource(String name, Arena arena, MemorySegment data) {
        this(name, arena, data, null, null, 0);
    }

    private MappedFileSource(String name, Arena arena, MemorySegment data, Path path, Object fileKey, long modified) {
        this.name = name;
        this.arena = arena;
        this.data = data;
        this.path = path;
        this.fileKey = fileKey;
        this.modified = modified;
    }

    /**
     * Maps a regular file. Anything else is refused before it is opened (a FIFO would block
     * the open until a writer comes).
     */
    public static MappedFileSource open(Path path) throws IOException {
        FileKinds.requireRegularFile(path);
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            BasicFileAttributes at = Files.readAttributes(path, BasicFileAttributes.class);
            MemorySegment seg = map(ch, ch.size(), arena);
            Path fileName = path.getFileName();
            MappedFileSource src = new MappedFileSource(
                    fileName == null ? path.toString() : fileName.toString(),
                    arena,
                    seg,
                    path,
                    at.fileKey(),
                    at.lastModifiedTime().toMillis());
            OPEN.add(src);
            java.util.function.Consumer<Path> hook = afterMapping;
            if (hook != null) hook.accept(path);
            return src;
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Maps the first {@code size} bytes of a file this process wrote for itself (an anonymous one
     * holding a remote object read whole), named {@code name} in messages (the object's). It is
     * not watched for changes: having no name, it would read as "changed" at close.
     */
    public static ByteSource mapPrivate(FileChannel ch, long size, String name) throws IOException {
        Arena arena = Arena.ofShared();
        try {
            return new MappedFileSource(name, arena, map(ch, size, arena));
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /** The first {@code size} bytes of {@code ch}, read-only in {@code arena} (an empty file cannot be mapped). */
    private static MemorySegment map(FileChannel ch, long size, Arena arena) throws IOException {
        return size == 0 ? MemorySegment.ofArray(new byte[0]) : ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
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

    /** The file opened again for {@link #read(long, java.nio.ByteBuffer)}, once it is first asked; null before. */
    private FileChannel channel;

    /**
     * Through the file itself (pread), not the mapping: every page of a mapping read once is a fault,
     * about as costly as the copy the kernel makes instead (a 30 MB clp-s stream: 0.23-0.27 s
     * through the mapping into fresh memory). A file that shrank meanwhile reads short: said as a
     * change, never a crash.
     */
    @Override
    public void read(long offset, java.nio.ByteBuffer dst) throws IOException {
        int n = dst.remaining();
        checkRange(offset, n, null);
        if (path == null) {
            ByteSource.super.read(offset, dst);
            return;
        }
        FileChannel ch = channel();
        for (long at = offset; dst.hasRemaining(); ) {
            int got = ch.read(dst, at);
            if (got < 0) throw new FileChangedException(path.toString(), data.byteSize(), ch.size());
            at += got;
        }
    }

    /** The file, opened again and checked to be the one mapped (a file put in its place is a change). */
    private synchronized FileChannel channel() throws IOException {
        if (channel == null) {
            FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
            Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
            if (!Objects.equals(key, fileKey)) {
                ch.close();
                throw new FileChangedException(path.toString(), data.byteSize(), -1);
            }
            channel = ch;
        }
        return channel;
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
        if (path != null && OPEN.remove(this)) {
            FileChangedException changed = changed();
            if (changed != null) {
                CHANGED.addFirst(changed);
                while (CHANGED.size() > 16) CHANGED.pollLast();
            }
        }
        if (arena != null && arena.scope().isAlive()) arena.close();
        synchronized (this) {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // read-only: nothing was left unwritten
                }
            }
        }
    }

    /** This file's change since it was opened (size, identity or time), or null. */
    private FileChangedException changed() {
        long was = data.byteSize();
        try {
            BasicFileAttributes at = Files.readAttributes(path, BasicFileAttributes.class);
            if (at.size() == was
                    && Objects.equals(at.fileKey(), fileKey)
                    && at.lastModifiedTime().toMillis() == modified) return null;
            return new FileChangedException(path.toString(), was, at.size());
        } catch (IOException gone) {
            return new FileChangedException(path.toString(), was, -1);
        }
    }

    /** Forgets files found changed when they were closed: all, or those at or under {@code under}. */
    static void forgetChanged(Path under) {
        CHANGED.removeIf(c -> under == null || isUnder(c, under));
        // a new command (under == null) answers only for files it maps itself, not for ones an
        // earlier command left open (in tests, or a window's other tabs)
        if (under == null) reportFrom = MAPPINGS.get();
    }

    /**
     * A mapped file of this process that changed while it was read: an open one first, else
     * the last one found changed when it was closed (taken, so it is reported once). Only files
     * at or under {@code under} (absolute, normalised), or any when it is null.
     */
    static FileChangedException changedFile(Path under) {
        for (MappedFileSource s : OPEN) {
            if (!s.isUnder(under) || under == null && s.opened <= reportFrom) continue;
            FileChangedException c = s.changed();
            if (c != null) return c;
        }
        for (FileChangedException c : CHANGED) {
            if ((under == null || isUnder(c, under)) && CHANGED.remove(c)) return c;
        }
        return null;
    }

    private boolean isUnder(Path under) {
        return under == null || path.toAbsolutePath().normalize().startsWith(under);
    }

    private static boolean isUnder(FileChangedException c, Path under) {
        return Path.of(c.name()).toAbsolutePath().normalize().startsWith(under);
    }
}
