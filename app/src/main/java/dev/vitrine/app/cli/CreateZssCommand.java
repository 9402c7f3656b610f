package dev.vitrine.app.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.zss.ZssFlavor;
import dev.vitrine.core.format.zss.ZssWriter;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * `vitrine create zss|zs [--codec C] [--block-size N] [--branching N] [--metadata JSON]
 * [--overwrite] INPUT OUT`: the reference's `zss make` (ZS: `zs make`) over newline-terminated
 * sorted records. Exit 1 when the input is not sorted or not newline-terminated (naming the
 * line), 2 for usage errors or an existing OUT.
 */
@Command(name = "zss", aliases = "zs", description = {
        "Write a ZSS file (`create zs`: a ZS v0.10 file) from sorted records.",
        "INPUT has one record per line, newline-terminated and sorted bytewise (LC_ALL=C sort); - reads standard input.",
        "Defaults are the reference `zss make`'s: codec bz2 (ZS: lzma), blocks of 128K, branching 1024."})
final class CreateZssCommand implements Callable<Integer> {

    @Option(names = "--codec", paramLabel = "C", description = "ZSS: none, deflate, bz2 (default). ZS: none, deflate, lzma (default).")
    String codec;

    @Option(names = "--block-size", paramLabel = "N", defaultValue = "131072",
            description = "Approximate uncompressed bytes of records per data block; K and M suffixes allowed (default ${DEFAULT-VALUE}).")
    String blockSize;

    @Option(names = "--branching", paramLabel = "N", defaultValue = "1024", description = "Entries per index block, at least 2 (default ${DEFAULT-VALUE}).")
    int branching;

    @Option(names = "--metadata", paramLabel = "JSON", defaultValue = "{}", description = "A JSON object stored in the header (default {}).")
    String metadata;

    @Option(names = "--overwrite", description = "Replace OUT if it exists.")
    boolean overwrite;

    @Parameters(index = "0", paramLabel = "INPUT")
    String input;

    @Parameters(index = "1", paramLabel = "OUT")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ZssFlavor flavor = invokedAs();
        ZssWriter.Options opts = ZssWriter.Options.of(flavor);
        try {
            if (codec != null) opts = opts.codec(codec.toLowerCase(Locale.ROOT));
            if (!flavor.codecs().contains(opts.codec())) {
                throw new IllegalArgumentException("--codec: '" + codec + "' is not a " + flavor.label() + " codec (one of: "
                        + String.join(", ", flavor == ZssFlavor.ZS ? List.of("none", "deflate", "lzma") : flavor.codecs()) + ")");
            }
            int block = parseBlockSize(blockSize);
            if (branching < 2) throw new IllegalArgumentException("--branching: must be at least 2, not " + branching);
            ObjectNode meta;
            try {
                meta = ZssWriter.parseMetadata(metadata);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--metadata: " + e.getMessage());
            }
            opts = opts.approxBlockSize(block).branchingFactor(branching).metadata(meta).overwrite(overwrite);
        } catch (IllegalArgumentException e) {
            err.println("vitrine: " + e.getMessage());
            return ExitCodes.UNREADABLE;
        }

        boolean stdin = "-".equals(input);
        String inputName = stdin ? "standard input" : input;
        try (InputStream in = stdin ? System.in : new BufferedInputStream(Files.newInputStream(Path.of(input)), 1 << 16);
             ZssWriter w = ZssWriter.create(out, opts)) {
            w.addTerminated(in, (byte) '\n');
            ZssWriter.Result r = w.finish();
            o.println("wrote " + out + ": " + r.records() + (r.records() == 1 ? " record" : " records") + " in " + r.dataBlocks()
                    + (r.dataBlocks() == 1 ? " data block" : " data blocks") + ", root index level " + r.rootLevel() + ", "
                    + r.totalFileLength() + " bytes (" + flavor.label() + ", codec " + opts.codec() + ")");
            o.flush();
            return ExitCodes.OK;
        } catch (ZssWriter.UnsortedException e) {
            err.println("vitrine: " + inputName + ": line " + e.recordNumber() + ": sorts before line " + (e.recordNumber() - 1)
                    + " (records must be sorted bytewise, e.g. with LC_ALL=C sort); " + out + " not written");
            return ExitCodes.DAMAGED;
        } catch (ZssWriter.BadInputException e) {
            err.println("vitrine: " + inputName + ": line " + e.recordNumber() + ": " + e.getMessage() + "; " + out + " not written");
            return ExitCodes.DAMAGED;
        } catch (FileAlreadyExistsException e) {
            err.println("vitrine: " + out + ": exists (use --overwrite to replace it)");
            return ExitCodes.UNREADABLE;
        } catch (NoSuchFileException e) {
            err.println("vitrine: " + e.getFile() + ": no such file");
            return ExitCodes.UNREADABLE;
        } catch (IOException e) {
            err.println("vitrine: " + out + ": " + e.getMessage());
            return ExitCodes.DAMAGED;
        }
    }

    /** "zs" when invoked as `create zs`, else "zss" (picocli does not say which alias matched). */
    private ZssFlavor invokedAs() {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        int create = args.indexOf("create");
        if (create >= 0 && create + 1 < args.size() && args.get(create + 1).equals("zs")) return ZssFlavor.ZS;
        return ZssFlavor.ZSS;
    }

    /** "131072", "128K", "1M". */
    static int parseBlockSize(String s) {
        String t = s.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        if (t.endsWith("K")) unit = 1 << 10;
        else if (t.endsWith("M")) unit = 1 << 20;
        if (unit > 1) t = t.substring(0, t.length() - 1);
        long v;
        try {
            v = Long.parseLong(t) * unit;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--block-size: '" + s + "' is not a size (e.g. 131072, 128K, 1M)");
        }
        if (v < 1 || v > (256L << 20)) throw new IllegalArgumentException("--block-size: '" + s + "' must be between 1 byte and 256M");
        return (int) v;
    }
}
