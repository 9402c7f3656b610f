package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicWriteTest {
    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theTargetNeverShowsAHalfWrittenFileAndTheOldOneIsReplacedByARename() throws Exception {
        Path target = dir.resolve("out.txt");
        Files.writeString(target, "old content");
        try (FileChannel old = FileChannel.open(target, StandardOpenOption.READ)) {
            AtomicWrite.write(target, true, out -> {
                out.write("new ".getBytes(StandardCharsets.UTF_8));
                out.flush();
                // Mid-write, the real name still holds the old file, whole.
                assertEquals("old content", Files.readString(target));
                out.write("content, longer".getBytes(StandardCharsets.UTF_8));
            });
            assertEquals("new content, longer", Files.readString(target));
            // A rename leaves the old file's bytes intact for whoever had it open; writing over
            // it in place would not.
            ByteBuffer b = ByteBuffer.allocate(64);
            old.read(b, 0);
            assertEquals("old content", new String(b.array(), 0, b.position(), StandardCharsets.UTF_8));
        }
        assertEquals(List.of("out.txt"), names());
    }

    @Test
    void aFailedWriteLeavesNeitherTargetNorTemp() throws Exception {
        Path target = dir.resolve("out.bin");
        IOException e = assertThrows(
                IOException.class,
                () -> AtomicWrite.write(target, true, out -> {
                    out.write(new byte[100_000]);
                    throw new IOException("disk full");
                }));
        assertEquals("disk full", e.getMessage());
        assertFalse(Files.exists(target));
        assertEquals(List.of(), names());
    }

    @Test
    void aFailedReplaceKeepsTheOldFile() throws Exception {
        Path target = dir.resolve("settings.json");
        Files.writeString(target, "{\"a\":1}");
        assertThrows(
                IllegalStateException.class,
                () -> AtomicWrite.write(target, true, out -> {
                    out.write('{');
                    throw new IllegalStateException("bug");
                }));
        assertEquals("{\"a\":1}", Files.readString(target));
        assertEquals(List.of("settings.json"), names());
    }

    @Test
    void withoutReplaceAFileThatAppearedMeanwhileIsKept() throws Exception {
        Path target = dir.resolve("x");
        try (AtomicWrite w = AtomicWrite.file(target)) {
            w.channel().write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            Files.write(target, new byte[] {9});
            assertFalse(w.commit(false));
        }
        assertArrayEquals(new byte[] {9}, Files.readAllBytes(target));
        assertEquals(List.of("x"), names());
        assertThrows(FileAlreadyExistsException.class, () -> AtomicWrite.write(target, false, out -> out.write(7)));
        assertArrayEquals(new byte[] {9}, Files.readAllBytes(target));
        assertEquals(List.of("x"), names());
    }

    @Test
    void aFolderIsFilledAsAWholeAndRemovedWhenNotCommitted() throws Exception {
        Path target = dir.resolve("bundle");
        try (AtomicWrite w = AtomicWrite.folder(target)) {
            Files.createDirectories(w.temp().resolve("a/b"));
            Files.writeString(w.temp().resolve("a/b/c"), "x");
            assertFalse(Files.exists(target));
        }
        assertEquals(List.of(), names());
        try (AtomicWrite w = AtomicWrite.folder(target)) {
            Files.writeString(w.temp().resolve("f"), "y");
            assertTrue(w.commit(true));
        }
        assertEquals("y", Files.readString(target.resolve("f")));
        assertEquals(List.of("bundle"), names());
    }

    @Test
    void theTempNameFitsTheFileSystemForALongTargetName() throws Exception {
        String longName = "é".repeat(127); // 254 bytes in UTF-8
        Path target = dir.resolve(longName);
        AtomicWrite.write(target, true, out -> out.write(1));
        assertArrayEquals(new byte[] {1}, Files.readAllBytes(target));
        assertEquals(120, AtomicWrite.shortened(longName).getBytes(StandardCharsets.UTF_8).length);
    }
}
