package dev.vitrine.core.format.bundle;

import dev.vitrine.core.location.Location;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * A bundle's {@code index/} (a RocksDB or LevelDB directory), read without ever touching it.
 *
 * <p>Why a private copy: even {@code RocksDB.openReadOnly} creates a {@code LOG} file (and
 * rotates old ones to {@code LOG.old.*}) in the database folder, may take {@code LOCK}, and a
 * read-write open would replay the WAL into a new MANIFEST. A checkpoint is no way out, since
 * making one needs the database opened first. So we copy the files the database reads into
 * a temp folder ({@link BundleIndexCopy}: tables hard-linked where possible, removed on close,
 * at exit and on signals), open that copy read-only, and delete it on close. The index holds
 * metadata only (about 100 bytes per file), so the copy is small next to the shards; it is
 * capped by {@code maxBytes} all the same.
 */
final class BundleIndex implements AutoCloseable {
    static {
        RocksNative.load();
    }

    private final Path copy;
    private final Options options;
    private final RocksDB db;
    private boolean closed;
    /** Reads share it; close takes it alone, so the native handle is never freed under a scan. */
    private final java.util.concurrent.locks.ReentrantReadWriteLock lock =
            new java.util.concurrent.locks.ReentrantReadWriteLock();

    private BundleIndex(Path copy, Options options, RocksDB db) {
        this.copy = copy;
        this.options = options;
        this.db = db;
    }

    static BundleIndex open(Path indexDir, long maxBytes) throws IOException {
        if (!Files.isDirectory(indexDir, LinkOption.NOFOLLOW_LINKS))
            throw new IOException(indexDir + ": no index folder");
        return openCopy(BundleIndexCopy.make(indexDir, maxBytes));
    }

    /** An index folder that is not on this machine: its files fetched into the private copy, which RocksDB opens. */
    static BundleIndex open(Location indexDir, long maxBytes) throws IOException {
        Optional<Path> local = indexDir.localPath();
        if (local.isPresent()) return open(local.get(), maxBytes);
        return openCopy(BundleIndexCopy.fetch(indexDir, maxBytes));
    }

    /** Opens the private copy {@code copy} read-only; deletes it when that fails. */
    private static BundleIndex openCopy(Path copy) throws IOException {
        Options options = null;
        try {
            options = new Options()
                    .setCreateIfMissing(false)
                    .setInfoLogLevel(InfoLogLevel.HEADER_LEVEL)
                    .setMaxOpenFiles(64)
                    .setKeepLogFileNum(1);
            RocksDB db = RocksDB.openReadOnly(options, copy.toString());
            return new BundleIndex(copy, options, db);
        } catch (RocksDBException e) {
            if (options != null) options.close();
            BundleIndexCopy.delete(copy);
            throw new IOException("index: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            if (options != null) options.close();
            BundleIndexCopy.delete(copy);
            throw e;
        }
    }

    /** The private copy (for tests: the bundle's own index folder is never opened). */
    Path copyFolder() {
        return copy;
    }

    byte[] get(byte[] key) throws IOException {
        lock.readLock().lock();
        try {
            check();
            return db.get(key);
        } catch (RocksDBException e) {
            throw new IOException("index: " + e.getMessage(), e);
        } finally {
            lock.readLock().unlock();
        }
    }

    record KeyValue(byte[] key, byte[] value) {}

    /** What a scan does with each key; return false to stop. */
    interface Visitor {
        boolean visit(byte[] key, byte[] value) throws IOException;
    }

    /** Keys starting with {@code prefix}, from {@code from} (or the prefix's start when null), in order. */
    void scan(byte[] prefix, byte[] from, Visitor v) throws IOException {
        lock.readLock().lock();
        try {
            check();
            scanLocked(prefix, from, v);
        } finally {
            lock.readLock().unlock();
        }
    }

    private void scanLocked(byte[] prefix, byte[] from, Visitor v) throws IOException {
        try (ReadOptions ro = new ReadOptions().setFillCache(false);
                RocksIterator it = db.newIterator(ro)) {
            it.seek(from == null ? prefix : from);
            while (it.isValid()) {
                byte[] k = it.key();
                if (!BundleLayout.startsWith(k, prefix)) break;
                if (!v.visit(k, it.value())) return;
                it.next();
            }
            it.status();
        } catch (RocksDBException e) {
            throw new IOException("index: " + e.getMessage(), e);
        }
    }

    /** Up to {@code count} keys of {@code prefix} from {@code from} (inclusive). */
    List<KeyValue> page(byte[] prefix, byte[] from, int count) throws IOException {
        List<KeyValue> out = new ArrayList<>();
        if (count <= 0) return out;
        scan(prefix, from, (k, val) -> {
            out.add(new KeyValue(k, val));
            return out.size() < count;
        });
        return out;
    }

    /** The last key at or before {@code key} that starts with {@code prefix}, or null. */
    KeyValue floor(byte[] prefix, byte[] key) throws IOException {
        lock.readLock().lock();
        try {
            check();
        } catch (IOException e) {
            lock.readLock().unlock();
            throw e;
        }
        try (ReadOptions ro = new ReadOptions();
                RocksIterator it = db.newIterator(ro)) {
            it.seekForPrev(key);
            if (it.isValid() && BundleLayout.startsWith(it.key(), prefix)) return new KeyValue(it.key(), it.value());
            it.status();
            return null;
        } catch (RocksDBException e) {
            throw new IOException("index: " + e.getMessage(), e);
        } finally {
            lock.readLock().unlock();
        }
    }

    private void check() throws IOException {
        if (closed) throw new IOException("index: closed");
    }

    @Override
    public void close() {
        lock.writeLock().lock();
        try {
            if (closed) return;
            closed = true;
            db.close();
            options.close();
            BundleIndexCopy.delete(copy);
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Copies the regular files of {@code from} into a new folder {@code to} (tests and tools). */
    static void copyTree(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(from)) {
            for (Path p : ds)
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    Files.copy(p, to.resolve(p.getFileName().toString()));
        }
    }
}
