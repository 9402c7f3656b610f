package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.text.SizeText;
import org.junit.jupiter.api.Test;

class SizeTextTest {
    @Test
    void sizesAsUsersTypeThem() {
        assertEquals(1048576, SizeText.parse("1048576"));
        assertEquals(512 << 10, SizeText.parse("512K"));
        assertEquals(3L << 29, SizeText.parse("1.5G"));
        assertEquals(30L << 30, SizeText.parse("30GiB"));
        assertEquals(30L << 30, SizeText.parse("30gb"));
    }

    @Test
    void notSizesAreNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SizeText.parse("lots"))
                .getMessage()
                .contains("'lots' is not a size"));
        assertThrows(IllegalArgumentException.class, () -> SizeText.parse("0"));
        assertThrows(IllegalArgumentException.class, () -> SizeText.parse("-5M"));
        assertThrows(IllegalArgumentException.class, () -> SizeText.parse("99999999T"));
    }
}
