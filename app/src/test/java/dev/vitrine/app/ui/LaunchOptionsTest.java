package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.format.FormatRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchOptionsTest {
    @TempDir
    Path dir;

    @Test
    void screenshotOptions() {
        LaunchOptions o = LaunchOptions.parse(
                new String[] {"--screenshot", "out.png", "--size", "800x600", "a.zss", "--verify", "--show", "index"});
        assertEquals(Path.of("out.png"), o.screenshot());
        assertEquals(800, o.width());
        assertEquals(600, o.height());
        assertEquals(List.of(Path.of("a.zss")), o.files());
        assertTrue(o.verify());
        assertEquals("index", o.show());
        assertNull(o.timeWindow());
        org.junit.jupiter.api.Assertions.assertArrayEquals(
                new double[] {6.0, 6.25},
                LaunchOptions.parse(new String[] {"--time-window", "6.0:6.25", "log"})
                        .timeWindow());
        LaunchOptions plain = LaunchOptions.parse(new String[0]);
        assertNull(plain.screenshot());
        assertEquals(LaunchOptions.DEFAULT_WIDTH, plain.width());
        // what the window's "no AWS credentials found" line suggests is an option the window takes
        LaunchOptions anonymous = LaunchOptions.parse(new String[] {"--no-sign-request", "s3://public/a.zss"});
        assertTrue(anonymous.noSignRequest());
        assertEquals(List.of("s3://public/a.zss"), anonymous.urls());
        org.junit.jupiter.api.Assertions.assertFalse(plain.noSignRequest());
    }

    @Test
    void badOptionsSayWhatIsExpected() {
        assertTrue(assertThrows(
                        IllegalArgumentException.class, () -> LaunchOptions.parse(new String[] {"--size", "big"}))
                .getMessage()
                .contains("WIDTHxHEIGHT"));
        assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(new String[] {"--screenshot"}));
        assertThrows(IllegalArgumentException.class, () -> LaunchOptions.parse(new String[] {"--frobnicate"}));
        for (String bad : new String[] {"6", "7:6", "a:b", "1:2:3"}) {
            assertTrue(
                    assertThrows(
                                    IllegalArgumentException.class,
                                    () -> LaunchOptions.parse(new String[] {"--time-window", bad}))
                            .getMessage()
                            .contains("FROM:TO"),
                    bad);
        }
    }

    @Test
    void aFileUriOpensItsFileAndAnotherSchemeIsRefusedByName() throws Exception {
        Path f = Files.writeString(dir.resolve("a b.zss"), "x");
        assertEquals(
                List.of(f),
                LaunchOptions.parse(new String[] {f.toUri().toString()}).files());
        assertEquals(
                "ftp://host/a.zss: not an address Vitrine reads (http://, https://, s3:// or a local path)",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> LaunchOptions.parse(new String[] {"ftp://host/a.zss"}))
                        .getMessage());
    }

    @Test
    void theSamplesFolderComesFromVitrineHome() {
        String before = System.getProperty("vitrine.home");
        try {
            System.setProperty("vitrine.home", dir.toString());
            assertEquals(dir.resolve("samples"), LaunchOptions.samplesFolder());
        } finally {
            if (before == null) System.clearProperty("vitrine.home");
            else System.setProperty("vitrine.home", before);
        }
    }

    @Test
    void aFolderOpensTheArchivesInsideAndQuietlySkipsTheRest() throws Exception {
        Path zss = dir.resolve("a.zss");
        Files.copy(LaunchOptionsTest.class.getResourceAsStream("/fixtures/zss/letters-none.zss"), zss);
        Files.writeString(dir.resolve("README.md"), "# samples");
        OpenPlan plan = OpenPlan.of(List.of(dir), FormatRegistry.get());
        assertEquals(List.of(zss), plan.archives());
        assertEquals(List.of(dir.resolve("README.md")), plan.skipped());
        assertEquals(List.of(), plan.messages());
        Path empty = Files.createDirectory(dir.resolve("empty"));
        // A folder inside that a format claims is an archive too (the test-only two-part format);
        // a plain one is skipped like the README.
        Path parts = dev.vitrine.app.ui.testing.TwoPartFormat.write(dir.resolve("parts"), 1, 1);
        OpenPlan withFolders = OpenPlan.of(List.of(dir), FormatRegistry.get());
        assertEquals(List.of(zss, parts), withFolders.archives());
        assertEquals(List.of(dir.resolve("README.md"), empty), withFolders.skipped());
        assertEquals(
                1, OpenPlan.of(List.of(empty), FormatRegistry.get()).messages().size());
    }
}
