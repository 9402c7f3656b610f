package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {
    @TempDir
    Path tmp;

    @Test
    void aTreeGoesWholeButWhatItsLinksPointAtStays() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("user-files"));
        Files.writeString(outside.resolve("precious.txt"), "keep me");
        Path root = Files.createDirectories(tmp.resolve("ours/a/b"));
        Files.writeString(root.resolve("f"), "x");
        Files.createSymbolicLink(tmp.resolve("ours/a/link-to-folder"), outside);
        Files.createSymbolicLink(tmp.resolve("ours/link-to-file"), outside.resolve("precious.txt"));

        FileTrees.delete(tmp.resolve("ours"));

        assertFalse(Files.exists(tmp.resolve("ours"), LinkOption.NOFOLLOW_LINKS));
        assertEquals("keep me", Files.readString(outside.resolve("precious.txt")));
    }

    @Test
    void aMissingTreeIsNoErrorAndAFileIsRemovedToo() throws Exception {
        FileTrees.delete(tmp.resolve("never-made"));
        Path f = Files.writeString(tmp.resolve("single.part"), "x");
        assertTrue(FileTrees.deleteQuietly(f));
        assertFalse(Files.exists(f));
    }

    @Test
    void whatCannotBeRemovedIsSaidQuietly() throws Exception {
        Path locked = Files.createDirectories(tmp.resolve("locked/inner"));
        Files.writeString(locked.resolve("f"), "x");
        locked.toFile().setWritable(false);
        try {
            boolean root = "root".equals(System.getProperty("user.name"));
            assertEquals(
                    root,
                    FileTrees.deleteQuietly(tmp.resolve("locked")),
                    "gone only where permissions are not enforced");
        } finally {
            locked.toFile().setWritable(true);
        }
    }
}
