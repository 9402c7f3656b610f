package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.AnonymousMemory;
import dev.vitrine.core.io.FileSpace;
import dev.vitrine.core.io.SourceUnavailableException;
import dev.vitrine.core.text.Messages;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Where decoded packed streams and the log-order index live: process memory up to a budget
 * shared by all archives ({@link MemoryBudget}), beyond it memory-mapped temporary files in the
 * user's cache folder ({@code $XDG_CACHE_HOME} or {@code ~/.cache}, {@code vitrine/clps}); never
 * the Java heap. The heap then holds only cursors into them, so it is bounded by the
 * largest packed stream being decoded (its compressed bytes), never by the archive; the
 * kernel pages the decoded bytes in and out as memory allows. Each file is unlinked as soon as
 * it is open or its room reserved (it lives on until unmapped, so nothing is left behind
 * whatever stops the process; see {@link ClpsSpillFolder}) and unmapped when the archive
 * closes. A file's disk room is reserved before it is mapped: a full disk is then an error
 * that names the folder ({@link SourceUnavailableException}: not damage), never a SIGBUS
 * in the middle of decoding. Where no file can be made at all, segments fall back to the heap.
 */
final class ClpsSpill implements AutoCloseable {
    private final Arena arena = Arena.ofShared();
    private volatile boolean closed;
    private final long budget;
    private final java.util.concurrent.atomic.AtomicLong used = new java.util.concurrent.atomic.AtomicLong();
    /** Bytes of this spill's segments in plain process memory (given back to {@link #memory} on close). */
    private long inMemory;

    private final MemoryBudget memory;
    /** The spill folder (null: none), asked for only when a file is needed. */
    private final java.util.function.Supplier<Path> folder;

    private final Reservation reservation;

    /** Takes disk room for a new spill file before it is mapped ({@link FileSpace#reserve}). */
    interface Reservation {
        void reserve(Path file, FileChannel channel, long bytes) throws IOException;
    }

    /**
     * Plain (anonymous) process memory for decoded streams, one budget shared by every open
     * archive ({@link #SHARED}: an eighth of the machine's memory). Writing into a fresh mapped
     * file costs about twice as much as into memory (a page fault on a file per page, then
     * write-back), so an archive's streams decode into memory while the budget lasts (a
     * window's first page, most archives whole), and only beyond it into spill files the kernel
     * can page out.
     */
    static final class MemoryBudget {
        static final MemoryBudget SHARED = new MemoryBudget(
                Long.getLong("vitrine.clps.memoryBytes", dev.vitrine.core.io.SystemMemory.total() / 8));
        private final java.util.concurrent.atomic.AtomicLong free;

        MemoryBudget(long bytes) {
            free = new java.util.concurrent.atomic.AtomicLong(Math.max(0, bytes));
        }

        boolean take(long bytes) {
            for (long f = free.get(); f >= bytes; f = free.get()) if (free.compareAndSet(f, f - bytes)) return true;
            return false;
        }

        void give(long bytes) {
            free.addAndGet(bytes);
        }

        long free() {
            return free.get();
        }
    }

    /**
     * {@code budget}: the most bytes all segments may take. A few KB of zstd can claim hundreds
     * of MB of zeros per stream, so a hostile archive must not fill the disk through us.
     */
    ClpsSpill(long budget) {
        this(budget, MemoryBudget.SHARED);
        ClpsSpillFolder.clearOnce();
    }

    ClpsSpill(long budget, MemoryBudget memory) {
        this(budget, memory, ClpsSpillFolder::shared, FileSpace::reserve);
    }

    ClpsSpill(long budget, MemoryBudget memory, java.util.function.Supplier<Path> folder, Reservation reservation) {
        this.budget = budget;
        this.memory = memory;
        this.folder = folder;
        this.reservation = reservation;
    }

    /**
     * A spill of its own with the same budget, memory and folder, for decoded data that may be let
     * go before the archive closes (the tables of {@link ClpsTables}: one spill per decoding).
     */
    ClpsSpill generation() {
        return new ClpsSpill(budget, memory, folder, reservation);
    }

    /** Bytes of segments taken so far (in memory, mapped or on the heap). */
    long used() {
        return closed ? 0 : used.get();
    }

    /** The spill budget for an archive of {@code size} bytes: 64 times its size (clp-s's columns decode to about 8), at least 2 GiB. */
    static long budgetFor(long size) {
        return Math.max(2L << 30, size > Long.MAX_VALUE / 64 ? Long.MAX_VALUE : 64 * size);
    }

    private void charge(long bytes) throws IOException {
        if (used.addAndGet(bytes) > budget) {
            used.addAndGet(-bytes);
            throw new IOException("decoding would take more than " + budget + " bytes (" + used.get()
                    + " taken already): more than an archive of this size can hold");
        }
    }

