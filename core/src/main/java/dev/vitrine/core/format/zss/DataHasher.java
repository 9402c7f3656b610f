package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.Sha256;
import dev.vitrine.core.verify.VerifyContext;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * The data hash of verify: SHA-256 of every data block's decompressed payload, in file order.
 * The one strictly sequential job; its calls must come one at a time, in file order.
 */
final class DataHasher {
    private final VerifyContext ctx;
    private final Sha256 sha = Sha256.create();
    /** Staging for SHA-256 input. */
    private final byte[] hashBuf = new byte[128 << 10];

    DataHasher(VerifyContext ctx) {
        this.ctx = ctx;
    }

    byte[] digest() {
        return sha.digest();
    }

    /** Codec none: hashes the data payloads from the chunk's copy (its bytes from {@code base} on). */
    void hashCopied(List<BlockFrame> frames, byte[] copy, long base) {
        for (BlockFrame f : frames) {
            if (ctx.isCancelled()) return;
            if (f.isData()) sha.update(copy, (int) (f.payloadOffset() - base), (int) f.payloadLength());
        }
    }

    /**
     * Bytes handed to SHA-256 through a heap buffer of our own. MessageDigest.update(ByteBuffer)
     * on a direct (mapped) buffer copies through a 4 KB temporary, a bounded copy plus a
     * session acquire/release and a digest call per 4 KB; large copies amortise all of that.
     */
    private void hash(MemorySegment src, long off, long len) {
        byte[] buf = hashBuf;
        while (len > 0) {
            int n = (int) Math.min(len, buf.length);
            MemorySegment.copy(src, ValueLayout.JAVA_BYTE, off, buf, 0, n);
            sha.update(buf, 0, n);
            off += n;
            len -= n;
        }
    }

    /** Compressed codecs: hashes the decompressed payloads the checks kept, and drops them; their bytes. */
    long hashPayloads(BlockCheck[] checks) {
        long bytes = 0;
        for (BlockCheck bc : checks) {
            if (bc == null || ctx.isCancelled()) return bytes;
            MemorySegment p = bc.payloadToHash;
            if (p != null) {
                bytes += p.byteSize();
                if (p.heapBase().orElse(null) instanceof byte[] a && p.byteSize() <= Integer.MAX_VALUE) {
                    sha.update(a, (int) p.address(), (int) p.byteSize());
                } else {
                    hash(p, 0, p.byteSize());
                }
                bc.payloadToHash = null;
            }
        }
        return bytes;
    }
}
