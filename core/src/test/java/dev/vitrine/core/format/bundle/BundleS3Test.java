package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.S3TestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DataBundle read from an s3:// prefix (a real S3 API: s3proxy over a folder) reads as its
 * local copy does: the same info, tree, listing, contents and verify, a missing shard said the
 * same way, and the index fetched into a private copy that is gone once the bundle is closed.
 */
class BundleS3Test {
    static final Path SAMPLE = Path.of("../samples/weather-bundle");
    static S3TestServer s3;
    static RemoteOptions options;

    @TempDir
    static Path tmp;

    /** Several zstd shards of several records each, one file over a record long. */
    static Path made;
    /** {@link #made} without its second shard. */
    static Path broken;

    @BeforeAll
    static void start() throws IOException {
        s3 = S3TestServer.start();
        System.setProperty("aws.accessKeyId", S3TestServer.IDENTITY);
        System.setProperty("aws.secretAccessKey", S3TestServer.CREDENTIAL);
        System.setProperty("aws.region", "us-east-1");
        made = tmp.resolve("made");
        BundleWriter.write(
                BundleTestFiles.sampleInput(tmp.resolve("in")),
                made,
                BundleWriter.defaults().withMaxShardSize(1 << 20));
        broken = tmp.resolve("broken");
        copy(made, broken);
        Files.delete(broken.resolve(BundleLayout.shardName(1)));
        copy(SAMPLE, s3.root().resolve("data/weather-bundle"));
        copy(made, s3.root().resolve("data/made"));
        copy(broken, s3.root().resolve("data/broken"));
        options = new RemoteOptions(List.of(), false, s3.endpoint(), RemoteSettings.DEFAULT);
    }

    @AfterAll
    static void stop() throws IOException {
        if (s3 != null) s3.close();
    }

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(t);
                else Files.copy(p, t);
            }
        }
    }

    static Archive remote(String prefix) throws IOException {
        return FormatRegistry.get().open(Locations.of("s3://data/" + prefix + "/", options), Limits.DEFAULT);
    }

    @Test
    void aBundleUnderAPrefixReadsAsItsLocalCopy() throws IOException {
        for (Path local : List.of(SAMPLE, made)) {
            String name = local.getFileName().toString();
            String url = "s3://data/" + name + "/";
            try (Archive l = FormatRegistry.get().open(local, Limits.DEFAULT);
                    Archive r = remote(name)) {
                assertEquals("bundle", r.format().id());
                assertEquals(Path.of(name), r.path(), "a remote bundle is named by its prefix");
                assertEquals(l.files(), r.files());
                assertEquals(List.of(), r.openProblems());
                assertEquals(Json.MAPPER.writeValueAsString(l.info()), Json.MAPPER.writeValueAsString(r.info()));
                assertEquals(tree(l.root(), 0).replace(local.toString(), url), tree(r.root(), 0), name);
                assertEquals(List.of(), BundleTestFiles.verify((BundleArchive) r));
                FileListing lf = (FileListing) l;
                FileListing rf = (FileListing) r;
                assertEquals(lf.listing().toString(), rf.listing().toString());
                assertTrue(rf.entries().size() > 1);
                for (FileListing.Entry e : rf.entries())
                    assertArrayEquals(
                            BundleTestFiles.read(lf.content(e)), BundleTestFiles.read(rf.content(e)), e.name());
                assertEquals(List.of(), r.damageMet());
            }
        }
    }

    @Test
    void aHiddenRemoteBundleLetsGoOfWhatItsShardsKept() throws IOException {
        try (Archive r = remote("made")) {
            FileListing rf = (FileListing) r;
            FileListing.Entry first = rf.entries().getFirst();
            byte[] bytes = BundleTestFiles.read(rf.content(first));
            assertTrue(r.cachedBytes() > 0, "reading a file keeps recent spans of its shard, and says so");
            r.releaseCaches();
            assertEquals(0, r.cachedBytes(), "a window tab hidden keeps nothing of its shards");
            assertArrayEquals(bytes, BundleTestFiles.read(rf.content(first)), "and reads the same afterwards");
        }
    }

    @Test
    void exportWritesTheSameFiles() throws IOException {
        try (BundleArchive l = BundleTestFiles.open(made);
                BundleArchive r = (BundleArchive) remote("made")) {
            BundleTestFiles.exportAll(l, tmp.resolve("out-local"));
            BundleTestFiles.exportAll(r, tmp.resolve("out-remote"));
        }
        List<String> names = files(tmp.resolve("out-local"));
        assertEquals(names, files(tmp.resolve("out-remote")));
        assertTrue(names.contains("big.bin"), names.toString());
        for (String n : names) {
            if (Files.isRegularFile(tmp.resolve("out-local").resolve(n)))
                assertArrayEquals(
                        Files.readAllBytes(tmp.resolve("out-local").resolve(n)),
                        Files.readAllBytes(tmp.resolve("out-remote").resolve(n)),
                        n);
        }
    }

    @Test
    void aMissingShardIsSaidAsLocally() throws IOException {
        String url = "s3://data/broken";
        try (BundleArchive l = BundleTestFiles.open(broken);
                BundleArchive r = (BundleArchive) remote("broken")) {
            String local = broken.toString();
            assertEquals(
                    l.damageMet().toString().replace(local, url), r.damageMet().toString());
            assertTrue(
                    r.damageMet().toString().contains("shard 1 is missing"),
                    r.damageMet().toString());
            String want = BundleTestFiles.verify(l).toString().replace(local, url);
            assertEquals(want, BundleTestFiles.verify(r).toString());
            assertTrue(want.contains("is damaged: its shard shard-00000001 is missing"), want);
        }
    }

    @Test
    void theIndexIsFetchedIntoAPrivateCopyThatCloseRemoves() throws IOException {
        Path copy;
        try (BundleArchive r = (BundleArchive) remote("weather-bundle")) {
            copy = r.index().copyFolder();
            assertFalse(copy.startsWith(s3.root()));
            // what RocksDB reads, as for a local copy: the lock and junk stay behind
            assertEquals(
                    files(SAMPLE.resolve("index")).stream()
                            .filter(n -> !n.equals("LOCK"))
                            .toList(),
                    files(copy).stream().filter(n -> !n.equals("LOG")).toList());
        }
        assertFalse(Files.exists(copy), "the private copy is removed on close");
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            List<String> out = new ArrayList<>();
            for (Path p : s.toList())
                if (!p.equals(dir)) out.add(dir.relativize(p).toString());
            return out.stream().sorted().toList();
        }
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
            for (Node k : n.children(0, 8)) b.append(tree(k, depth + 1));
        }
        return b.toString();
    }
}
