package dev.vitrine.app.ui.export;

import dev.vitrine.app.ui.table.KeyQuery;
import dev.vitrine.core.io.AtomicWrite;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.RowTable;
import dev.vitrine.core.model.SortedRecords;
import dev.vitrine.core.verify.CancelledException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Writes records to one file in a {@link RecordFraming}, through {@link AtomicWrite}: a key range
 * of sorted records, chosen rows of a table, or records already in memory (search matches).
 * Blocking and cancellable (a cancelled export leaves no file); run it in the background.
 */
public final class RecordExporter {
    private RecordExporter() {}

    /** Records and bytes written so far; {@code total} records, or -1 when unknown (a key range). */
    @FunctionalInterface
    public interface Progress {
        void progress(long records, long bytes, long total);
    }

    public record Result(Path target, long records, long bytes) {}

    public static Result range(
            SortedRecords sorted,
            KeyQuery q,
            RecordFraming framing,
            Path target,
            boolean replace,
            Progress progress,
            BooleanSupplier cancelled)
            throws IOException {
        long[] n = {0, 0};
        byte[] scratch = new byte[10];
        AtomicWrite.write(target.toAbsolutePath(), replace, out -> {
            sorted.scan(q.start(), q.stop(), q.prefix(), (rec, off, len) -> {
                stopIfCancelled(cancelled);
                framing.write(out, rec, off, len, scratch);
                n[0]++;
                n[1] += len;
                if ((n[0] & 1023) == 0) progress.progress(n[0], n[1], -1);
                return true;
            });
            stopIfCancelled(cancelled);
        });
        progress.progress(n[0], n[1], n[0]);
        return new Result(target, n[0], n[1]);
    }

    public static Result records(
            List<byte[]> records,
            RecordFraming framing,
            Path target,
            boolean replace,
            Progress progress,
            BooleanSupplier cancelled)
            throws IOException {
        long[] n = {0, 0};
        byte[] scratch = new byte[10];
        AtomicWrite.write(target.toAbsolutePath(), replace, out -> {
            for (byte[] r : records) {
                stopIfCancelled(cancelled);
                framing.write(out, r, 0, r.length, scratch);
                n[0]++;
                n[1] += r.length;
                progress.progress(n[0], n[1], records.size());
            }
            stopIfCancelled(cancelled);
        });
        return new Result(target, n[0], n[1]);
    }

    /**
     * The rows in {@code ranges} ({start, end}, ascending, end exclusive) of {@code table}, each
     * row's {@link RowTable.Row#content()}, read a page at a time.
     */
    public static Result rows(
            RowTable table,
            List<long[]> ranges,
            RecordFraming framing,
            Path target,
            boolean replace,
            Progress progress,
            BooleanSupplier cancelled)
            throws IOException {
        long[] n = {0, 0};
        long total = 0;
        for (long[] r : ranges) total += r[1] - r[0];
        long all = total;
        byte[] scratch = new byte[10];
        AtomicWrite.write(target.toAbsolutePath(), replace, out -> {
            for (long[] range : ranges) {
                long at = range[0];
                while (at < range[1]) {
                    List<RowTable.Row> rows = table.rows(at, (int) Math.min(1024, range[1] - at));
                    if (rows.isEmpty()) break;
                    for (RowTable.Row r : rows) {
                        stopIfCancelled(cancelled);
                        n[1] += writeContent(r, framing, out, scratch);
                        n[0]++;
                    }
                    at += rows.size();
                    progress.progress(n[0], n[1], all);
                }
            }
            stopIfCancelled(cancelled);
        });
        return new Result(target, n[0], n[1]);
    }

    /** All rows {@code [from, from+count)} of {@code table}, read a page at a time. */
    public static Result rowRange(
            RowTable table,
            long from,
            long count,
            RecordFraming framing,
            Path target,
            boolean replace,
            Progress progress,
            BooleanSupplier cancelled)
            throws IOException {
        return rows(table, List.of(new long[] {from, from + count}), framing, target, replace, progress, cancelled);
    }

    /**
     * Checked before each record, and once more when every record is written: a cancel that
     * came after the last record must not publish the file the user was told would not be written.
     */
    private static void stopIfCancelled(BooleanSupplier cancelled) {
        if (cancelled.getAsBoolean()) throw new CancelledException();
    }

    private static long writeContent(RowTable.Row r, RecordFraming framing, OutputStream out, byte[] scratch)
            throws IOException {
        Content c = r.content();
        if (c == null) throw new IOException("row " + r.index() + " has no content to export");
        byte[] bytes;
        try (InputStream in = c.open()) {
            bytes = in.readAllBytes();
        }
        framing.write(out, bytes, 0, bytes.length, scratch);
        return bytes.length;
    }
}
