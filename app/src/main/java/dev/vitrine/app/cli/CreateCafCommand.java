package dev.vitrine.app.cli;

import dev.vitrine.core.format.caf.CafFolderPacker;
import dev.vitrine.core.format.caf.CafWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * `vitrine create caf [--max-size N] [--overwrite] DIR OUT`: packs every regular file under
 * DIR (sorted relative paths, links skipped) into CAF chunks. With --max-size, a new chunk
 * starts whenever the next file would take the current one's data past N bytes: OUT, then
 * OUT-1, OUT-2 ... (number before the extension). A file larger than N gets a chunk of its own.
 */
@Command(name = "caf", description = {
        "Pack a folder into CAF chunks (sorted paths; links skipped).",
        "With --max-size, chunks after the first are named OUT-1, OUT-2, ... (before the extension);",
        "a file larger than the limit gets a chunk of its own."})
final class CreateCafCommand implements Callable<Integer> {

    @Option(names = "--max-size", paramLabel = "N",
            description = "Most data bytes per chunk: a number with an optional K, M, G or T suffix (powers of 1024). Default and maximum 32G.")
    String maxSize;

    @Option(names = "--overwrite", description = "Replace chunks that already exist.")
    boolean overwrite;

    @Parameters(index = "0", paramLabel = "DIR")
    Path dir;

    @Parameters(index = "1", paramLabel = "OUT")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long max;
        try {
            max = maxSize == null ? CafWriter.MAX_CHUNK_DATA : parseSize(maxSize);
        } catch (IllegalArgumentException e) {
            err.println("vitrine: --max-size: " + e.getMessage());
            return ExitCodes.UNREADABLE;
        }
        if (!Files.isDirectory(dir)) {
            err.println("vitrine: " + dir + ": not a folder");
            return ExitCodes.UNREADABLE;
        }
        try {
            CafFolderPacker.Result r = CafFolderPacker.pack(dir, out, max, overwrite);
            for (Path chunk : r.chunks()) o.println("wrote " + chunk + " (" + Files.size(chunk) + " bytes)");
            o.println(r.files() + (r.files() == 1 ? " file, " : " files, ") + r.bytes() + " bytes of data in " + r.chunks().size()
                    + (r.chunks().size() == 1 ? " chunk" : " chunks"));
            o.flush();
            return ExitCodes.OK;
        } catch (FileAlreadyExistsException e) {
            err.println("vitrine: " + e.getFile() + ": exists (use --overwrite to replace it)");
            return ExitCodes.UNREADABLE;
        } catch (IOException | IllegalArgumentException e) {
            err.println("vitrine: " + e.getMessage());
            return ExitCodes.DAMAGED;
        }
    }

    /** "1048576", "512K", "30G", "1.5G" (powers of 1024); positive and at most 32 GiB. */
    static long parseSize(String s) {
        String t = s.trim().toUpperCase(Locale.ROOT);
        if (t.endsWith("IB")) t = t.substring(0, t.length() - 2);
        else if (t.endsWith("B") && t.length() > 1 && !Character.isDigit(t.charAt(t.length() - 2))) t = t.substring(0, t.length() - 1);
        long unit = 1;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'K' -> unit = 1L << 10;
                case 'M' -> unit = 1L << 20;
                case 'G' -> unit = 1L << 30;
                case 'T' -> unit = 1L << 40;
                default -> { }
            }
            if (unit > 1) t = t.substring(0, t.length() - 1);
        }
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + s + "' is not a size (e.g. 1048576, 512K, 30G)");
        }
        double bytes = v * unit;
        if (!(bytes >= 1)) throw new IllegalArgumentException("'" + s + "' must be at least 1 byte");
        if (bytes > CafWriter.MAX_CHUNK_DATA) throw new IllegalArgumentException("'" + s + "' is over the format's 32 GiB chunk limit");
        return (long) bytes;
    }
}
