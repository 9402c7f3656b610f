package dev.vitrine.core.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vitrine.core.io.FileChangedException;
import dev.vitrine.core.io.SourceUnavailableException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.testing.Fixtures;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A window has several archives open, and more than one of their files may change. A verify
 * that fails because its own file shrank names that file, never another archive's.
 */
class VerifyEngineChangedFileTest {
    @TempDir
    Path tmp;

    @Test
    void aVerifyBlamesItsOwnChangedFileNotAnotherOpenArchives() throws Exception {
        FileChangedException.forgetEarlier();
        Path fixture = Fixtures.path("zss/generated/recs1000-none.zss");
        List<Archive> others = new ArrayList<>();
        Path mine = Files.copy(fixture, tmp.resolve("mine.zss"));
        try (Archive archive = FormatRegistry.get().open(mine, Limits.DEFAULT)) {
            // Opened after it, changed before it: eight chances for the wrong one to be found first.
            for (int i = 0; i < 8; i++) {
                Path other = Files.copy(fixture, tmp.resolve("other-" + i + ".zss"));
                others.add(FormatRegistry.get().open(other, Limits.DEFAULT));
                shrink(other);
            }
            long was = Files.size(mine);
            shrink(mine);
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> VerifyEngine.run(archive, p -> {}));
            SourceUnavailableException gone = SourceUnavailableException.in(e);
            assertEquals(mine.toString(), gone.name());
            assertEquals("changed while being read (was " + was + " bytes, now 100)", gone.reason());
        } finally {
            for (Archive a : others) a.close();
            FileChangedException.forgetEarlier();
        }
    }

    private static void shrink(Path file) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(100);
        }
    }
}
