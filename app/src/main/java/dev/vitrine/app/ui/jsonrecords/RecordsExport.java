package dev.vitrine.app.ui.jsonrecords;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.export.AtomicFile;
import dev.vitrine.core.model.FilterableRecords;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** Writes ranges of records, as their JSON lines, to a file on the long lane. */
final class RecordsExport {
    private RecordsExport() {}

    /** Writes {@code ranges} ([from, to) of record numbers) to {@code target}; {@code what} names them in the message. */
    static void write(
            Background background,
            Notifier notifier,
            FilterableRecords records,
            List<long[]> ranges,
            String what,
            Path target) {
        background.runLong(
                () -> {
                    AtomicFile.write(target, true, out -> write(records, ranges, out));
                    return target;
                },
                p -> notifier.info("Exported " + what + " to " + p),
                err -> notifier.error("Export failed: " + Human.error(err)));
    }

    private static void write(FilterableRecords records, List<long[]> ranges, OutputStream out) throws IOException {
        for (long[] r : ranges) {
            for (long from = r[0]; from < r[1]; from += 4096) {
                for (String line : records.lines(from, (int) Math.min(4096, r[1] - from))) {
                    out.write(line.getBytes(StandardCharsets.UTF_8));
                    out.write('\n');
                }
            }
        }
    }
}
