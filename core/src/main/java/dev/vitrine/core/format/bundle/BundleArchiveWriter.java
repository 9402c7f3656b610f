package dev.vitrine.core.format.bundle;

import dev.vitrine.core.format.ArchiveWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * `vitrine create bundle [--compression zstd|zlib|snappy|none] [--record-size N]
 * [--block-size N] [--max-shard-size N] [--overwrite] DIR OUT`: {@link BundleWriter} behind
 * the command line's writer seam.
 */
final class BundleArchiveWriter implements ArchiveWriter {

    @Override
    public String name() {
        return "bundle";
    }

    @Override
    public List<String> description() {
        return List.of(
                "Pack a folder into a DataBundle folder OUT: index/ (RocksDB) and shard-NNNNNNNN files.",
                "Files and folders go in bytewise order of their paths (links skipped); a new shard starts when the next",
                "file would take the current one past --max-shard-size uncompressed bytes. Written under a temporary",
                "name and renamed into place when complete.");
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.text(
                        "--compression", "C", "zstd", "Record compression: zstd, zlib, snappy or none. Default zstd."),
                Option.text(
                        "--record-size",
                        "N",
                        "256K",
                        "Uncompressed bytes per record (K, M suffixes, powers of 1024; at most 64M). Default 256K."),
                Option.text("--block-size", "N", "4096", "Alignment of records in the shard files. Default 4096."),
                Option.text(
                        "--max-shard-size",
                        "N",
                        "1G",
                        "Most uncompressed bytes per shard (K, M, G, T suffixes). Default 1G."),
                Option.flag("--overwrite", "Replace OUT if it exists."));
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("DIR", "The folder to pack."), new Parameter("OUT", "The bundle folder to write."));
    }

    @Override
    public void write(Map<String, String> values, List<String> params, InputStream stdin, PrintWriter out)
            throws IOException {
        BundleWriter.Options o;
        try {
            o = BundleWriter.options(values);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Path dir = Path.of(params.get(0));
        Path dest = Path.of(params.get(1));
        if (!Files.isDirectory(dir)) throw new UsageException(dir + ": not a folder");
        BundleWriter.Result r = BundleWriter.write(dir, dest, o);
        for (String line : r.summary(dest)) out.println(line);
        out.flush();
    }
}
