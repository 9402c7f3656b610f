package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.remote.RemoteException;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.S3TestServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** s3:// objects and prefixes against a real S3 API (s3proxy over a folder). */
class S3LocationTest {
    static S3TestServer s3;
    static RemoteOptions options;
    static byte[] data;

    @BeforeAll
    static void start() throws IOException {
        s3 = S3TestServer.start();
        Path bucket = Files.createDirectories(s3.root().resolve("logs"));
        data = new byte[700_000];
        new Random(3).nextBytes(data);
        Files.write(bucket.resolve("a.bin"), data);
        Files.createDirectories(bucket.resolve("run1/splits"));
        Files.write(bucket.resolve("run1/manifest.bin"), new byte[10]);
        Files.write(bucket.resolve("run1/splits/s-0"), new byte[5]);
        options = new RemoteOptions(List.of(), false, s3.endpoint(), RemoteSettings.DEFAULT.withBlockBytes(64 << 10));
    }

    @AfterAll
    static void stop() throws IOException {
        if (s3 != null) s3.close();
    }

    @Test
    void anObjectIsAFileReadByRanges() throws IOException {
        Location l = Locations.of("s3://logs/a.bin", options);
        assertEquals(Location.Kind.FILE, l.stat().kind());
        assertEquals(data.length, l.stat().size());
        try (ByteSource src = l.open()) {
            assertEquals(data.length, src.size());
            assertArrayEquals(Arrays.copyOfRange(data, 300_000, 300_500), src.read(300_000, 500));
        }
    }

    /**
     * An object put in s3proxy's folder by hand has no ETag: it is pinned by its Last-Modified
     * time (If-Unmodified-Since), so one replaced while read is reported, not read as a mix.
     */
    @Test
    void anObjectWithoutAnETagReplacedWhileReadIsReported() throws IOException {
        Path f = s3.root().resolve("logs/untagged.bin");
        Files.write(f, data);
        Location l = Locations.of("s3://logs/untagged.bin", options);
        try (ByteSource src = l.open()) {
            assertArrayEquals(Arrays.copyOfRange(data, 0, 100), src.read(0, 100));
            byte[] other = data.clone();
            other[600_000] ^= 1;
            Files.write(f, other);
            Files.setLastModifiedTime(
                    f, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 120_000));
            // a source's reads carry the remote failure unchecked, as a mapped file's do
            java.io.UncheckedIOException e =
                    assertThrows(java.io.UncheckedIOException.class, () -> src.read(600_000, 10));
            assertEquals("changed while being read", ((RemoteException) e.getCause()).reason());
        }
    }

    @Test
    void aPrefixIsAFolderListedByName() throws IOException {
        Location l = Locations.of("s3://logs/run1/", options);
        assertEquals(Location.Kind.FOLDER, l.stat().kind());
        assertEquals(
                List.of(
                        new Location.Entry("manifest.bin", Location.Kind.FILE, 10),
                        new Location.Entry("splits", Location.Kind.FOLDER, 0)),
                l.list());
        assertEquals(
                List.of(new Location.Entry("s-0", Location.Kind.FILE, 5)),
                l.resolve("splits").list());
        assertEquals(
                Location.Kind.FOLDER,
                Locations.of("s3://logs/run1", options).stat().kind(),
                "a prefix named without its slash");
    }

    @Test
    void missingObjectsAndBucketsSaySo() {
        assertEquals(
                "no such object or prefix",
                assertThrows(
                                RemoteException.class,
                                () -> Locations.of("s3://logs/nope.bin", options)
                                        .stat())
                        .reason());
        RemoteException e = assertThrows(
                RemoteException.class,
                () -> Locations.of("s3://nobucket/x", options).stat());
        assertEquals("s3://nobucket/x: " + e.reason(), e.getMessage());
    }
}
