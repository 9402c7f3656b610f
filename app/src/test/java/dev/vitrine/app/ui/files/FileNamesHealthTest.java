package dev.vitrine.app.ui.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Health;
import org.junit.jupiter.api.Test;

/** Issue 9 (names that display as other names): the Files tab warns through the policy verify uses, and escapes them. */
class FileNamesHealthTest {

    static FileListing.Entry entry(String name) {
        return new FileListing.Entry(name, 1, ByteRange.of(0, 1));
    }

    @Test
    void aBidiOverrideIsARowWarningAndShownEscaped() {
        FileHealth.Verdict v = FileHealth.ofEntry(entry("rtl\u202etxt.exe"), EntryPathPolicy.of(false));
        assertEquals(Health.WARNING, v.health());
        assertTrue(v.note().contains("displays differently from what it is: bidi control U+202E"), v.note());
        assertEquals("\"rtl\\u202etxt.exe\"", FilesModel.shown("rtl\u202etxt.exe"));
        assertEquals(
                Health.WARNING,
                FileHealth.ofEntry(entry("zero\u200bwidth"), EntryPathPolicy.of(false))
                        .health());
        assertEquals(
                Health.UNCHECKED,
                FileHealth.ofEntry(entry("plain café.txt"), EntryPathPolicy.of(false))
                        .health());
        // Refusal still wins over a warning, with the same words as before.
        FileHealth.Verdict refused = FileHealth.ofEntry(entry("../x\u202e"), EntryPathPolicy.of(false));
        assertEquals(Health.DAMAGED, refused.health());
        assertTrue(refused.note().startsWith("unsafe name ("), refused.note());
        // A verify message that quotes such a name marks the row: the quoted form reads back.
        assertEquals(
                java.util.List.of("rtl\u202etxt.exe"),
                FileHealth.namesIn("entry " + EntryPathPolicy.quote("rtl\u202etxt.exe") + ": name displays"));
    }
}
