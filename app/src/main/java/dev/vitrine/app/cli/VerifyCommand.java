package dev.vitrine.app.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.remote.Redact;
import dev.vitrine.core.text.Plural;
import dev.vitrine.core.verify.VerifyListener;
import dev.vitrine.core.verify.VerifyReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * `vitrine verify [--json] [--range [PART:]START:END] FILE...`: every check the format allows, or
 * those of the units meeting one byte range. Prints each problem with
 * its byte offset as it is found. Exit 0 all intact, 1 some damaged, 2 some unreadable.
 */
final class VerifyCommand implements Callable<Integer> {
    final CommandSpec spec =
            Specs.command(this, "verify", "Check archives completely: checksums, structure, order, references.");
    private boolean json;
    private List<String> files;
    private final RemoteArgs remote;
    private Boolean progress;
    private String range;

    VerifyCommand() {
        spec.addPositional(Specs.positionals("0..*", "1..*", "FILE", null, v -> files = v));
        Specs.add(
                spec,
                Specs.flag("--json", "Print one JSON document with every file's problems.", v -> json = v),
                Specs.negatable(
                        "--progress",
                        "Draw a progress line on standard error (default: when it is a terminal, never with --json).",
                        v -> progress = v),
                Specs.option(
                        "--range",
                        "[PART:]START:END",
                        String.class,
                        "Check only the units (blocks, streams, splits, shards) that meet bytes START to END"
                                + " (END excluded) of the archive's file, or of PART, a file inside an archive folder;"
                                + " the checks that need the whole archive are named as not run.",
                        v -> range = v));
        remote = new RemoteArgs(spec);
    }

    record Outcome(String file, String format, VerifyReport report, List<Problem> problems, String error) {}

    /** {@code [PART:]START:END} as a byte range; the part's path may hold colons, the numbers may not. */
    static ByteRange parseRange(String text) {
        int b = text.lastIndexOf(':');
        int a = b <= 0 ? -1 : text.lastIndexOf(':', b - 1);
        try {
            if (b < 0) throw new NumberFormatException();
            long start = Long.parseLong(text.substring(a + 1, b));
            long end = Long.parseLong(text.substring(b + 1));
            if (start < 0 || end <= start) throw new NumberFormatException();
            return ByteRange.in(FileRef.of(a < 0 ? "" : text.substring(0, a)), start, end - start);
        } catch (IllegalArgumentException e) { // a number, or a part path FileRef refuses
            throw new IllegalArgumentException(
                    "--range: expected [PART:]START:END with 0 <= START < END, got \"" + text + "\"");
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int exit = ExitCodes.OK;
        List<Outcome> outcomes = new ArrayList<>();
        ByteRange part;
        try {
            part = range == null ? null : parseRange(range);
        } catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        for (String f : files) {
            Outcome o;
            try (ProgressLine line = ProgressLine.on(err, json ? Boolean.FALSE : progress)) {
                o = verifyOne(f, json ? null : out, remote, err, line, part);
            }
            outcomes.add(o);
            if (o.error != null) {
                if (!json) err.println("vitrine: " + o.error);
                exit = Math.max(exit, ExitCodes.UNREADABLE);
            } else if (!o.report.intact()) {
                exit = Math.max(exit, ExitCodes.DAMAGED);
            }
            if (!json && o.error == null) out.println(summary(o));
            if (!json && o.error == null && o.report.scope() != null)
                out.println(ArchiveArgument.shown(o.file) + ": part " + range + ": " + o.report.scope());
            out.flush();
        }
        if (json) writeJson(out, outcomes);
        return exit;
    }

    private static Outcome verifyOne(
            String file, PrintWriter live, RemoteArgs remote, PrintWriter err, ProgressLine line, ByteRange part) {
        List<Problem> problems = new ArrayList<>();
        try (Archive archive = ArchiveArgument.open(file, remote, err)) {
            VerifyListener listener = new VerifyListener() {
                @Override
                public void problem(Problem p) {
                    if (problems.size() < 100_000) problems.add(p);
                    if (live != null) {
                        line.clear();
                        live.println(ArchiveArgument.line(p, file));
                        live.flush();
                    }
                }

                @Override
                public void progress(long done, long total) {
                    line.update(done, total);
                }
            };
            VerifyReport report = part == null
                    ? VerifyEngine.run(archive, listener)
                    : VerifyEngine.run(archive, listener, new java.util.concurrent.atomic.AtomicBoolean(), part);
            return new Outcome(file, archive.format().id(), report, problems, null);
        } catch (ArchiveArgument.CannotOpen e) {
            return new Outcome(file, null, null, problems, e.getMessage());
        }
    }

    private static String summary(Outcome o) {
        VerifyReport r = o.report;
        if (r.intact()) {
            return ArchiveArgument.shown(o.file) + ": ok"
                    + (r.warnings() > 0 ? " (" + Plural.of(r.warnings(), "warning") + ")" : "");
        }
        return ArchiveArgument.shown(o.file) + ": DAMAGED, " + Plural.of(r.errors(), "error")
                + (r.warnings() > 0 ? ", " + Plural.of(r.warnings(), "warning") : "");
    }

    private static void writeJson(PrintWriter out, List<Outcome> outcomes) throws IOException {
        // The generator must not close standard output: the final newline comes after it.
        try (JsonGenerator g =
                Json.MAPPER.getFactory().createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeArrayFieldStart("files");
            for (Outcome o : outcomes) {
                g.writeStartObject();
                // a URL without its password or signature, as every line names it; a path as typed
                g.writeStringField("file", Locations.isUrl(o.file) ? Redact.url(o.file) : o.file);
                if (o.error != null) {
                    g.writeStringField("status", "unreadable");
                    g.writeStringField("error", o.error);
                } else {
                    g.writeStringField("format", o.format);
                    g.writeStringField("status", o.report.intact() ? "ok" : "damaged");
                    g.writeNumberField("errors", o.report.errors());
                    g.writeNumberField("warnings", o.report.warnings());
                    if (o.report.scope() != null) g.writeStringField("part", o.report.scope());
                    g.writeArrayFieldStart("problems");
                    for (Problem p : o.problems) {
                        g.writeStartObject();
                        g.writeStringField("severity", p.severity().name().toLowerCase());
                        g.writeStringField("file", p.file());
                        g.writeNumberField("offset", p.offset());
                        g.writeStringField("message", p.message());
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.println();
        out.flush();
    }
}
