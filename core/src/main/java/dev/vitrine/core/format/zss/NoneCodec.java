package dev.vitrine.core.format.zss;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/** Payloads stored as they are: decompression is a zero-copy view of the file. */
final class NoneCodec implements Codec {
    static final NoneCodec INSTANCE = new NoneCodec();

    @Override
    public String name() {
        return "none";
    }

    @Override
    public MemorySegment decompress(MemorySegment input, long maxOutput, String file, long offset) {
        return input;
    }

    @Override
    public byte[] compress(byte[] data, int off, int len) {
        return Arrays.copyOfRange(data, off, off + len);
    }

    @Override
    public boolean isIdentity() {
        return true;
    }
}
