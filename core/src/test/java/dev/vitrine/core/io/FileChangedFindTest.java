package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window has several archives open: a failure in one is blamed on a changed file only
 * when that file is its own.
 */
class FileChangedFindTest {
    @TempDir
    Path tmp;

    @Test
    void aChangedFileIsFoundOnlyUnderItsOwnArchive() throws Exception {
        FileChangedException.forgetEarlier();
        Path a = Files.write(tmp.resolve("a.bin"), new byte[10_000]);
        Path folder = Files.createDirectories(tmp.resolve("b"));
        Path b = Files.write(folder.resolve("part-1"), new byte[10_000]);
        try (MappedFileSource sa = MappedFileSource.open(a);
                MappedFileSource sb = MappedFileSource.open(b)) {
            try (RandomAccessFile f = new RandomAccessFile(b.toFile(), "rw")) {
                f.setLength(100);
            }
            assertNull(FileChangedException.find(new InternalError("fault"), a), "a's failure is not b's change");
            FileChangedException changed = FileChangedException.find(new InternalError("fault"), folder);
            assertEquals(b.toString(), changed.name());
            assertEquals("changed while being read (was 10000 bytes, now 100)", changed.reason());
            FileChangedException own = new FileChangedException(a.toString(), 1, 2);
            assertSame(
                    own,
                    FileChangedException.find(new java.io.IOException(own), folder),
                    "one in the chain is the job's own");
        }
        assertNull(FileChangedException.find(null, a), "closed unchanged, a is never reported");
        assertEquals(b.toString(), FileChangedException.find(null, b).name(), "closed changed, b is reported once");
        assertNull(FileChangedException.find(null, b));
    }
}
