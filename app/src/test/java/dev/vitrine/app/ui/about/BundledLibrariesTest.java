package dev.vitrine.app.ui.about;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Help > About names every library the build bundles, with its licence. */
class BundledLibrariesTest {

    @Test
    void everyBundledLibraryHasItsLicenceNamed() {
        List<BundledLibraries.Library> libs = BundledLibraries.list();
        assertTrue(libs.size() >= 15, "the build's dependency list is read: " + libs);
        List<BundledLibraries.Library> unnamed = libs.stream()
                .filter(l -> l.licence().equals(BundledLibraries.UNKNOWN))
                .toList();
        assertEquals(List.of(), unnamed, "add their licences to licences.properties");
        assertTrue(libs.stream()
                .anyMatch(l -> l.name().equals("picocli") && l.licence().equals("Apache-2.0")));
    }

    @Test
    void aPlatformJarIsTheSameLibrary() {
        assertArrayEquals(
                new String[] {"org.openjfx", "javafx-base", "26.0.2"},
                BundledLibraries.coordinates(
                        "   org.openjfx:javafx-base:jar:linux:26.0.2:compile -- module javafx.base"));
        assertEquals(null, BundledLibraries.coordinates("The following files have been resolved:"));
    }
}
