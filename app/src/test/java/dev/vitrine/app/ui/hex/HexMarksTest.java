package dev.vitrine.app.ui.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import java.util.List;
import org.junit.jupiter.api.Test;

class HexMarksTest {

    @Test
    void aNodeFramesItsBytesAndItsFieldsInTintsOfTheirOwn() {
        HexMarks m = HexMarks.forNode(
                "block",
                ByteRange.of(106, 14),
                List.of(
                        Field.at("length", 5, 106, 1),
                        Field.of("no bytes", 1),
                        Field.at("level", 0, 107, 1),
                        Field.at("crc", "x", 112, 8)),
                FileRef.MAIN,
                1000);
        assertEquals(new HexMark(106, 120, HexMark.Kind.NODE, 0, "block"), m.node());
        assertEquals(HexMark.Kind.FIELD, m.topAt(106).kind());
        assertEquals(0, m.topAt(106).tint());
        assertEquals(1, m.topAt(107).tint(), "fields without bytes take no tint: level is the second coloured field");
        assertEquals(2, m.topAt(119).tint());
        assertEquals(HexMark.Kind.NODE, m.topAt(110).kind(), "between fields: the node itself");
    }

    @Test
    void theWholeFileIsNotTintedAndOtherFilesAreNotMarked() {
        assertNull(HexMarks.forNode("file", ByteRange.of(0, 500), List.of(), FileRef.MAIN, 500)
                .node());
        assertNull(HexMarks.forNode("x", ByteRange.in(FileRef.of("other.idx"), 3, 4), List.of(), FileRef.MAIN, 500)
                .node());
        assertEquals(
                0,
                HexMarks.forNode("none", ByteRange.NONE, List.of(), FileRef.MAIN, 500)
                        .all()
                        .size());
    }

    @Test
    void problemsAndMatchesDrawOverFields() {
        HexMarks m = HexMarks.forNode("n", ByteRange.of(0, 10), List.of(Field.at("f", 1, 0, 4)), FileRef.MAIN, 100)
                .with(new HexMark(2, 3, HexMark.Kind.PROBLEM, 0, "bad"));
        assertEquals(HexMark.Kind.PROBLEM, m.topAt(2).kind());
        assertEquals(HexMark.Kind.FIELD, m.topAt(1).kind());
        assertEquals(3, m.within(0, 4).size());
        assertEquals(2, m.without(HexMark.Kind.PROBLEM).all().size());
    }
}
