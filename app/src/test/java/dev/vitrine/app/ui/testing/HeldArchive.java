package dev.vitrine.app.ui.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.SortedRecords;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A real archive whose record scans can be held: once {@link #holdAfter(int)} is armed, the next
 * scan hands that many records on, then waits until {@link #release()}. A test uses it to act
 * (cancel an export, say) while a write is surely half done, without racing the disk.
 */
public final class HeldArchive implements Archive {
    private final Archive real;
    private volatile int holdAfter = -1;
    private volatile CountDownLatch held = new CountDownLatch(1);
    private volatile CountDownLatch released = new CountDownLatch(1);
    private volatile boolean holdVerify;
    private final CountDownLatch closed = new CountDownLatch(1);

    public HeldArchive(Archive real) {
        this.real = real;
    }

    /** The next scan stops after {@code records} records until released. */
    public void holdAfter(int records) {
        held = new CountDownLatch(1);
        released = new CountDownLatch(1);
        holdAfter = records;
    }

    /** Waits until a scan is held; false on timeout. */
    public boolean awaitHeld(long seconds) throws InterruptedException {
        return held.await(seconds, TimeUnit.SECONDS);
    }

    /** The next verify waits, before reading anything, until {@link #release()}. */
    public void holdVerify() {
        held = new CountDownLatch(1);
        released = new CountDownLatch(1);
        holdVerify = true;
    }

    /** Whether the archive has been closed (its mapping released). */
    public boolean isClosed() {
        return closed.getCount() == 0;
    }

    public void release() {
        holdVerify = false;
        holdAfter = -1;
        released.countDown();
    }

    private final SortedRecords holding = new SortedRecords() {
        @Override
        public void scan(byte[] start, byte[] stop, byte[] prefix, RecordSink sink) throws IOException {
            SortedRecords records = real.capability(SortedRecords.class).orElseThrow();
            int limit = holdAfter;
            long[] n = {0};
            records.scan(start, stop, prefix, (rec, off, len) -> {
                if (limit >= 0 && n[0]++ == limit) {
                    held.countDown();
                    try {
                        if (!released.await(60, TimeUnit.SECONDS))
                            throw new IOException("held scan was never released");
                    } catch (InterruptedException e) {
                        throw new InterruptedIOException();
                    }
                }
                return sink.accept(rec, off, len);
            });
        }
    };

    @Override
    public <T> Optional<T> capability(Class<T> type) {
        if (type == SortedRecords.class && real.capability(SortedRecords.class).isPresent())
            return Optional.of(type.cast(holding));
        return real.capability(type);
    }

    @Override
    public ArchiveFormat format() {
        return real.format();
    }

    @Override
    public Path path() {
        return real.path();
    }

    @Override
    public ByteSource source() {
        return real.source();
    }

    @Override
    public Node root() {
        return real.root();
    }

    @Override
    public List<Problem> openProblems() {
        return real.openProblems();
    }

    @Override
    public ObjectNode info() throws IOException {
        return real.info();
    }

    @Override
    public String infoJson() throws IOException {
        return real.infoJson();
    }

    @Override
    public void verify(VerifyContext ctx) throws IOException {
        if (holdVerify) {
            held.countDown();
            try {
                if (!released.await(60, TimeUnit.SECONDS)) throw new IOException("held verify was never released");
            } catch (InterruptedException e) {
                throw new InterruptedIOException();
            }
        }
        real.verify(ctx);
    }

    @Override
    public void close() {
        real.close();
        closed.countDown();
    }
}
