package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FormatException;

/**
 * A malformed record or index payload. Carries the position inside the (decompressed)
 * payload; callers turn it into a {@link FormatException} at the block's offset. No stack
 * trace: hostile files raise these often.
 */
final class PayloadException extends Exception {
    private final long position;

    PayloadException(long position, String message) {
        super(message, null, false, false);
        this.position = position;
    }

    long position() {
        return position;
    }

    /** The problem placed at {@code blockOffset}, where the reference reports block-level damage. */
    FormatException at(String file, long blockOffset) {
        return new FormatException(file, blockOffset, getMessage());
    }
}
