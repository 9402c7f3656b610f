package dev.vitrine.core.location;

import dev.vitrine.core.io.AnonymousFile;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.remote.RangeTransport;
import dev.vitrine.core.remote.RemoteException;
import dev.vitrine.core.remote.RemoteObject;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.RemoteSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/** Opening a remote object, and the one fallback for servers that ignore Range. */
final class RemoteObjects {
    private RemoteObjects() {}

    /** A remote object opened by its first ranged GET, or read whole when its server ignores Range. */
    record Opened(RemoteObject object, ByteSource whole, String notice) {
        long size() {
            return object != null ? object.size() : whole.size();
        }
    }

    /** {@code name}: the object's name in messages (a whole read's temporary file is never shown). */
    static Opened open(RangeTransport transport, RemoteSettings settings, String name) throws IOException {
        try {
            return new Opened(RemoteObject.open(transport, settings), null, null);
        } catch (RemoteObject.RangeIgnored e) {
            try {
                ByteSource whole = readWhole(transport.display(), name, e.response(), settings.wholeBodyBytes());
                return new Opened(
                        null,
                        whole,
                        "server ignores Range requests: read the whole object (" + whole.size() + " bytes"
                                + ") once into a temporary file");
            } finally {
                transport.close();
            }
        } catch (IOException | RuntimeException e) {
            // refused, missing, not trusted...: its client's thread must not outlive the answer (the
            // window opens address after address)
            transport.close();
            throw e;
        }
    }

    static ByteSource source(Opened o, String name, RemoteSettings settings) {
        return o.object() != null
                ? new RemoteSource(o.object(), name, Math.min(Integer.MAX_VALUE - 16, settings.cacheBytes()))
                : o.whole();
    }

    /**
     * Reads a whole body into an anonymous temporary file within {@code limit} bytes and maps it:
     * the file has no name from the start, so nothing is left behind even if the process is killed
     * while it reads.
     */
    private static ByteSource readWhole(String display, String name, RangeTransport.Response r, long limit)
            throws IOException {
        if (r.total() > limit) {
            r.discard();
            throw new RemoteException(
                    display,
                    "server ignores Range requests, and the object (" + r.total() + " bytes" + ") is over the limit of "
                            + limit + " bytes for reading it whole");
        }
        try (FileChannel out = AnonymousFile.inTemp("vitrine-whole-");
                InputStream in = r.body()) {
            long n = 0;
            byte[] buf = new byte[1 << 16];
            try {
                for (int k; (k = in.read(buf)) > 0; ) {
                    n += k;
                    if (n > limit) {
                        throw new RemoteException(
                                display,
                                "server ignores Range requests, and the object is over the limit of " + limit
                                        + " bytes for reading it whole");
                    }
                    ByteBuffer b = ByteBuffer.wrap(buf, 0, k);
                    while (b.hasRemaining()) out.write(b);
                }
            } catch (java.net.SocketTimeoutException e) {
                // the body stalled (its watch's words): the server ignores Range, so nothing can be resumed
                throw new RemoteException(display, "timed out (" + e.getMessage() + ")", e);
            }
            if (r.total() >= 0 && n != r.total()) {
                throw new RemoteException(display, "connection dropped after " + n + " of " + r.total() + " bytes");
            }
            return MappedFileSource.mapPrivate(out, n, name);
        }
    }
}
