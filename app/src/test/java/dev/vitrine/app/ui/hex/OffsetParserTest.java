package dev.vitrine.app.ui.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OffsetParserTest {

    @Test
    void decimalHexAndSuffixes() {
        assertEquals(4096, OffsetParser.parse("4096"));
        assertEquals(4096, OffsetParser.parse(" 4,096 "));
        assertEquals(4096, OffsetParser.parse("0x1000"));
        assertEquals(4096, OffsetParser.parse("1000h"));
        assertEquals(2L << 30, OffsetParser.parse("2G"));
        assertEquals(3L << 20, OffsetParser.parse("3m"));
    }

    @Test
    void nonsenseSaysWhatToType() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OffsetParser.parse("abc"));
        assertTrue(e.getMessage().contains("0x1000"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> OffsetParser.parse(""));
        assertThrows(IllegalArgumentException.class, () -> OffsetParser.parse("-5"));
        assertThrows(IllegalArgumentException.class, () -> OffsetParser.parse("99999999999999999999"));
    }
}
