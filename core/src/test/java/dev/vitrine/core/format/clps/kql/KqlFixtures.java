package dev.vitrine.core.format.clps.kql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The KQL fixtures under fixtures/clp-s/kql/: input records and their archive facts. */
final class KqlFixtures {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, Input> CACHE = new HashMap<>();

    /** One input file: its lines, parsed records, and facts of the archive made from it. */
    record Input(List<String> lines, List<JsonNode> records, KqlArchiveFacts facts) {
        List<Integer> matching(KqlQuery q, KqlContext ctx) {
            List<Integer> out = new ArrayList<>();
            for (int i = 0; i < records.size(); i++) {
                if (q.matches(records.get(i), ctx)) {
                    out.add(i + 1);
                }
            }
            return out;
        }

        /** Maps line numbers to the first line with the same text, so duplicates compare equal. */
        List<Integer> canonical(List<Integer> lineNumbers) {
            List<Integer> out = new ArrayList<>();
            for (int n : lineNumbers) {
                out.add(lines.indexOf(lines.get(n - 1)) + 1);
            }
            out.sort(null);
            return out;
        }
    }

    private KqlFixtures() {}

    static String text(String name) {
        try (InputStream in = KqlFixtures.class.getResourceAsStream("/fixtures/clp-s/kql/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static synchronized Input input(String... names) {
        String key = String.join("+", names);
        return CACHE.computeIfAbsent(key, k -> {
            List<String> lines = new ArrayList<>();
            for (String name : names) {
                for (String l : text(name).split("\n")) {
                    if (!l.isBlank()) {
                        lines.add(l);
                    }
                }
            }
            List<JsonNode> records = new ArrayList<>();
            KqlArchiveFacts facts = new KqlArchiveFacts(null);
            for (String l : lines) {
                try {
                    JsonNode r = JSON.readTree(l);
                    records.add(r);
                    facts.add(r);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return new Input(lines, records, facts);
        });
    }

    /** The input file for a golden.tsv input name. */
    static Input named(String name) {
        return switch (name) {
            case "app", "metrics", "edge", "probe" -> input(name + ".ndjson");
            default -> input(name + ".jsonl");
        };
    }
}
