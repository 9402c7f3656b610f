package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a typed name becomes: file: URIs are local files, an address of another scheme is refused by name. */
class LocationsTest {
    @TempDir
    Path tmp;

    @Test
    void aFileUriNamesTheLocalFileItsDecodedPathNames() throws Exception {
        Path f = Files.writeString(tmp.resolve("a b.zss"), "x");
        for (String typed : new String[] {
            f.toUri().toString(), // file:///…/a%20b.zss, as file managers hand them out
            "file://localhost" + f.toUri().getRawPath(),
            "file:" + f.toUri().getRawPath()
        }) {
            Location l = Locations.of(typed, RemoteOptions.DEFAULT);
            assertEquals(f, ((LocalLocation) l).path(), typed);
            assertEquals(typed, l.display());
            assertEquals(1, l.stat().size(), typed);
        }
    }

    @Test
    void aFileUriOfAnotherHostIsNotReadAsALocalFile() {
        var e = assertThrows(
                IllegalArgumentException.class,
                () -> Locations.of("file://fileserver/share/a.zss", RemoteOptions.DEFAULT));
        assertEquals("not a local file (a file: URI of host fileserver)", e.getMessage());
    }

    @Test
    void anAddressOfAnotherSchemeSaysWhatIsRead() {
        for (String typed : new String[] {"ftp://host/a.zss", "gs://bucket/a.clps", "hdfs://nn:8020/x.caf"}) {
            var e = assertThrows(IllegalArgumentException.class, () -> Locations.of(typed, RemoteOptions.DEFAULT));
            assertEquals("not an address Vitrine reads (http://, https://, s3:// or a local path)", e.getMessage());
        }
    }

    @Test
    void aLocalPathStaysAPath() throws Exception {
        Path f = Files.writeString(tmp.resolve("file:x.zss"), "xy");
        Location l = Locations.of(f.toString(), RemoteOptions.DEFAULT);
        assertEquals(f, ((LocalLocation) l).path());
        assertEquals(2, l.stat().size());
    }
}
