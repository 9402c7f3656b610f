package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.Human;
import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.export.ExportReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An export's report in words: one headline, and one line per entry that was not written
 * (refused, skipped, failed), names quoted so a hostile name cannot garble the dialog. No toolkit.
 */
public record ExportSummary(String headline, List<String> lines, boolean clean) {
    /** Lines shown at most; the rest are counted. */
    public static final int MAX_LINES = 500;

    public static ExportSummary of(ExportReport r, Path folder) {
        int asked = r.total();
        StringBuilder h =
                new StringBuilder("Exported ").append(Human.count(r.exported().size()));
        if (r.exported().size() != asked || r.cancelled() || r.stop() != null)
            h.append(" of ").append(Human.count(asked));
        h.append(asked == 1 ? " file (" : " files (")
                .append(Human.size(r.bytes()))
                .append(") to ")
                .append(folder);
        List<String> lines = new ArrayList<>();
        for (ExportReport.Refused x : r.refused())
            lines.add("refused  " + EntryPathPolicy.quote(x.name()) + " — " + x.reason());
        for (ExportReport.Failed x : r.failed())
            lines.add("failed   " + EntryPathPolicy.quote(x.name()) + " — " + x.reason());
        for (ExportReport.Skipped x : r.skipped())
            lines.add("skipped  " + EntryPathPolicy.quote(x.name()) + " — " + x.reason());
        for (ExportReport.Exported x : r.exported()) {
            if (!x.notes().isEmpty())
                lines.add("renamed  " + EntryPathPolicy.quote(x.name()) + " — " + String.join(", ", x.notes())
                        + "; written as " + folder.relativize(x.path()));
        }
        for (ExportReport.Overlap x : r.overlaps()) {
            if (x.exported())
                lines.add("overlap  " + EntryPathPolicy.quote(x.name()) + " — " + x.reason() + "; exported as asked");
        }
        if (r.stop() != null) {
            lines.add("stopped  " + EntryPathPolicy.quote(r.stop().name()) + " — "
                    + r.stop().reason() + "; " + Human.count(r.stop().remaining())
                    + (r.stop().remaining() == 1 ? " file was" : " files were")
                    + " not exported (the limit keeps an archive from writing far more than it holds;"
                    + " `vitrine export --max-output` raises it)");
        }
        if (r.cancelled()) lines.add("cancelled: entries after the last one written were not exported");
        if (lines.size() > MAX_LINES) {
            int more = lines.size() - MAX_LINES;
            lines = new ArrayList<>(lines.subList(0, MAX_LINES));
            lines.add("… and " + Human.count(more) + " more");
        }
        boolean clean = r.refused().isEmpty()
                && r.failed().isEmpty()
                && r.skipped().isEmpty()
                && !r.cancelled()
                && r.stop() == null
                && r.overlaps().isEmpty();
        return new ExportSummary(h.toString(), List.copyOf(lines), clean);
    }

    /** A first export and a re-run (of the files it skipped, or of the overlapping ones it left out), as one report. */
    public static ExportReport merge(ExportReport first, ExportReport replaced) {
        List<ExportReport.Exported> exported = new ArrayList<>(first.exported());
        exported.addAll(replaced.exported());
        List<ExportReport.Refused> refused = new ArrayList<>(first.refused());
        refused.addAll(replaced.refused());
        List<ExportReport.Failed> failed = new ArrayList<>(first.failed());
        failed.addAll(replaced.failed());
        List<ExportReport.Overlap> overlaps = new ArrayList<>(first.overlaps());
        overlaps.addAll(replaced.overlaps());
        return new ExportReport(
                List.copyOf(exported),
                List.copyOf(replaced.skipped()),
                List.copyOf(refused),
                List.copyOf(failed),
                first.bytes() + replaced.bytes(),
                first.cancelled() || replaced.cancelled(),
                List.copyOf(overlaps),
                replaced.stop() != null ? replaced.stop() : first.stop());
    }
}
