package dev.vitrine.core.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.Content;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 19 item 7: folders of the destination swapped for symbolic links while an export runs
 * (here from its own progress callback, after the first file) never lead it outside: the
 * entries in them are refused and named, nothing is written where the links point.
 */
class ExportFolderRaceTest {
    @TempDir
    Path tmp;

    @Test
    void foldersSwappedForLinksDuringAnExportAreNeverFollowed() throws Exception {
        Assumptions.assumeTrue(System.getProperty("os.name", "").equals("Linux"));
        assertTrue(LinuxCalls.directoryHandlesAvailable(), "folder handles on Linux (native access enabled for tests)");
        Path dest = tmp.resolve("dest");
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.createDirectories(outside.resolve("b"));
        List<Content> contents = new ArrayList<>();
        contents.add(new ExportEngineTest.Bytes("first.txt", "first"));
        for (int i = 0; i < 150; i++) {
            contents.add(new ExportEngineTest.Bytes(String.format("sub/f%03d", i), "x" + i));
            contents.add(new ExportEngineTest.Bytes(String.format("a/b/g%03d", i), "y" + i));
        }
        AtomicBoolean swapped = new AtomicBoolean();
        ExportProgress swapper = (done, total, current) -> {
            // After the first file of sub/ and a/b/ exist: swap sub and a (a/b's parent) for links.
            if (current != null && current.startsWith("a/b/g001") && swapped.compareAndSet(false, true)) {
                try {
                    Files.move(dest.resolve("sub"), dest.resolve("sub.moved"));
                    Files.createSymbolicLink(dest.resolve("sub"), outside);
                    Files.move(dest.resolve("a"), dest.resolve("a.moved"));
                    Files.createSymbolicLink(dest.resolve("a"), outside);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
        ExportReport r = new Exporter(ExportOptions.DEFAULT, swapper, null).export(contents, dest);

        assertTrue(swapped.get());
        try (Stream<Path> s = Files.walk(outside)) {
            assertEquals(List.of(outside, outside.resolve("b")), s.toList(), "nothing written through the links");
        }
        assertEquals(contents.size(), r.exported().size() + r.refused().size(), r::toString);
        assertTrue(
                r.refused().size() >= 2 * 148,
                "the entries after the swap are refused: " + r.refused().size());
        for (ExportReport.Refused x : r.refused()) {
            assertTrue(
                    x.reason().contains("symbolic link") || x.reason().contains("moved or replaced while exporting"),
                    x.toString());
        }
        // What was written before the swap stayed inside the destination (in the moved folders).
        assertTrue(Files.isRegularFile(dest.resolve("sub.moved/f000")));
        assertTrue(Files.isRegularFile(dest.resolve("a.moved/b/g000")));
    }
}
