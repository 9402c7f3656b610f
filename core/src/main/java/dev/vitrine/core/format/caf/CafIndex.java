package dev.vitrine.core.format.caf;

import dev.vitrine.core.model.Problem;
import java.util.List;

/**
 * The parsed JSON index: what could be read, even from a damaged index.
 *
 * @param formatVersion     the format_version string, or null when missing or not a string
 * @param versionOffset     absolute offset of the format_version value, -1 when missing
 * @param versionLength     bytes of that value (with its quotes)
 * @param store             entries in index (key) order, as far as parsing got, by column
 * @param problems          damage that stops or undermines reading the index (syntax, limits, version)
 * @param complete          true when the whole index parsed as one JSON object
 */
record CafIndex(
        String formatVersion,
        long versionOffset,
        long versionLength,
        CafEntries store,
        List<Problem> problems,
        boolean complete) {

    /** The entries in index order, each made when asked for (keep none longer than needed). */
    List<CafEntry> entries() {
        return store.asList();
    }
}