    /** A zero-filled writable segment of {@code bytes} bytes. */
    MemorySegment allocate(long bytes) throws IOException {
        if (closed) throw new IOException("the archive is closed");
        charge(bytes);
        MemorySegment m = inMemory(bytes);
        if (m != null) return m;
        if (bytes < HEAP_BELOW) return MemorySegment.ofArray(new byte[(int) bytes]);
        Path dir = folder.get();
        if (dir != null) {
            Path f = ClpsSpillFolder.newName(dir, "stream");
            FileChannel opened = null;
            try {
                opened = FileChannel.open(
                        f, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
            } catch (IOException | UnsupportedOperationException e) {
                // No cache folder to write in (read-only home): decode on the heap instead.
            }
            if (opened != null) {
                try (FileChannel ch = opened) {
                    try {
                        reservation.reserve(f, ch, bytes);
                    } catch (IOException e) {
                        throw noRoom(dir, bytes, "decoded streams", e);
                    } finally {
                        delete(f); // reserved (or refused): the name is no longer needed
                    }
                    synchronized (this) {
                        if (closed) throw new IOException("the archive is closed");
                        return plain(ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena));
                    }
                } catch (SourceUnavailableException e) {
                    throw e;
                } catch (IOException | UnsupportedOperationException | IllegalStateException e) {
                    if (closed) throw new IOException("the archive is closed");
                    // The file system cannot map (or the address space is exhausted): decode on the heap instead.
                }
            }
        }
        if (bytes > Integer.MAX_VALUE - 16)
            throw new IOException(bytes + " decoded bytes do not fit in memory and no cache folder can hold them");
        return MemorySegment.ofArray(new byte[(int) bytes]);
    }

    /** Decoded data below this size never goes to a file (a file per small dictionary is not worth it): the heap when memory is short. */
    static final int HEAP_BELOW = 1 << 16;

    /** From this size, process memory comes straight from the kernel ({@link AnonymousMemory}: not zeroed twice). */
    private static final long MAPPED_FROM = 4L << 20;

    /**
     * {@code bytes} of zeroed process memory when the memory budget has room, else null. Small
     * segments come from here too: rendering then meets one kind of segment only (plain native
     * memory), so the JIT compiles its reads once and tightly; mixing heap, native and mapped
     * segments made it compile the hot rendering methods again and again, each time it met a new
     * kind.
     */
    private MemorySegment inMemory(long bytes) throws IOException {
        if (!memory.take(bytes)) return null;
        synchronized (this) {
            if (closed) {
                memory.give(bytes);
                throw new IOException("the archive is closed");
            }
            inMemory += bytes;
            if (bytes == 0) return MemorySegment.NULL;
            MemorySegment m = bytes >= MAPPED_FROM ? AnonymousMemory.allocate(bytes, arena) : null;
            return m != null ? m : arena.allocate(bytes, 8);
        }
    }

    private static final boolean NATIVE_ACCESS = ClpsSpill.class.getModule().isNativeAccessEnabled();

    /** Bytes of this spill's segments in spill files. */
    private long inFiles;

    /**
     * A file mapping as a plain native segment over the same memory and lifetime (see
     * {@link #inMemory} for why one kind); as it is when native access is not enabled. Its
     * isMapped() is then false: that is safe for native code here only because a spill file is
     * this process's own, unlinked, with its room reserved (nothing can shrink it under us).
     */
    private MemorySegment plain(MemorySegment mapped) {
        inFiles += mapped.byteSize();
        return NATIVE_ACCESS ? mapped.reinterpret(mapped.byteSize(), arena, null) : mapped;
    }

    /** Bytes of segments kept in spill files (mapped) so far. */
    synchronized long inFiles() {
        return inFiles;
    }

    /** Where bytes come from for {@link #fill}. */
    interface Reader {
        /** Like InputStream.read: -1 at the end. */
        int read(byte[] b, int off, int len) throws IOException;
    }

