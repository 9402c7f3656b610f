package dev.vitrine.core.format.caf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.FileListing;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CafWriterTest {
    @TempDir
    Path tmp;

    /** The reference sample's tree, built from our copy of the inputs. */
    private Path sampleTree() throws IOException {
        Path root = tmp.resolve("tree");
        Files.createDirectories(root.resolve("nested/dir"));
        Files.createDirectories(root.resolve("unicode"));
        for (String f : List.of("small-text.txt", "data.csv", "empty-file.txt", "large-binary.dat")) {
            Files.copy(CafTestFiles.fixture("inputs/" + f), root.resolve(f));
        }
        Files.copy(CafTestFiles.fixture("inputs/config.json"), root.resolve("nested/dir/config.json"));
        Files.writeString(root.resolve("unicode/über café ☃.txt"), "non-ascii path name\n");
        return root;
    }

    @Test
    void writesTheReferenceSampleByteForByte() throws Exception {
        Path root = sampleTree();
        Path out = tmp.resolve("ours.caf");
        try (CafWriter w = CafWriter.create(out, false)) {
            for (var x : CafReferenceSampleTest.EXPECTED) w.add(x.name(), root.resolve(x.name()));
            assertEquals(52264, w.dataSize());
            w.finish();
        }
        assertArrayEquals(Files.readAllBytes(CafTestFiles.sample()), Files.readAllBytes(out));
        assertNoTempFiles();
    }

    @Test
    void streamInputGivesTheSameBytesAsFileInput() throws Exception {
        Path a = tmp.resolve("a.caf"), b = tmp.resolve("b.caf");
        byte[] data = "hello\n".getBytes(StandardCharsets.UTF_8);
        Path f = tmp.resolve("h.txt");
        Files.write(f, data);
        try (CafWriter w = CafWriter.create(a, false)) {
            w.add("x/h.txt", f);
            w.finish();
        }
        try (CafWriter w = CafWriter.create(b, false)) {
            w.add("x/h.txt", new ByteArrayInputStream(data));
            w.finish();
        }
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        assertEquals(
                "hello\n{\"format_version\":\"1.0\",\"files\":{\"x/h.txt\":{\"start_byte\":0,\"end_byte\":6}}}",
                new String(Files.readAllBytes(a), 0, (int) Files.size(a) - 4, StandardCharsets.UTF_8));
    }

    @Test
    void folderPackRoundTripsInSortedOrder() throws Exception {
        Path root = sampleTree();
        Path out = tmp.resolve("packed.caf");
        CafFolderPacker.Result r = CafFolderPacker.pack(root, out, CafWriter.MAX_CHUNK_DATA, false);
        assertEquals(List.of(out.toAbsolutePath()), r.chunks());
        assertEquals(6, r.files());
        try (CafArchive a = (CafArchive) new CafFormat().open(out, Limits.DEFAULT)) {
            List<String> names =
                    a.entries().stream().map(FileListing.Entry::name).toList();
            List<String> sorted = new ArrayList<>(names);
            sorted.sort(null);
            assertEquals(sorted, names);
            for (FileListing.Entry e : a.entries()) {
                try (InputStream in = a.content(e).open()) {
                    assertArrayEquals(Files.readAllBytes(root.resolve(e.name())), in.readAllBytes(), e.name());
                }
            }
            assertEquals(List.of(), CafTestFiles.verify(a));
        }
    }

    @Test
    void maxSizeSplitsIntoNumberedChunksAndGivesABigFileItsOwn() throws Exception {
        Path root = tmp.resolve("split");
        Files.createDirectories(root);
        Files.write(root.resolve("a"), new byte[40]);
        Files.write(root.resolve("b"), new byte[40]);
        Files.write(root.resolve("c"), new byte[30]);
        Files.write(root.resolve("d"), new byte[250]); // bigger than the limit: alone
        Files.write(root.resolve("e"), new byte[10]);
        Path out = tmp.resolve("out.caf");
        CafFolderPacker.Result r = CafFolderPacker.pack(root, out, 100, false);
        // a+b = 80; c would make 110 > 100, so c starts chunk 1; d (250) starts chunk 2 and is
        // over the limit on its own; e after d would pass the limit again, so it starts chunk 3.
        assertEquals(
                List.of(out, tmp.resolve("out-1.caf"), tmp.resolve("out-2.caf"), tmp.resolve("out-3.caf")).stream()
                        .map(Path::toAbsolutePath)
                        .toList(),
                r.chunks());
        List<List<String>> content = new ArrayList<>();
        for (Path c : r.chunks()) {
            try (CafArchive a = (CafArchive) new CafFormat().open(c, Limits.DEFAULT)) {
                content.add(a.entries().stream().map(FileListing.Entry::name).toList());
                assertEquals(List.of(), CafTestFiles.verify(a));
            }
        }
        assertEquals(List.of(List.of("a", "b"), List.of("c"), List.of("d"), List.of("e")), content);
        assertEquals(370, r.bytes());
    }

    @Test
    void chunkNamesPutTheNumberBeforeTheExtension() {
        assertEquals(Path.of("d/out.caf"), CafFolderPacker.chunkPath(Path.of("d/out.caf"), 0));
        assertEquals(Path.of("d/out-2.caf"), CafFolderPacker.chunkPath(Path.of("d/out.caf"), 2));
        assertEquals(Path.of("out-1"), CafFolderPacker.chunkPath(Path.of("out"), 1));
    }

    @Test
    void refusesUnsafeOrRepeatedNamesAndExistingOutput() throws Exception {
        Path out = tmp.resolve("x.caf");
        try (CafWriter w = CafWriter.create(out, false)) {
            for (String bad : List.of("../x", "/etc/passwd", "C:\\x", "a\\b", "a//b", "a\u0000b", "")) {
                assertThrows(
                        IllegalArgumentException.class, () -> w.add(bad, new ByteArrayInputStream(new byte[0])), bad);
            }
            w.add("ok", new ByteArrayInputStream(new byte[1]));
            assertThrows(IllegalArgumentException.class, () -> w.add("ok", new ByteArrayInputStream(new byte[1])));
            w.finish();
        }
        assertThrows(FileAlreadyExistsException.class, () -> CafWriter.create(out, false));
        assertThrows(FileAlreadyExistsException.class, () -> CafFolderPacker.pack(sampleTree(), out, 1 << 20, false));
        // Unfinished writers leave nothing behind.
        try (CafWriter w = CafWriter.create(tmp.resolve("abandoned.caf"), false)) {
            w.add("a", new ByteArrayInputStream(new byte[10]));
        }
        assertFalse(Files.exists(tmp.resolve("abandoned.caf")));
        assertNoTempFiles();
    }

    @Test
    void emptyFolderGivesAValidEmptyChunk() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("empty"));
        Path out = tmp.resolve("empty.caf");
        CafFolderPacker.pack(root, out, 100, false);
        try (CafArchive a = (CafArchive) new CafFormat().open(out, Limits.DEFAULT)) {
            assertTrue(a.entries().isEmpty());
            assertEquals(List.of(), CafTestFiles.verify(a));
        }
    }

    private void assertNoTempFiles() throws IOException {
        try (Stream<Path> s = Files.walk(tmp)) {
            assertEquals(
                    List.of(),
                    s.filter(p -> p.getFileName().toString().contains(".vitrine-"))
                            .toList());
        }
    }
}
