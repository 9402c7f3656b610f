package dev.vitrine.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.ArchiveWriter;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.JsonRecords;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A format that exists only in the tests, registered through app's test
 * META-INF/services: the magic line, then one JSON object a line. It has the
 * {@link JsonRecords} capability and a writer, and the command line offers `cat` (with
 * --query) and `create jsonl-test` for it without any command knowing it: the seam a new
 * format (clp-s, Ark) uses. Its query language is "FIELD:VALUE"; a query with "(" that is
 * never closed is a syntax error at the "(".
 */
public final class JsonLinesTestFormat implements ArchiveFormat {
    static final String MAGIC = "VITRINE-JSONL-TEST\n";

    @Override
    public String id() {
        return "jsonl-test";
    }

    @Override
    public String displayName() {
        return "JSON lines (test format)";
    }

    @Override
    public List<String> extensions() {
        return List.of("jsonl-test");
    }

    @Override
    public Detection detect(Probe probe) {
        return probe.startsWith(MAGIC.getBytes(StandardCharsets.US_ASCII)) ? Detection.BY_MAGIC : Detection.NO;
    }

    @Override
    public Archive open(Path path, Limits limits) throws IOException {
        return new Opened(this, path, MappedFileSource.open(path));
    }

    @Override
    public Optional<ArchiveWriter> writer() {
        return Optional.of(new Writer());
    }

    private record Opened(ArchiveFormat format, Path path, ByteSource source) implements Archive, JsonRecords {
        List<String> lines() throws IOException {
            String all = new String(source.read(0, (int) source.size()), StandardCharsets.UTF_8);
            return all.substring(MAGIC.length())
                    .lines()
                    .filter(l -> !l.isBlank())
                    .toList();
        }

        @Override
        public long recordCount() throws IOException {
            return lines().size();
        }

        @Override
        public long writeJsonLines(String query, OutputStream out) throws IOException {
            String field = null;
            String value = null;
            if (query != null && !query.isBlank()) {
                int open = query.indexOf('(');
                if (open >= 0 && query.indexOf(')', open) < 0)
                    throw new QuerySyntaxException("'(' is never closed", open);
                int colon = query.indexOf(':');
                if (colon < 0) throw new QuerySyntaxException("expected FIELD:VALUE", query.length());
                field = query.substring(0, colon).strip();
                value = query.substring(colon + 1).strip();
            }
            long n = 0;
            for (String l : lines()) {
                JsonNode rec = Json.MAPPER.readTree(l);
                if (field != null && !value.equals(rec.path(field).asText())) continue;
                out.write(Json.MAPPER.writeValueAsBytes(rec));
                out.write('\n');
                n++;
            }
            return n;
        }

        @Override
        public Node root() {
            return new Node() {
                @Override
                public String name() {
                    return path.getFileName().toString();
                }

                @Override
                public String kind() {
                    return "jsonl-test";
                }

                @Override
                public ByteRange range() {
                    return ByteRange.of(0, source.size());
                }
            };
        }

        @Override
        public List<Problem> openProblems() {
            return List.of();
        }

        @Override
        public ObjectNode info() throws IOException {
            ObjectNode o = Json.MAPPER.createObjectNode();
            o.put("format", format.id());
            o.put("records", recordCount());
            return o;
        }

        @Override
        public void verify(VerifyContext ctx) {}

        @Override
        public void close() {
            source.close();
        }
    }

    /** `vitrine create jsonl-test [--overwrite] INPUT OUT`: each line of INPUT must be a JSON object. */
    private static final class Writer implements ArchiveWriter {
        @Override
        public String name() {
            return "jsonl-test";
        }

        @Override
        public List<String> description() {
            return List.of("Write a JSON-lines test archive.");
        }

        @Override
        public List<Option> options() {
            return List.of(
                    Option.flag("--overwrite", "Replace OUT if it exists."),
                    Option.integer("--repeat", "N", "1", "Write each record N times (default 1)."));
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(
                    new Parameter("INPUT", "JSON objects, one a line."), new Parameter("OUT", "The file to write."));
        }

        @Override
        public void write(Map<String, String> values, List<String> params, InputStream stdin, PrintWriter out)
                throws IOException {
            int repeat = Integer.parseInt(values.get("--repeat"));
            if (repeat < 1) throw new UsageException("--repeat: must be at least 1, not " + repeat);
            Path in = Path.of(params.get(0));
            Path to = Path.of(params.get(1));
            if (Files.exists(to) && !Boolean.parseBoolean(values.get("--overwrite")))
                throw new FileAlreadyExistsException(to.toString());
            StringBuilder b = new StringBuilder(MAGIC);
            int line = 0;
            for (String l : Files.readAllLines(in)) {
                line++;
                if (!l.strip().startsWith("{"))
                    throw new BadInputException(in + ": line " + line + ": not a JSON object; " + to + " not written");
                for (int i = 0; i < repeat; i++) b.append(l).append('\n');
            }
            Files.writeString(to, b);
            out.println("wrote " + to);
        }
    }
}