    /**
     * Everything {@code in} gives (a zstd frame without a content size, so the size is known only
     * at the end), refused past {@code limit} bytes: on the heap when small, else written to a
     * spill file and mapped.
     */
    MemorySegment fill(Reader in, long limit, String what) throws IOException {
        byte[] buf = new byte[HEAP_BELOW];
        int n = 0;
        while (n < buf.length) {
            int r = in.read(buf, n, buf.length - n);
            if (r < 0) {
                if (n > limit)
                    throw new ClpsZstd.FrameException(what + ": decodes to more than the limit of " + limit + " bytes");
                charge(n);
                MemorySegment m = inMemory(n);
                if (m == null) return MemorySegment.ofArray(java.util.Arrays.copyOf(buf, n));
                MemorySegment.copy(buf, 0, m, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, n);
                return m;
            }
            n += r;
        }
        Path dir = folder.get();
        FileChannel file = null;
        if (dir != null) {
            try {
                file = ClpsSpillFolder.anonymous(dir, "dict");
            } catch (IOException | UnsupportedOperationException e) {
                // no cache folder to write in: the heap below
            }
        }
        if (file == null) {
            charge(n);
            return heapFill(in, buf, n, limit, what);
        }
        try (FileChannel ch = file) {
            long total = 0;
            java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(buf);
            while (true) {
                if (total + n > limit)
                    throw new ClpsZstd.FrameException(what + ": decodes to more than the limit of " + limit + " bytes");
                charge(n);
                bb.clear().limit(n);
                try {
                    while (bb.hasRemaining()) ch.write(bb);
                } catch (IOException e) {
                    throw noRoom(dir, total + n, "decoded dictionaries", e);
                }
                total += n;
                n = 0;
                int r = 0;
                while (n < buf.length && (r = in.read(buf, n, buf.length - n)) >= 0) n += r;
                if (n == 0 && r < 0) break;
            }
            synchronized (this) {
                if (closed) throw new IOException("the archive is closed");
                return plain(ch.map(FileChannel.MapMode.READ_ONLY, 0, total, arena));
            }
        }
    }

    /**
     * The disk under the spill folder has no room: the archive is not at fault, so this is said
     * as the folder's problem (one line, exit 2 on the command line), not as damage.
     */
    private static SourceUnavailableException noRoom(Path dir, long bytes, String forWhat, IOException e) {
        String r = Messages.reason(e);
        r = r.isEmpty()
                ? r
                : Character.toLowerCase(r.charAt(0)) + r.substring(1); // "No space left on device" as the JDK says it
        return new SourceUnavailableException(
                dir.toString(), r + " (needed " + bytes + " bytes for " + forWhat + ")", e);
    }

    private static void delete(Path f) {
        try {
            Files.deleteIfExists(f);
        } catch (IOException e) {
            f.toFile().deleteOnExit(); // Windows keeps a mapped file: deleted at exit
        }
    }

    private MemorySegment heapFill(Reader in, byte[] first, int n, long limit, String what) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(n * 2);
        out.write(first, 0, n);
        byte[] buf = new byte[1 << 16];
        for (int r; (r = in.read(buf, 0, buf.length)) >= 0; ) {
            out.write(buf, 0, r);
            charge(r);
            if (out.size() > limit || out.size() > Integer.MAX_VALUE - (1 << 17))
                throw new ClpsZstd.FrameException(what + ": decodes to more than the limit of " + limit + " bytes");
        }
        return MemorySegment.ofArray(out.toByteArray());
    }

    /** What native code does with a segment's memory, which the JVM cannot stop if the segment is unmapped under it. */
    interface NativeUse {
        void run() throws IOException;
    }

    private final java.util.concurrent.locks.ReentrantReadWriteLock nativeUse =
            new java.util.concurrent.locks.ReentrantReadWriteLock();

    /**
     * Has the kernel back {@code parts} of this spill's segments with pages on another thread while
     * the caller writes them in order ({@link AnonymousMemory#populateFromEnd}); it stops when the
     * spill closes.
     */
    void populateFromEnd(List<MemorySegment> parts) {
        AnonymousMemory.populateFromEnd(parts, call -> {
            nativeUse.readLock().lock();
            try {
                if (closed) return false;
                call.run();
                return true;
            } finally {
                nativeUse.readLock().unlock();
            }
        });
    }

    /** Runs {@code use} (zstd writing into a mapped segment) with the mapping guaranteed to stay until it returns. */
    void whileMapped(NativeUse use) throws IOException {
        nativeUse.readLock().lock();
        try {
            if (closed) throw new IOException("the archive is closed");
            use.run();
        } finally {
            nativeUse.readLock().unlock();
        }
    }

    /**
     * Unmaps everything, once native code writing into a segment is done. A decoding thread
     * still reading through a segment gets an IllegalStateException, not a crash.
     */
    @Override
    public void close() {
        nativeUse.writeLock().lock();
        try {
            closeNow();
        } finally {
            nativeUse.writeLock().unlock();
        }
    }

    private synchronized void closeNow() {
        if (closed) return;
        closed = true;
        memory.give(inMemory);
        try {
            arena.close();
        } catch (IllegalStateException e) {
            // a segment is pinned by a native call right now: the arena goes when the collector finds it unreachable
        }
    }
}
