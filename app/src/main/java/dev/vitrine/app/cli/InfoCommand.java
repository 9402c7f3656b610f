package dev.vitrine.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** `vitrine info [--json] FILE`: the archive's header summary. */
@Command(name = "info", description = "Print an archive's summary (header fields, metadata).")
final class InfoCommand implements Callable<Integer> {

    @Option(names = "--json", description = "Print JSON (for ZSS/ZS, exactly as the reference `zss info`).")
    boolean json;

    @Mixin
    ArchiveArgument archiveArg;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        return archiveArg.run((archive, reading) -> {
            reading.openProblems(archive, false);
            // An archive whose header cannot be read has no summary to print; damage elsewhere
            // (an entry of the index) still leaves one, and the exit status says 1.
            if (archive.unreadable()) return ExitCodes.DAMAGED;
            if (json) {
                out.print(archive.infoJson());
            } else {
                out.println("file: " + archiveArg.typed());
                out.println("format: " + archive.format().displayName());
                out.println("size: " + archive.source().size() + " bytes");
                printFlat(out, "", archive.info());
            }
            out.flush();
            return ExitCodes.OK;
        });
    }

    /** Nested objects as dotted names, one line each; arrays and scalars as JSON text. */
    private static void printFlat(PrintWriter out, String prefix, JsonNode node) {
        Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = prefix + e.getKey();
            JsonNode v = e.getValue();
            if (name.equals("format")) continue; // already printed as the format's display name
            if (v.isObject() && !v.isEmpty()) printFlat(out, name + ".", v);
            else out.println(name + ": " + (v.isTextual() ? v.asText() : v.toString()));
        }
    }
}
