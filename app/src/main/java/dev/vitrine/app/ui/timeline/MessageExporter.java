package dev.vitrine.app.ui.timeline;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.BackgroundJob;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.export.ExportLimit;
import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.io.AtomicWrite;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.verify.CancelledException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.concurrent.Task;

/**
 * Exports messages from the timeline's messages table: the selected rows, or every message of
 * the table's window and channels (not only the rows shown), as JSON lines in one file (the
 * `cat --json` lines, through {@link AtomicWrite}: nothing half-written) or as their raw
 * payloads, one file each, through the core {@link Exporter} (names, links, the archive's
 * output limit). Either way a job with progress and cancel, off the FX thread.
 */
public final class MessageExporter {
    /** Most payload files one export writes from a window (each is a file: zoom in or choose rows for more). */
    static final int MAX_PAYLOAD_FILES = 100_000;

    /** Which messages: {@code chosen} when not empty, else those of {@code channels} (empty: all) in [start, stop]. */
    public record Choice(List<TimedMessages.Message> chosen, List<String> channels, long startNs, long stopNs) {
        String describe() {
            if (!chosen.isEmpty())
                return Human.count(chosen.size()) + (chosen.size() == 1 ? " selected message" : " selected messages");
            return "the messages of "
                    + (channels.isEmpty()
                            ? "every channel"
                            : channels.size() == 1 ? channels.getFirst() : channels.size() + " channels")
                    + " in the window";
        }
    }

    private final ViewContext context;
    private final TimedMessages timed;

    MessageExporter(ViewContext context, TimedMessages timed) {
        this.context = context;
        this.timed = timed;
    }

    /** Asks for a file, then writes the messages' JSON lines there. */
    public void askJsonLines(Choice c) {
        Path target = context.destinations()
                .get()
                .file(context.owner().get(), "Export " + c.describe() + " as JSON lines", "messages.jsonl");
        if (target != null) runJsonLines(c, target);
    }

    /** Asks for a folder, then writes the messages' payloads there. */
    public void askPayloads(Choice c) {
        Path folder = context.destinations()
                .get()
                .exportFolder(
                        context.owner().get(),
                        "Export the payloads of " + c.describe() + " to",
                        context.session().path());
        if (folder != null) runPayloads(c, folder);
    }

    /** Writes {@code c}'s JSON lines to {@code target} (replacing it: the chooser asked) as a job; also what tests call. */
    public Task<Long> runJsonLines(Choice c, Path target) {
        BackgroundJob<Long> task = new BackgroundJob<>("Exporting messages", job -> {
            long[] n = {0};
            long total = c.chosen().isEmpty() ? -1 : c.chosen().size();
            AtomicWrite.write(target.toAbsolutePath(), true, out -> {
                try (JsonGenerator g = Json.MAPPER.getFactory().createGenerator(new TimedMessages.NonClosing(out))) {
                    g.setRootValueSeparator(null);
                    forEach(c, job::cancelled, m -> {
                        TimedMessages.writeLine(g, m);
                        if ((++n[0] & 255) == 0) {
                            job.message(Human.count(n[0]) + " messages");
                            if (total > 0) job.progress(n[0], total);
                        }
                    });
                }
                if (job.cancelled()) throw new CancelledException();
            });
            return n[0];
        });
        task.setOnSucceeded(e -> context.notifier()
                .info("Exported " + Human.count(task.getValue()) + " messages as JSON lines to " + target));
        task.setOnFailed(e -> context.notifier()
                .error(
                        task.getException() instanceof CancelledException
                                ? "Export cancelled; nothing was written"
                                : "Export failed: " + Human.error(task.getException()) + "; nothing was written"));
        task.setOnCancelled(e -> context.notifier().info("Export cancelled; nothing was written"));
        context.jobs().submit(task);
        return task;
    }

    /** Writes {@code c}'s decompressed payloads as files in {@code folder} as a job; also what tests call. */
    public Task<ExportReport> runPayloads(Choice c, Path folder) {
        BackgroundJob<ExportReport> task = new BackgroundJob<>("Exporting payloads", job -> {
            List<Content> files = new ArrayList<>();
            forEach(c, job::cancelled, m -> {
                if (files.size() >= MAX_PAYLOAD_FILES) {
                    throw new IOException("more than " + Human.count(MAX_PAYLOAD_FILES)
                            + " messages in the window: zoom in, choose channels or select rows");
                }
                files.add(new Payload(m, files.size()));
            });
            ExportOptions options =
                    ExportLimit.of(context.session().archive(), Limits.DEFAULT).applyTo(ExportOptions.DEFAULT);
            return new Exporter(
                            options,
                            (done, total, current) -> {
                                job.progress(done, Math.max(1, total));
                                if (current != null) job.message(current);
                            },
                            job.flag())
                    .readingFrom(context.session().path())
                    .export(files, folder);
        });
        task.setOnSucceeded(e -> {
            ExportReport r = task.getValue();
            String s = "Exported " + Human.count(r.exported().size()) + " payloads (" + Human.size(r.bytes()) + ") to "
                    + folder;
            if (r.stop() != null)
                s += "; stopped at the output limit at " + r.stop().name() + ": "
                        + r.stop().reason();
            if (!r.skipped().isEmpty()) s += "; " + r.skipped().size() + " kept (already there)";
            if (!r.failed().isEmpty())
                s += "; " + r.failed().size() + " failed: "
                        + r.failed().getFirst().reason();
            if (!r.refused().isEmpty())
                s += "; " + r.refused().size() + " refused: "
                        + r.refused().getFirst().reason();
            if (r.ok() && r.skipped().isEmpty()) context.notifier().info(s);
            else context.notifier().error(s);
        });
        task.setOnFailed(e -> context.notifier().error("Export failed: " + Human.error(task.getException())));
        context.jobs().submit(task);
        return task;
    }

    private interface Each {
        void accept(TimedMessages.Message m) throws IOException;
    }

    /** The chosen messages in the order given, or the window's in time order (latched replays left out: they lie before it). */
    private void forEach(Choice c, BooleanSupplier cancelled, Each each) throws IOException {
        if (!c.chosen().isEmpty()) {
            for (TimedMessages.Message m : c.chosen()) {
                if (cancelled.getAsBoolean()) return;
                each.accept(m);
            }
            return;
        }
        try (TimedMessages.Cursor cur = timed.messages(c.channels(), c.startNs(), c.stopNs())) {
            while (cur.hasNext() && !cancelled.getAsBoolean()) {
                TimedMessages.Message m = cur.next();
                if (!m.latchedReplay()) each.accept(m);
            }
        }
    }

    /** One message's decompressed payload as a file named as `cat --raw` names it; its stored bytes let the exporter refuse reuse. */
    private record Payload(TimedMessages.Message message, int n) implements Content {
        @Override
        public String name() {
            return String.format(
                    Locale.ROOT, "%08d-%d-%s.bin", n, message.timeNs(), TimedMessages.safeFileName(message.channel()));
        }

        @Override
        public long size() {
            return UNKNOWN_SIZE;
        }

        @Override
        public InputStream open() throws IOException {
            return new ByteArrayInputStream(message.payload());
        }

        @Override
        public ByteRange stored() {
            return message.range();
        }
    }
}
