package dev.vitrine.core.format.caf;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.model.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks that concern one entry alone: its JSON, its byte range, its name. Shared by verify
 * and by a file node's own problems. Offsets point at the entry's key in the index, where a
 * user would look to see what the writer wrote.
 */
final class CafEntryChecks {
    private CafEntryChecks() {}

    static List<Problem> check(CafEntry e, String file, long dataEnd) {
        List<Problem> out = new ArrayList<>(1);
        String who = "entry " + EntryPathPolicy.quote(e.name());
        String range = rangeProblem(e, dataEnd);
        if (range != null) out.add(Problem.error(file, e.keyOffset(), who + ": " + range));
        // The portable rules (verify's verdict does not depend on where it runs); Windows is a warning.
        EntryPathPolicy.Classification n = EntryPathPolicy.of(false).classify(e.name());
        switch (n.decision()) {
            case EntryPathPolicy.Refused r ->
                out.add(Problem.error(
                        file, e.keyOffset(), who + ": unsafe name (" + r.reason() + "); export refuses it"));
            case EntryPathPolicy.Safe s
            when s.sanitised() ->
                out.add(Problem.warning(
                        file,
                        e.keyOffset(),
                        who + ": odd name (" + String.join(", ", s.notes()) + "); export writes it as "
                                + EntryPathPolicy.quote(s.relative())));
            case EntryPathPolicy.Safe s -> {}
        }
        // Legal here, so a warning wherever verify runs; export on Windows refuses the entry.
        if (n.windows() != null) {
            out.add(Problem.warning(
                    file,
                    e.keyOffset(),
                    who + ": name cannot be written on Windows: " + n.windows() + "; export there refuses it"));
        }
        if (n.deceptive() != null) {
            out.add(Problem.warning(
                    file,
                    e.keyOffset(),
                    who + ": name displays differently from what it is: " + n.deceptive()
                            + "; listings show it escaped, export writes it as it is"));
        }
        return out;
    }

    /** Why the entry's bytes cannot be read, or null when they can. */
    static String rangeProblem(CafEntry e, long dataEnd) {
        if (e.defect() != null) return e.defect();
        if (e.start() > e.end()) return "start_byte " + e.start() + " is after end_byte " + e.end();
        if (e.end() > dataEnd) {
            return "range [" + e.start() + ", " + e.end() + ") runs past the data section, which ends at " + dataEnd
                    + " where the index begins";
        }
        return null;
    }
}
