package dev.vitrine.core.format;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.model.Node;
import java.nio.file.Path;

/**
 * What every opened archive holds the same way: its format, what the user opened, its own
 * file's bytes and the root of its tree. A format extends this and keeps only what is its own.
 */
public abstract class AbstractArchive implements Archive {
    private final ArchiveFormat format;
    private final Path path;
    /** Null for multi-file formats, which override {@link #source()} and {@link #close()}. */
    private final ByteSource source;
    /** Written once under {@link #rootLock}; volatile so readers after that need no lock. */
    private volatile Node root;
    /**
     * A private lock, not {@code this}: subclasses lock themselves for their own caches, and
     * building the root must not wait on (or block) a long read holding that lock.
     */
    private final Object rootLock = new Object();

    /** A single-file archive reading {@code source}, which it closes with itself. */
    protected AbstractArchive(ArchiveFormat format, Path path, ByteSource source) {
        this.format = format;
        this.path = path;
        this.source = source;
    }

    /** A multi-file archive: it overrides {@link #source()} and {@link #close()}. */
    protected AbstractArchive(ArchiveFormat format, Path path) {
        this(format, path, null);
    }

    @Override
    public final ArchiveFormat format() {
        return format;
    }

    @Override
    public final Path path() {
        return path;
    }

    @Override
    public ByteSource source() {
        return source;
    }

    /**
     * The tree's root, made on first call and then kept: making it may read the file, and the
     * window and a command may ask at once, so exactly one is made.
     */
    @Override
    public final Node root() {
        Node r = root;
        if (r != null) return r;
        synchronized (rootLock) {
            if (root == null) root = makeRoot();
            return root;
        }
    }

    /** Makes the root node; called once, by {@link #root()}. */
    protected abstract Node makeRoot();

    /** What the source keeps to read faster goes too (a remote object's recent spans). */
    @Override
    public void releaseCaches() {
        if (source != null) source.releaseCaches();
    }

    @Override
    public long cachedBytes() {
        return source != null ? source.cachedBytes() : 0;
    }

    /** Closes the source this archive was given. */
    @Override
    public void close() {
        if (source != null) source.close();
    }
}
