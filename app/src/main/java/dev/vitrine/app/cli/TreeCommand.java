package dev.vitrine.app.cli;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.text.Messages;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/** `vitrine tree FILE`: the structure as an indented outline with offsets. */
final class TreeCommand implements Callable<Integer> {
    final CommandSpec spec =
            Specs.command(this, "tree", "Print an archive's structure as an indented outline with byte offsets.");
    private final ArchiveArgument archiveArg = new ArchiveArgument(spec);
    private int depth;
    private int maxChildren;
    private boolean fields;

    TreeCommand() {
        Specs.add(
                spec,
                Specs.option(
                                "--depth",
                                "<depth>",
                                int.class,
                                "How many levels to print (default ${DEFAULT-VALUE}).",
                                v -> depth = v)
                        .defaultValue("4"),
                Specs.option(
                                "--children",
                                "<maxChildren>",
                                int.class,
                                "Most children printed per node; the rest are counted (default ${DEFAULT-VALUE}).",
                                v -> maxChildren = v)
                        .defaultValue("50"),
                Specs.flag("--fields", "Also print each node's fields.", v -> fields = v));
    }

    @Override
    public Integer call() {
        Counts.requireNonNegative(spec, "--depth", depth);
        Counts.requireNonNegative(spec, "--children", maxChildren);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        return archiveArg.run((archive, reading) -> {
            reading.openProblems(archive, true);
            boolean ok = print(out, err, reading, archive.root(), 0);
            out.flush();
            return ok ? ExitCodes.OK : ExitCodes.DAMAGED;
        });
    }

    /**
     * Prints {@code node} and its subtree; returns false if some part could not be read. The
     * problems of every node printed count: an unreadable block makes the exit status 1.
     */
    private boolean print(PrintWriter out, PrintWriter err, ArchiveArgument.Reading reading, Node node, int level) {
        try {
            reading.reportAll(node.problems(), false);
        } catch (RuntimeException e) {
            reading.damaged(true);
        }
        String indent = "  ".repeat(level);
        out.println(indent + node.name() + "  [" + node.kind() + "]" + rangeText(node.range()));
        if (fields) {
            for (var f : node.fields()) {
                out.println(indent + "    . " + f.name() + " = " + abbreviate(f.value()) + rangeText(f.range()));
            }
        }
        if (!node.hasChildren() || level + 1 >= depth) return true;
        try {
            long n = node.childCount();
            List<Node> kids = node.children(0, (int) Math.min(n, maxChildren));
            boolean ok = true;
            for (Node c : kids) ok &= print(out, err, reading, c, level + 1);
            if (n > kids.size()) out.println(indent + "  ... " + (n - kids.size()) + " more");
            return ok;
        } catch (IOException e) {
            String why = Messages.reason(e);
            out.println(indent + "  !! " + why);
            err.println(why);
            return false;
        }
    }

    private static String rangeText(ByteRange r) {
        if (r.isNone()) return "";
        return "  @" + r.offset() + " +" + r.length() + (!r.file().isMain() ? " in " + r.file() : "");
    }

    private static String abbreviate(String s) {
        String oneLine = s.replace("\n", "\\n");
        return oneLine.length() > 120 ? oneLine.substring(0, 117) + "..." : oneLine;
    }
}
