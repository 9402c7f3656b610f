package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.text.Messages;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exceptions become plain reasons: no library class or method names, no path the caller did not ask for. */
class MessagesTest {
    @TempDir
    Path tmp;

    @Test
    void jacksonLimitsInWords() {
        Exception e = assertThrows(IOException.class, () -> Json.MAPPER.readTree("[".repeat(3000) + "]".repeat(3000)));
        String r = Messages.reason(e);
        assertTrue(r.startsWith("nested deeper than "), r);
        assertFalse(r.contains("StreamReadConstraints"), r);
        assertEquals(
                "nested deeper than 1000 levels",
                Messages.plain(
                        "Document nesting depth (1001) exceeds the maximum allowed (1000, from `StreamReadConstraints.getMaxNestingDepth()`)"));
        assertEquals(
                "a number longer than 1000 characters",
                Messages.plain(
                        "Number value length (1200) exceeds the maximum allowed (1000, from `StreamReadConstraints.getMaxNumberLength()`)"));
    }

    @Test
    void fileSystemReasonsAreTheSystemsOwnOnce() throws IOException {
        Path longName = tmp.resolve("x".repeat(300));
        IOException e = assertThrows(IOException.class, () -> Files.readAttributes(longName, "basic:size"));
        assertEquals("file name too long", Messages.reason(e));
        assertEquals(longName + ": file name too long", Messages.describe(e));
        Path loop = tmp.resolve("loop");
        Files.createSymbolicLink(loop, loop.getFileName());
        assertEquals(
                "too many levels of symbolic links",
                Messages.reason(assertThrows(IOException.class, () -> FileKinds.attributes(loop))));
        assertEquals("no such file or directory", Messages.reason(new NoSuchFileException("/x")));
        assertEquals("/x: is a folder", Messages.describe(new FileSystemException("/x", null, "Is a directory")));
        assertEquals(
                "/dest/a: file name too long",
                Messages.describe(new FileSystemException("/dest/.a.part", "/dest/a", "File name too long")));
    }

    @Test
    void wrappersAreSeenThroughAndNothingIsEverEmpty() {
        assertEquals(
                "no such file or directory", Messages.reason(new CompletionException(new NoSuchFileException("/x"))));
        assertEquals("internal error (NullPointerException)", Messages.reason(new NullPointerException()));
        assertEquals("read error", Messages.reason(new IOException()));
        assertEquals("first line", Messages.reason(new IOException("first line\n  second")));
        FormatException f = new FormatException("a.zss", 120, "checksum mismatch");
        assertEquals("a.zss: offset 120: checksum mismatch", Messages.reason(f));
    }

    @Test
    void specialFilesAndFoldersAreRefusedBeforeReading() throws Exception {
        assertEquals(
                "not a regular file (a character device)",
                Messages.reason(assertThrows(
                        IOException.class, () -> FormatRegistry.get().detect(Path.of("/dev/null")))));
        Path dir = Files.createDirectories(tmp.resolve("d"));
        IOException e = assertThrows(
                IOException.class, () -> FormatRegistry.get().open(dir, dev.vitrine.core.limits.Limits.DEFAULT));
        assertEquals("is a folder; no format Vitrine knows claims this folder", Messages.reason(e));
        assertEquals(
                "d: is a folder; no format Vitrine knows claims this folder",
                e.getMessage(),
                "the window's form: the file's name");
    }
}
