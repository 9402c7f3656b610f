package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A local file read into a buffer (a direct one for native code such as zstd's input, a heap one
 * for a ZSS verify's chunks) goes through the file, not its mapping: the same bytes as the mapping
 * gives, and a file that shrank or was replaced since it was opened is said to have changed, never
 * read as other bytes or a crash.
 */
class MappedFileBufferReadTest {
    @TempDir
    Path dir;

    private static ByteBuffer buffer(boolean direct, int n) {
        return direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
    }

    private byte[] write(Path f, int n) throws Exception {
        byte[] b = new byte[n];
        new Random(7).nextBytes(b);
        Files.write(f, b);
        return b;
    }

    @ParameterizedTest(name = "direct {0}")
    @ValueSource(booleans = {true, false})
    void readsTheSameBytesAsTheMapping(boolean isDirect) throws Exception {
        Path f = dir.resolve("a.bin");
        byte[] b = write(f, 3 << 20);
        try (MappedFileSource src = MappedFileSource.open(f)) {
            ByteBuffer direct = buffer(isDirect, 1 << 20);
            direct.position(5).limit(5 + 700_000);
            src.read(1_234_567, direct);
            assertEquals(5 + 700_000, direct.position(), "the buffer advanced by what was read");
            byte[] got = new byte[700_000];
            direct.position(5);
            direct.get(got);
            byte[] want = java.util.Arrays.copyOfRange(b, 1_234_567, 1_234_567 + 700_000);
            assertArrayEquals(want, got);
            assertArrayEquals(want, src.read(1_234_567, 700_000), "as the mapping reads them");
        }
    }

    @ParameterizedTest(name = "direct {0}")
    @ValueSource(booleans = {true, false})
    void aReadPastTheEndIsRefusedNamingTheFile(boolean direct) throws Exception {
        Path f = dir.resolve("b.bin");
        write(f, 4096);
        try (MappedFileSource src = MappedFileSource.open(f)) {
            TruncatedException e = assertThrows(TruncatedException.class, () -> src.read(4000, buffer(direct, 200)));
            assertTrue(e.getMessage().contains("b.bin"), e.getMessage());
        }
    }

    @ParameterizedTest(name = "direct {0}")
    @ValueSource(booleans = {true, false})
    void aFileThatShrankIsAChange(boolean direct) throws Exception {
        Path f = dir.resolve("c.bin");
        write(f, 1 << 20);
        try (MappedFileSource src = MappedFileSource.open(f)) {
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
                ch.truncate(1000);
            }
            FileChangedException e =
                    assertThrows(FileChangedException.class, () -> src.read(500_000, buffer(direct, 4096)));
            assertTrue(e.getMessage().contains("c.bin"), e.getMessage());
        }
    }

    @ParameterizedTest(name = "direct {0}")
    @ValueSource(booleans = {true, false})
    void aFilePutInItsPlaceIsAChange(boolean direct) throws Exception {
        Path f = dir.resolve("d.bin");
        write(f, 1 << 20);
        try (MappedFileSource src = MappedFileSource.open(f)) {
            Path other = dir.resolve("other.bin");
            Files.write(other, new byte[1 << 20]);
            Files.move(other, f, StandardCopyOption.REPLACE_EXISTING);
            assertThrows(FileChangedException.class, () -> src.read(0, buffer(direct, 4096)));
        }
    }
}
