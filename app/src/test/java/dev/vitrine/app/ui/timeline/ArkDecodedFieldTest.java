package dev.vitrine.app.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.locate.NodeLocator;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.ark.ArkSample;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.TimedMessages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A decoded field of a message, chosen in the details, is framed in the decompressed bytes beside the compressed frame. */
class ArkDecodedFieldTest extends WindowTest {

    @Test
    void choosingAFieldOfAMessagesValueFramesItsBytesInTheDecodedView() throws Exception {
        Path dir = temp.resolve("robot-log");
        ArkSample.write(dir, 12);
        ArchiveView v = open(dir);
        TimedMessages timed =
                v.session().archive().capability(TimedMessages.class).orElseThrow();
        TimedMessages.Message m;
        try (TimedMessages.Cursor c = timed.messages(List.of("/odom"), Long.MIN_VALUE, Long.MAX_VALUE)) {
            c.next();
            m = c.next();
        }
        Node root = v.session().root().node();
        List<Node> path = new ArrayList<>(NodeLocator.pathTo(root, m.range().start(), () -> false));
        Node value = path.getLast().children(0, 1).getFirst();
        path.add(value);
        List<Field> decodedFields = value.decoded().orElseThrow().fields();
        Field second = decodedFields.get(1);
        fx(() -> {
            v.selection().revealAndFrame(path);
            return null;
        });
        settle();
        waitUntil("the decoded bytes shown", () -> v.hex().decoded().showing());
        assertEquals(m.range().file(), fx(() -> v.hex().file()), "the compressed frame in its split file");
        int row = fx(() -> {
            var items = v.details().fields().getItems();
            for (int i = 0; i < items.size(); i++)
                if (items.get(i).field().name().equals(second.name())) return i;
            return -1;
        });
        assertTrue(row >= 0, "the field " + second.name() + " is listed");
        fx(() -> {
            v.details().fields().getSelectionModel().select(row);
            return null;
        });
        HexMark framed = fx(() -> v.hex().decoded().hex().marks().node());
        assertEquals(second.range().offset(), framed.start(), "framed from the field's first byte");
        assertEquals(second.range().end(), framed.end(), "to its last");
    }
}
