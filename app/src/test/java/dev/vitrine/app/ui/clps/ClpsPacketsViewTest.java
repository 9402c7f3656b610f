package dev.vitrine.app.ui.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.packets.PacketsTab;
import dev.vitrine.app.ui.packets.PacketsView;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.PacketStream;
import dev.vitrine.core.model.Role;
import java.util.List;
import javafx.scene.control.ToggleButton;
import org.junit.jupiter.api.Test;

/** The packets view of a real clp-s archive: the strip, a packet's value, and its bytes framed in the decoded section. */
class ClpsPacketsViewTest extends ClpsWindowTest {

    @Test
    void theStripShowsEveryPacketAndChoosingOneSelectsItsNodeAndFramesItsDecodedBytes() throws Exception {
        ArchiveView v = openApp();
        PacketsView p = view(v, PacketsTab.ID, PacketsView.class);
        settle();
        List<ToggleButton> blocks = fx(p::blocks);
        assertEquals(
                List.of("ArchiveInfo", "ArchiveFileInfo", "TimestampDictionary", "RangeIndex"),
                blocks.stream()
                        .map(b -> ((PacketStream.Packet) b.getUserData()).type())
                        .toList(),
                "four packets, by type");
        assertTrue(
                fx(() -> blocks.get(2).getText()).startsWith("TimestampDictionary"),
                "each block is labelled by its type");
        double wide = fx(() -> blocks.get(1).getWidth()),
                narrow = fx(() -> blocks.get(0).getWidth());
        assertTrue(wide > narrow, "ArchiveFileInfo (more bytes) is wider than ArchiveInfo: " + wide + " vs " + narrow);

        click(blocks.get(1));
        settle();
        PacketStream.Packet files = (PacketStream.Packet) blocks.get(1).getUserData();
        Node selected = fx(() -> v.selection().selected());
        assertTrue(selected.is(Role.PACKET), "the packet's node is selected in the tree: " + selected.name());
        assertEquals("packet 1: ArchiveFileInfo", selected.name());
        assertTrue(fx(() -> v.hex().decoded().showing()), "the decoded section is shown beside the compressed frame");
        HexMark own = fx(() -> v.hex().decoded().hex().marks().node());
        assertEquals(files.offset(), own.start(), "the packet is framed in the decoded bytes");
        assertEquals(files.offset() + files.length(), own.end());
        HexMark raw = fx(() -> v.hex().hex().marks().node());
        assertEquals(64, raw.start(), "the raw view frames the metadata frame after the 64-byte header");
        assertTrue(
                fx(() -> p.detail().getTabs().stream().map(t -> t.getText()).toList())
                        .contains("files (7)"),
                fx(() -> p.detail().getTabs().stream().map(t -> t.getText()).toList())
                        .toString());

        // The timestamp dictionary: a value tree and its ranges and patterns as tables.
        click(blocks.get(2));
        settle();
        List<String> tabs =
                fx(() -> p.detail().getTabs().stream().map(t -> t.getText()).toList());
        assertTrue(
                tabs.get(0).equals("value")
                        && tabs.get(1).startsWith("timestamp ranges")
                        && tabs.get(2).startsWith("patterns"),
                tabs.toString());
        assertEquals(
                "packet 2: TimestampDictionary",
                fx(() -> v.selection().selected()).name());
        var top = fx(() -> p.valueTree().getRoot().getChildren().stream()
                .map(i -> i.getValue())
                .toList());
        assertTrue(top.get(0).startsWith("ranges") && top.get(1).startsWith("patterns"), top.toString());
    }

    @Test
    void selectingAPacketInTheTreeChoosesItsBlock() throws Exception {
        ArchiveView v = openApp();
        PacketsView p = view(v, PacketsTab.ID, PacketsView.class);
        Node root = fx(() -> v.session().root().node());
        Node section = child(root, 1);
        Node range = child(section, 3);
        fx(() -> v.tree().reveal(List.of(root, section, range))).get();
        settle();
        assertEquals("RangeIndex", fx(() -> p.shownPacket().type()));
        assertTrue(
                fx(() -> p.detail().getTabs().stream().anyMatch(t -> t.getText().startsWith("files"))),
                "range-index files as a table");
    }
}
