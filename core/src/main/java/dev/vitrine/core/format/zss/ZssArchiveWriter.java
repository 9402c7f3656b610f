package dev.vitrine.core.format.zss;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.ArchiveWriter;
import dev.vitrine.core.text.Messages;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * `vitrine create zss|zs`: the reference's `zss make` (ZS: `zs make`) over newline-terminated
 * sorted records, with its defaults (codec bz2, ZS: lzma; blocks of 128K; branching 1024).
 */
final class ZssArchiveWriter implements ArchiveWriter {
    private final ZssFlavor flavor;

    ZssArchiveWriter(ZssFlavor flavor) {
        this.flavor = flavor;
    }

    @Override
    public String name() {
        return flavor.id();
    }

    @Override
    public List<String> description() {
        String make = flavor == ZssFlavor.ZS ? "zs make" : "zss make";
        return List.of(
                flavor == ZssFlavor.ZS
                        ? "Write a ZS v0.10 file from sorted records."
                        : "Write a ZSS file from sorted records.",
                "INPUT has one record per line, newline-terminated and sorted bytewise (LC_ALL=C sort); - reads standard input.",
                "Defaults are the reference `" + make + "`'s: codec " + defaultCodec()
                        + ", blocks of 128K, branching 1024.");
    }

    private String defaultCodec() {
        return flavor == ZssFlavor.ZS ? "lzma" : "bz2";
    }

    /** The codecs as users name them. */
    private List<String> codecNames() {
        return flavor == ZssFlavor.ZS ? List.of("none", "deflate", "lzma") : flavor.codecs();
    }

    @Override
    public List<Option> options() {
        return List.of(
                Option.text(
                        "--codec",
                        "C",
                        null,
                        "One of: " + String.join(", ", codecNames()) + " (default " + defaultCodec() + ")."),
                Option.text(
                        "--block-size",
                        "N",
                        "131072",
                        "Approximate uncompressed bytes of records per data block; K and M suffixes allowed (default 131072)."),
                Option.integer("--branching", "N", "1024", "Entries per index block, at least 2 (default 1024)."),
                Option.text("--metadata", "JSON", "{}", "A JSON object stored in the header (default {})."),
                Option.flag("--overwrite", "Replace OUT if it exists."));
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("INPUT", "Sorted records, one a line (- for standard input)."),
                new Parameter("OUT", "The file to write."));
    }

    @Override
    public void write(Map<String, String> values, List<String> params, InputStream stdin, PrintWriter o)
            throws IOException {
        String input = params.get(0);
        Path out = Path.of(params.get(1));
        ZssWriter.Options opts = options(values);
        boolean isStdin = "-".equals(input);
        String inputName = isStdin ? "standard input" : input;
        try (InputStream in = isStdin ? stdin : new BufferedInputStream(Files.newInputStream(Path.of(input)), 1 << 16);
                ZssWriter w = ZssWriter.create(out, opts)) {
            w.addTerminated(in, (byte) '\n');
            ZssWriter.Result r = w.finish();
            o.println("wrote " + out + ": " + r.records() + (r.records() == 1 ? " record" : " records") + " in "
                    + r.dataBlocks()
                    + (r.dataBlocks() == 1 ? " data block" : " data blocks") + ", root index level " + r.rootLevel()
                    + ", "
                    + r.totalFileLength() + " bytes (" + flavor.label() + ", codec " + opts.codec() + ")");
            o.flush();
        } catch (ZssWriter.UnsortedException e) {
            throw new BadInputException(
                    inputName + ": line " + e.recordNumber() + ": sorts before line " + (e.recordNumber() - 1)
                            + " (records must be sorted bytewise, e.g. with LC_ALL=C sort); " + out + " not written");
        } catch (ZssWriter.BadInputException e) {
            throw new BadInputException(
                    inputName + ": line " + e.recordNumber() + ": " + e.getMessage() + "; " + out + " not written");
        } catch (FileSystemException e) {
            throw e; // names its own file
        } catch (IOException e) {
            throw new IOException(out + ": " + Messages.reason(e), e);
        }
    }

    private ZssWriter.Options options(Map<String, String> values) {
        ZssWriter.Options opts = ZssWriter.Options.of(flavor);
        String codec = values.get("--codec");
        if (codec != null) opts = opts.codec(codec.toLowerCase(Locale.ROOT));
        if (!flavor.codecs().contains(opts.codec())) {
            throw new UsageException("--codec: '" + codec + "' is not a " + flavor.label() + " codec (one of: "
                    + String.join(", ", codecNames()) + ")");
        }
        int block = parseBlockSize(values.get("--block-size"));
        int branching = Integer.parseInt(values.get("--branching"));
        if (branching < 2) throw new UsageException("--branching: must be at least 2, not " + branching);
        ObjectNode meta;
        try {
            meta = ZssWriter.parseMetadata(values.get("--metadata"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--metadata: " + e.getMessage());
        }
        return opts.approxBlockSize(block)
                .branchingFactor(branching)
                .metadata(meta)
                .overwrite(Boolean.parseBoolean(values.get("--overwrite")));
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
            throw new UsageException("--block-size: '" + s + "' is not a size (e.g. 131072, 128K, 1M)");
        }
        if (v < 1 || v > (256L << 20))
            throw new UsageException("--block-size: '" + s + "' must be between 1 byte and 256M");
        return (int) v;
    }
}
