package dev.vitrine.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** "No bound" placeholders read as a dash; real values, however large, as themselves. */
class PlaceholdersTest {
    @Test
    void theExtremesOfALongAreADash() {
        assertEquals("—", Placeholders.shown("9223372036854775807"));
        assertEquals("—", Placeholders.shown("-9223372036854775808"));
        assertEquals("—", Placeholders.shown("-9223372036854775807"));
        assertEquals("9223372036854775806", Placeholders.shown("9223372036854775806"));
        assertEquals("abc", Placeholders.shown("abc"));
        assertTrue(Placeholders.is(Long.MAX_VALUE));
        assertFalse(Placeholders.is(3_600_000_864_236L));
    }

    @Test
    void placeholdersInsideTextAreADashToo() {
        assertEquals(
                "hidden ([0, —] all channels)", Placeholders.inText("hidden ([0, 9223372036854775807] all channels)"));
        assertEquals("[—, 5]", Placeholders.inText("[-9223372036854775808, 5]"));
        assertEquals("19223372036854775807", Placeholders.inText("19223372036854775807"));
    }

    @Test
    void countsAgree() {
        assertEquals("1 warning", Plural.of(1, "warning"));
        assertEquals("0 warnings", Plural.of(0, "warning"));
        assertEquals("2 entries", Plural.of(2, "entry", "entries"));
    }
}
