package dev.vitrine.core.format.clps;

import java.io.IOException;
import java.util.BitSet;

/**
 * A query's CLP-string values looked up in the archive's log types before any table is read, as
 * clp-s does: a text no log type of log.dict can expand to rules out every schema that needs it,
 * and a query that matches nothing then decodes no stream (on 1.5 M records, 0.8-1.0 s and 356 MB
 * for a message no log type has, against clp-s's 0.5 s).
 *
 * <p>Whether a variable's text can hold a space (or a double quote) decides how far a log type
 * can be ruled out; it is read from var.dict with a walk of its entries, made only when the
 * answer could change what is ruled out.
 */
final class ClpsLogTypeLookup {
    private ClpsLogTypeLookup() {}

    /** Of the tables in {@code candidates}, those {@code rows} cannot match by their log types; empty when unknown. */
    static BitSet ruledOut(ClpsArchive archive, ClpsRowPrefilter rows, BitSet candidates) {
        ClpsTableMetadata tm = archive.tableMetadata().value();
        ClpsDecoding shape = archive.shape().value();
        ClpsVarDecoder logs = logTypes(archive);
        if (tm == null || shape == null || logs == null) return new BitSet();
        // What could be ruled out at best (variables never holding a space or a quote), and for certain (anything)
        BitSet atBest = rows.ruledOutByLogTypes(tm, shape, candidates, logs, true, true);
        if (atBest.isEmpty()) return atBest;
        BitSet certain = rows.ruledOutByLogTypes(tm, shape, candidates, logs, false, false);
        if (certain.equals(atBest)) return certain;
        boolean[] spaceAndQuote;
        try (ClpsDictionaryPrefix vars = ClpsDictionaryPrefix.forLookups(archive, ClpsArchive.VAR_DICT)) {
            spaceAndQuote = vars == null ? null : vars.spaceAndQuote();
        }
        if (spaceAndQuote == null) return certain; // damage: the full load reports it
        return rows.ruledOutByLogTypes(tm, shape, candidates, logs, !spaceAndQuote[0], !spaceAndQuote[1]);
    }

    /** Log types read here at most: a log.dict holds tens to thousands; more is left to the full load's limits. */
    private static final int MOST = 100_000;

    /** The log types of log.dict, or null when it cannot be read here (the full load reports why). */
    private static ClpsVarDecoder logTypes(ClpsArchive archive) {
        try (ClpsDictionaryPrefix d = ClpsDictionaryPrefix.open(archive, ClpsArchive.LOG_DICT)) {
            if (d == null || d.size() > MOST) return null;
            ClpsDictionary log = d.first(MOST, archive.spill);
            if (log == null || log.size() == 0) return null;
            return new ClpsVarDecoder(
                    ClpsDictionary.EMPTY, log, archive.version().oldPlaceholders());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
