package dev.vitrine.core.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of a folder archive: mapped on use, never more than the limit at once, never outside the folder. */
class ArchiveFilesTest {
    @TempDir
    Path dir;

    @Test
    void atMostTheLimitStaysMappedAndAnEvictedPartReadsAgain() throws Exception {
        for (int i = 0; i < 5; i++) Files.writeString(dir.resolve("part-" + i), "part " + i);
        try (ArchiveFiles files = new ArchiveFiles(dir, 2)) {
            ByteSource first = files.source(FileRef.of("part-0"));
            for (int i = 0; i < 5; i++) {
                assertArrayEquals(
                        ("part " + i).getBytes(),
                        files.source(FileRef.of("part-" + i)).read(0, 6));
                assertTrue(files.openCount() <= 2, "mapped: " + files.openCount());
            }
            assertArrayEquals("part 0".getBytes(), first.read(0, 6), "a part evicted long ago maps itself again");
        }
    }

    @Test
    void namesThatLeaveTheFolderAndLinksAreRefused() throws Exception {
        Path outside = Files.writeString(dir.resolveSibling(dir.getFileName() + "-secret"), "secret");
        Files.createSymbolicLink(dir.resolve("link"), outside);
        try (ArchiveFiles files = new ArchiveFiles(dir, 4)) {
            assertThrows(IOException.class, () -> files.source(FileRef.of("../" + outside.getFileName())));
            assertThrows(IOException.class, () -> files.source(FileRef.of("link")));
        } finally {
            Files.deleteIfExists(outside);
        }
    }
}
