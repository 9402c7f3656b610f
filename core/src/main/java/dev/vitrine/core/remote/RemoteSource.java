package dev.vitrine.core.remote;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.TruncatedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;

/**
 * A {@link ByteSource} over a {@link RemoteObject}. Reads go through the shared block cache;
 * {@link #segment} copies the range into memory, so formats read large spans in pieces (a
 * remote archive is never held whole).
 */
public final class RemoteSource implements ByteSource {
    private final RemoteObject object;
    private final String name;
    private final long maxSegment;

    public RemoteSource(RemoteObject object, String name, long maxSegment) {
        this.object = object;
        this.name = name;
        this.maxSegment = maxSegment;
    }

    public RemoteObject object() {
        return object;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return object.size();
    }

    @Override
    public void read(long offset, byte[] dst, int dstOffset, int len) throws TruncatedException {
        checkRange(offset, len, null);
        try {
            object.read(offset, dst, dstOffset, len);
        } catch (IOException e) {
            // ByteSource reads throw only truncation; a failed transfer is not damage to report
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public MemorySegment segment(long offset, long length) throws TruncatedException {
        checkRange(offset, length, null);
        if (length > maxSegment) {
            throw new UncheckedIOException(new RemoteException(
                    object.display(),
                    "a read of " + length + " bytes at offset " + offset
                            + " is more than is held in memory from a remote object"));
        }
        byte[] b = new byte[(int) length];
        read(offset, b, 0, (int) length);
        return MemorySegment.ofArray(b);
    }

    @Override
    public void close() {
        object.close();
    }
}
