package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.model.Node;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A record inside a deflate block has no bytes of its own in the file: the raw block is framed
 * and, beside it, the block's inflated payload with the record's own bytes framed.
 */
class DecodedBytesTest extends WindowTest {

    @Test
    void aRecordInADeflateBlockIsFramedInTheDecodedBytes() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/letters-deflate.zss"));
        Node root = fx(() -> v.session().root().node());
        Node dataBlocks = child(root, 2);
        Node block = child(dataBlocks, 3); // "dd", "f"
        Node record = child(block, 1);
        fx(() -> v.tree().reveal(List.of(root, dataBlocks, block, record))).get();
        settle();

        assertTrue(fx(() -> v.hex().decoded().showing()), "the decoded bytes are shown");
        HexMark raw = fx(() -> v.hex().hex().marks().node());
        assertEquals(block.range().offset(), raw.start(), "the raw view frames the compressed block");
        assertEquals(block.range().end(), raw.end());
        var decoded = v.hex().decoded().hex();
        HexMark own = fx(() -> decoded.marks().node());
        var d = record.decoded().orElseThrow();
        assertEquals(d.offset(), own.start(), "the record's own bytes are framed in the decoded payload");
        assertEquals(d.offset() + d.length(), own.end());
        byte[] framed = new byte[(int) d.length() - 1];
        try (var src = d.open()) {
            src.read(d.offset() + 1, framed, 0, framed.length);
        }
        assertEquals(record.content().orElseThrow().size(), framed.length, "after its one-byte length prefix");
        try (var in = record.content().orElseThrow().open()) {
            assertEquals(new String(in.readAllBytes()), new String(framed), "the framed bytes are the record");
        }
        assertTrue(
                fx(() -> v.hex().decoded().title()).contains("decoded"),
                fx(() -> v.hex().decoded().title()));

        // A node with bytes of its own in the file hides the decoded pane again; the record brings it back.
        Node header = child(root, 0);
        fx(() -> v.tree().reveal(List.of(root, header))).get();
        settle();
        assertFalse(fx(() -> v.hex().decoded().showing()));
        fx(() -> v.tree().reveal(List.of(root, dataBlocks, block, record))).get();
        settle();
        assertTrue(fx(() -> v.hex().decoded().showing()));
    }
}
