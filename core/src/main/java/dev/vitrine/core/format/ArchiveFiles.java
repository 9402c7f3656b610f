package dev.vitrine.core.format;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.io.TruncatedException;
import dev.vitrine.core.location.LocalLocation;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.remote.RemoteException;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The files of a multi-file archive (a log folder, a bundle of shards), mapped on first use
 * and closed with the archive. At most {@code maxOpen} stay mapped: a bundle can have
 * thousands of shards, and the least recently used mapping is released when another is
 * needed. What callers hold is a {@link Part} that maps its file again when needed, so an
 * evicted file is never read through a closed mapping by {@link ByteSource#read}; slices
 * from {@link ByteSource#segment} are valid until the part is next evicted, so callers use
 * them at once.
 *
 * <p>The root is a {@link Location}: on this machine parts are checked and mapped by path as
 * always; under a remote prefix each part is opened once through {@code root.resolve(ref)}
 * and read by ranges through the shared, bounded block cache (so none is ever evicted here).
 */
public final class ArchiveFiles implements AutoCloseable {
    private final Location location;
    /** The local folder, or null when the parts are remote. */
    private final Path root;

    private final int maxOpen;
    private final Map<FileRef, Part> parts = new LinkedHashMap<>();
    private final LinkedHashMap<FileRef, MappedFileSource> mapped = new LinkedHashMap<>(16, 0.75f, true);
    private boolean closed;

    public ArchiveFiles(Path root, int maxOpen) {
        this(new LocalLocation(root), maxOpen);
    }

    public ArchiveFiles(Location root, int maxOpen) {
        this.location = root;
        this.root = root.localPath().orElse(null);
        this.maxOpen = Math.max(1, maxOpen);
    }

    /** The part named {@code ref}, which must be a regular file inside the root (links not followed out). */
    public synchronized ByteSource source(FileRef ref) throws IOException {
        if (closed) throw new IOException(where() + ": archive is closed");
        Part p = parts.get(ref);
        if (p == null && root == null) {
            p = remotePart(ref);
            parts.put(ref, p);
        }
        if (p == null) {
            Path file = resolve(ref);
            if (Files.isSymbolicLink(file))
                throw new NoSuchFileException(file.toString(), null, "a symbolic link; links are not followed");
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw new NoSuchFileException(
                        file.toString(),
                        null,
                        Files.exists(file, LinkOption.NOFOLLOW_LINKS) ? "not a regular file" : "no such file");
            }
            // Opened once here so a file we may not read says so, not "ends at 0" at its first read.
            Files.newByteChannel(file, java.nio.file.StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)
                    .close();
            p = new Part(ref, Files.size(file), null);
            parts.put(ref, p);
        }
        return p;
    }

    /** A remote part, opened now (its first request gives its size); a missing object reads as a missing file. */
    private Part remotePart(FileRef ref) throws IOException {
        Location at;
        try {
            at = location.resolve(ref.path());
        } catch (IllegalArgumentException e) {
            throw new IOException(ref + ": outside the archive folder");
        }
        ByteSource src;
        try {
            src = at.open();
        } catch (RemoteException e) {
            if (e.reason().startsWith("no such object"))
                throw new NoSuchFileException(at.display(), null, "no such file");
            throw e;
        }
        return new Part(ref, src.size(), src);
    }

    private String where() {
        return root != null ? root.toString() : location.display();
    }

    /**
     * The path of {@code ref} under the root; refuses names that would leave it, lexically or
     * through a folder inside the root that is a symbolic link (a {@code splits/} linked to a
     * folder elsewhere is not followed).
     */
    public Path resolve(FileRef ref) throws IOException {
        if (root == null) throw new IOException(location.display() + ": not a local folder");
        Path base = root.normalize();
        Path file = root.resolve(ref.path()).normalize();
        if (!file.startsWith(base)) throw new IOException(ref + ": outside the archive folder");
        Path rel = base.relativize(file);
        Path at = base;
        for (int i = 0; i < rel.getNameCount() - 1; i++) {
            at = at.resolve(rel.getName(i));
            if (Files.isSymbolicLink(at)) {
                throw new NoSuchFileException(
                        file.toString(),
                        null,
                        base.relativize(at) + " is a symbolic link; links are not followed out of the archive folder");
            }
        }
        return file;
    }

    private synchronized MappedFileSource mapping(Part part) throws IOException {
        if (closed) throw new IOException(where() + ": archive is closed");
        MappedFileSource m = mapped.get(part.ref);
        if (m != null) return m;
        while (mapped.size() >= maxOpen) {
            var eldest = mapped.entrySet().iterator().next();
            eldest.getValue().close();
            mapped.remove(eldest.getKey());
        }
        m = MappedFileSource.open(resolve(part.ref));
        mapped.put(part.ref, m);
        return m;
    }

    /** How many files are mapped right now (for tests of the limit). */
    public synchronized int openCount() {
        return mapped.size();
    }

    /** Lets the remote parts go of what they keep beyond the shared block cache (a window tab hidden). */
    public synchronized void releaseCaches() {
        for (Part p : parts.values()) if (p.remote != null) p.remote.releaseCaches();
    }

    /** Bytes {@link #releaseCaches} would let go. */
    public synchronized long cachedBytes() {
        long n = 0;
        for (Part p : parts.values()) if (p.remote != null) n += p.remote.cachedBytes();
        return n;
    }

    @Override
    public synchronized void close() {
        closed = true;
        mapped.values().forEach(MappedFileSource::close);
        mapped.clear();
        for (Part p : parts.values()) if (p.remote != null) p.remote.close();
    }

    /** One file of the archive; a local one maps itself again after eviction. */
    private final class Part implements ByteSource {
        private final FileRef ref;
        private final long size;
        /** The remote object's bytes (reads are thread-safe and need no lock here), or null for a local file. */
        private final ByteSource remote;

        Part(FileRef ref, long size, ByteSource remote) {
            this.ref = ref;
            this.size = size;
            this.remote = remote;
        }

        @Override
        public String name() {
            return ref.path();
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public void read(long offset, byte[] dst, int dstOffset, int len) throws TruncatedException {
            checkRange(offset, len, null);
            if (remote != null) {
                remote.read(offset, dst, dstOffset, len);
                return;
            }
            synchronized (ArchiveFiles.this) {
                try {
                    mapping(this).read(offset, dst, dstOffset, len);
                } catch (TruncatedException e) {
                    throw e;
                } catch (IOException e) {
                    throw new TruncatedException(ref.path(), offset, len, 0, "cannot read: " + e.getMessage());
                }
            }
        }

        @Override
        public MemorySegment segment(long offset, long length) throws TruncatedException {
            checkRange(offset, length, null);
            if (remote != null) return remote.segment(offset, length);
            try {
                return mapping(this).segment(offset, length);
            } catch (TruncatedException e) {
                throw e;
            } catch (IOException e) {
                throw new TruncatedException(ref.path(), offset, length, 0, "cannot read: " + e.getMessage());
            }
        }

        @Override
        public void close() {
            // Parts live as long as the archive: ArchiveFiles.close releases them.
        }
    }
}
