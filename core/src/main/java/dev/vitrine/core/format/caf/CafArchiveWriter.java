package dev.vitrine.core.format.caf;

import dev.vitrine.core.format.ArchiveWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * `vitrine create caf [--max-size N] [--overwrite] DIR OUT`: packs every regular file under
 * DIR (sorted relative paths, links skipped) into CAF chunks. With --max-size, a new chunk
 * starts whenever the next file would take the current one's data past N bytes: OUT, then
 * OUT-1, OUT-2 ... (number before the extension). A file larger than N gets a chunk of its own.
 */
final class CafArchiveWriter implements ArchiveWriter {

    @Override
    public String name() {
        return "caf";
    }

    @Override
    public List<String> description() {
        return List.of(
                "Pack a folder into CAF chunks (sorted paths; links skipped).",
                "With --max-size, chunks after the first are named OUT-1, OUT-2, ... (before the extension);",
                "a file larger than the limit gets a chunk of its own.");
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.text(
                        "--max-size",
                        "N",
                        null,
                        "Most data bytes per chunk: a number with an optional K, M, G or T suffix (powers of 1024). Default and maximum 32G."),
                Option.flag("--overwrite", "Replace chunks that already exist."));
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter("DIR", "The folder to pack."), new Parameter("OUT", "The first chunk to write."));
    }

    @Override
    public void write(Map<String, String> values, List<String> params, InputStream stdin, PrintWriter o)
            throws IOException {
        Path dir = Path.of(params.get(0));
        Path out = Path.of(params.get(1));
        String maxSize = values.get("--max-size");
        long max;
        try {
            max = maxSize == null ? CafWriter.MAX_CHUNK_DATA : parseSize(maxSize);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--max-size: " + e.getMessage());
        }
        if (!Files.isDirectory(dir)) throw new UsageException(dir + ": not a folder");
        CafFolderPacker.Result r;
        try {
            r = CafFolderPacker.pack(dir, out, max, Boolean.parseBoolean(values.get("--overwrite")));
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
        for (Path chunk : r.chunks()) o.println("wrote " + chunk + " (" + Files.size(chunk) + " bytes)");
        o.println(r.files() + (r.files() == 1 ? " file, " : " files, ") + r.bytes() + " bytes of data in "
                + r.chunks().size() + (r.chunks().size() == 1 ? " chunk" : " chunks"));
        o.flush();
    }

    /** A size as {@link dev.vitrine.core.text.SizeText} reads it, and at most the format's 32 GiB chunk limit. */
    static long parseSize(String s) {
        long bytes = dev.vitrine.core.text.SizeText.parse(s);
        if (bytes > CafWriter.MAX_CHUNK_DATA)
            throw new IllegalArgumentException("'" + s + "' is over the format's 32 GiB chunk limit");
        return bytes;
    }
}
