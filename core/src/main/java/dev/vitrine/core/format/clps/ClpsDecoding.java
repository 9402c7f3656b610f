package dev.vitrine.core.format.clps;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Everything a table needs to become records: the schema tree and map, the dictionaries, the
 * timestamp patterns and the version's rules. Immutable once built, shared by decoding threads.
 */
final class ClpsDecoding {
    final ClpsVersion version;
    final ClpsSchemaTree tree;
    final ClpsSchemaMap schemas;
    final ClpsVarDecoder strings;
    final ClpsVarDecoder arrays;
    final Map<Long, ClpsTimestampText.Pattern> patterns;
    /** The log_event_idx node under the Metadata root, or -1 (no order information). */
    final int logEventIdxNode;

    final int maxTemplateOps;
    private final Map<Integer, Object> templates = new ConcurrentHashMap<>();

    ClpsDecoding(
            ClpsVersion version,
            ClpsSchemaTree tree,
            ClpsSchemaMap schemas,
            ClpsDictionary var,
            ClpsDictionary log,
            ClpsDictionary array,
            Map<Long, String> patterns,
            int maxTemplateOps) {
        this.version = version;
        this.tree = tree;
        this.schemas = schemas;
        boolean old = version.oldPlaceholders();
        this.strings = new ClpsVarDecoder(var, log, old);
        this.arrays = new ClpsVarDecoder(var, array, old);
        Map<Long, ClpsTimestampText.Pattern> ps = new java.util.HashMap<>();
        patterns.forEach((id, p) -> ps.put(id, ClpsTimestampText.Pattern.of(p)));
        this.patterns = ps;
        this.maxTemplateOps = maxTemplateOps;
        int idx = -1;
        if (tree.metadataRoot >= 0) {
            for (int i = 0; i < tree.size(); i++) {
                if (tree.parent[i] == tree.metadataRoot
                        && "log_event_idx".equals(tree.keyText(i))
                        && (tree.type[i] == ClpsNodeType.INTEGER || tree.type[i] == ClpsNodeType.DELTA_INTEGER)) {
                    idx = i;
                    break;
                }
            }
        }
        this.logEventIdxNode = idx;
    }

    /** The template of a schema, built once; a schema that cannot be templated fails every time with the same message. */
    ClpsTemplate template(int schemaId) throws ClpsDecodeException {
        Object t = templates.computeIfAbsent(schemaId, id -> {
            ClpsSchemaMap.Schema s = schemas.schemas.get(id);
            if (s == null) return "table refers to schema " + id + ", which /schema_ids does not define";
            try {
                return ClpsTemplate.build(s, tree, maxTemplateOps);
            } catch (ClpsDecodeException e) {
                return "schema " + id + ": " + e.getMessage();
            }
        });
        if (t instanceof String msg) throw new ClpsDecodeException(-1, msg);
        return (ClpsTemplate) t;
    }

    /** An archive's dictionaries, decoded on a thread of their own (var.dict can be tens of MB). */
    static java.util.concurrent.CompletableFuture<ClpsLoaded<ClpsDecoding>> inBackground(ClpsArchive archive) {
        java.util.concurrent.CompletableFuture<ClpsLoaded<ClpsDecoding>> full =
                new java.util.concurrent.CompletableFuture<>();
        Thread.ofPlatform().daemon().name("clps-dictionaries").start(() -> {
            try {
                full.complete(archive.decoding());
            } catch (Throwable e) {
                full.completeExceptionally(e);
            }
        });
        return full;
    }

    /** The dictionaries once {@code full} has them, or their problem. */
    static ClpsDecoding of(java.util.concurrent.CompletableFuture<ClpsLoaded<ClpsDecoding>> full)
            throws java.io.IOException {
        ClpsLoaded<ClpsDecoding> l = ClpsRecords.take(full);
        if (l.problem() != null) throw ClpsRecords.asException(l.problem());
        return l.value();
    }
}
