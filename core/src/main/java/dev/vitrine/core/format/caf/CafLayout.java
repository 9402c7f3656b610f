package dev.vitrine.core.format.caf;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.TruncatedException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import java.util.List;

/**
 * Where the three sections of a CAF chunk lie, as told by its 4-byte footer:
 * data {@code [0, indexStart)}, index {@code [indexStart, footerStart)}, footer
 * {@code [footerStart, fileSize)}. All offsets are longs: chunks go up to 32 GiB.
 */
record CafLayout(long fileSize, long indexSize) {
    static final int FOOTER_SIZE = 4;

    long footerStart() {
        return fileSize - FOOTER_SIZE;
    }

    long indexStart() {
        return footerStart() - indexSize;
    }

    /** End (exclusive) of the data section: entries must lie inside {@code [0, dataEnd)}. */
    long dataEnd() {
        return indexStart();
    }

    /**
     * Reads the footer and checks that the index it points at fits in the file and in the
     * limits. Returns null, after adding the reason to {@code problems}, when it does not.
     */
    static CafLayout read(ByteSource src, Limits limits, List<Problem> problems) {
        long size = src.size();
        if (size < FOOTER_SIZE) {
            problems.add(
                    Problem.error(src.name(), 0, "file is " + size + " bytes, too short for the 4-byte CAF footer"));
            return null;
        }
        long indexSize;
        try {
            indexSize = src.readU32LE(size - FOOTER_SIZE);
        } catch (TruncatedException e) {
            problems.add(Problem.of(e));
            return null;
        }
        CafLayout layout = new CafLayout(size, indexSize);
        if (indexSize > size - FOOTER_SIZE) {
            problems.add(Problem.error(
                    src.name(),
                    size - FOOTER_SIZE,
                    "footer says the index is " + indexSize + " bytes, but only " + (size - FOOTER_SIZE)
                            + " bytes precede the footer"));
            return null;
        }
        if (indexSize == 0) {
            problems.add(Problem.error(
                    src.name(), size - FOOTER_SIZE, "footer says the index is 0 bytes: there is no index"));
            return null;
        }
        if (indexSize > limits.maxMetadataBytes()) {
            problems.add(Problem.error(
                    src.name(),
                    size - FOOTER_SIZE,
                    "index of " + indexSize + " bytes is larger than the limit of " + limits.maxMetadataBytes()
                            + " bytes for metadata; not parsed"));
            return null;
        }
        return layout;
    }
}
