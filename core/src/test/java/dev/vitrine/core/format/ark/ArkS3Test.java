package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.JsonRecords;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.S3TestServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An Ark log read from an s3:// prefix (a real S3 API: s3proxy over a folder) reads as its local
 * copy does: the same info, tree, verify and messages, and a missing split said the same way.
 */
class ArkS3Test {
    static final Path SAMPLE = Path.of("../samples/robot-log");
    static S3TestServer s3;
    static RemoteOptions options;

    static Path broken;
    static String gone;

    @BeforeAll
    static void start() throws IOException {
        s3 = S3TestServer.serving("logs/robot-log", SAMPLE).put("logs/broken", SAMPLE);
        // the bucket is a folder: the broken copy is read locally and from S3 alike
        broken = s3.root().resolve("logs/broken");
        try (Stream<Path> s = Files.list(broken.resolve("splits"))) {
            Path split = s.sorted().toList().get(2);
            gone = split.getFileName().toString();
            Files.delete(split);
        }
        options = new RemoteOptions(List.of(), false, s3.endpoint(), RemoteSettings.DEFAULT);
    }

    @AfterAll
    static void stop() throws IOException {
        if (s3 != null) s3.close();
    }

    static Archive remote(String prefix) throws IOException {
        return FormatRegistry.get().open(Locations.of("s3://logs/" + prefix + "/", options), Limits.DEFAULT);
    }

    @Test
    void aLogUnderAPrefixReadsAsItsLocalCopy() throws IOException {
        try (Archive local = FormatRegistry.get().open(SAMPLE, Limits.DEFAULT);
                Archive remote = remote("robot-log")) {
            assertEquals("ark", remote.format().id());
            assertEquals(Path.of("robot-log"), remote.path(), "a remote log is named by its prefix");
            assertEquals(local.files(), remote.files());
            assertEquals(Json.MAPPER.writeValueAsString(local.info()), Json.MAPPER.writeValueAsString(remote.info()));
            assertEquals(tree(local.root(), 0), tree(remote.root(), 0));
            assertEquals(List.of(), ArkTestLogs.verify(remote));
            assertEquals(jsonLines(local), jsonLines(remote));
            assertTrue(jsonLines(remote).lines().count() > 100);
        }
    }

    @Test
    void aMissingSplitIsSaidAsLocally() throws IOException {
        try (Archive local = FormatRegistry.get().open(broken, Limits.DEFAULT);
                Archive remote = remote("broken")) {
            assertEquals(local.openProblems().toString(), remote.openProblems().toString());
            assertTrue(
                    remote.openProblems().toString().contains("split " + gone + " named by the manifest is missing"),
                    remote.openProblems().toString());
            assertEquals(
                    ArkTestLogs.verify(local).toString(),
                    ArkTestLogs.verify(remote).toString());
            assertEquals(1, remote.info().get("missing_splits").asInt());
            assertEquals(jsonLines(local), jsonLines(remote));
        }
    }

    @Test
    void aManifestsFolderThatIsNotThereIsNoManifest() throws IOException {
        Location empty = Locations.of("s3://logs/robot-log/splits/", options);
        // a prefix without manifests/ is not claimed as a log at all
        assertEquals(Location.Kind.FOLDER, empty.stat().kind());
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(
                IOException.class, () -> new ArkFormat().open(empty, Limits.DEFAULT));
        assertTrue(e.getMessage().endsWith("no manifest in s3://logs/robot-log/splits/manifests"), e.getMessage());
    }

    private static String jsonLines(Archive a) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ((JsonRecords) a).writeJsonLines("", out);
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The tree to a few levels: names, kinds, ranges, fields and problems of the first children of each node. */
    private static String tree(Node n, int depth) throws IOException {
        StringBuilder b = new StringBuilder("  ".repeat(depth))
                .append(n.name())
                .append(" [")
                .append(n.kind())
                .append("] ")
                .append(n.range())
                .append(' ')
                .append(n.problems())
                .append('\n');
        for (Field f : n.fields()) b.append("  ".repeat(depth + 1)).append(f).append('\n');
        if (depth < 4 && n.hasChildren()) {
            for (Node k : n.children(0, 6)) b.append(tree(k, depth + 1));
        }
        return b.toString();
    }
}
