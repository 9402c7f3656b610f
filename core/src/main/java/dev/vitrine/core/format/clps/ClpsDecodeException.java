package dev.vitrine.core.format.clps;

import java.io.IOException;

/**
 * Bytes inside a decoded (decompressed) region that do not follow the format. Carries the
 * offset within the decoded bytes; the caller turns it into a problem at the frame's file offset.
 */
final class ClpsDecodeException extends IOException {
    private final long decodedOffset;

    ClpsDecodeException(long decodedOffset, String message) {
        super(message, null);
        this.decodedOffset = decodedOffset;
    }

    long decodedOffset() {
        return decodedOffset;
    }

    /** The message with the decoded offset, for a problem placed at a frame's file offset. */
    String where(String region) {
        return decodedOffset < 0
                ? region + ": " + getMessage()
                : region + ": at decoded offset " + decodedOffset + ": " + getMessage();
    }
}
