package dev.vitrine.app.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.app.ui.table.RecordsGrid;
import dev.vitrine.app.ui.table.RecordsTab;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.core.format.ark.ArkSample;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import dev.vitrine.core.model.TimedMessages;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.control.TreeItem;
import org.junit.jupiter.api.Test;

/**
 * An Ark log's messages read as a person reads them (#23 items 11, 14): times in the tree and the
 * node tables as the timeline's axis shows them, nanoseconds on hover, names first; a message
 * clicked on the timeline opens on its decoded value.
 */
class ArkReadableMessagesTest extends WindowTest {
    /** "1:00:05.000 (+5.001 s)": the time of day and the offset from the log's start. */
    static final String TIME = "\\d+:\\d\\d:\\d\\d\\.\\d{3} \\([+−][^)]+\\)";

    private ArchiveView openLog() throws Exception {
        Path dir = temp.resolve("robot-log");
        ArkSample.write(dir, 12);
        return open(dir);
    }

    private static TimedMessages timed(ArchiveView v) {
        return v.session().archive().capability(TimedMessages.class).orElseThrow();
    }

    private Node child(Node parent, String name) throws Exception {
        return background
                .run(
                        () -> parent.children(0, 100).stream()
                                .filter(c -> c.name().equals(name))
                                .findFirst()
                                .orElseThrow(),
                        null,
                        null)
                .get();
    }

    /** Selects {@code path} in the tree and waits for its Records table's first rows. */
    private RecordsGrid recordsOf(ArchiveView v, List<Node> path) throws Exception {
        fx(() -> v.tree().reveal(path)).get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        fx(() -> v.views().select(RecordsTab.ID));
        waitUntil(
                "the records of " + path.getLast().name(),
                () -> v.records() != null
                        && v.records().count() > 0
                        && !v.records().grid().shownRows().isEmpty()
                        && v.records().grid().shownRows().stream().allMatch(LazyRow::isLoaded));
        return fx(() -> v.records().grid());
    }

    @Test
    void messageLabelsAndTheChannelAndMessageTablesShowTimesAsTheAxisDoes() throws Exception {
        ArchiveView v = openLog();
        Node root = fx(() -> v.session().root().node());
        TimedMessages.Message first;
        try (TimedMessages.Cursor c = timed(v).messages(null, Long.MIN_VALUE, Long.MAX_VALUE)) {
            first = c.next();
        }

        // The channel table of the "channels" node: NAME first, MIN and MAX as times.
        Node channels = child(root, "channels");
        RecordsGrid grid = recordsOf(v, List.of(root, channels));
        List<String> cols = fx(() -> v.records().rowTable().columns());
        assertEquals("NAME", cols.getFirst(), "the name first: " + cols);
        LazyRow row = fx(() -> grid.shownRows().getFirst());
        assertEquals(timed(v).channels().getFirst().name(), fx(() -> row.cell(0)), "the name column holds the names");
        String min = fx(() -> row.cell(cols.indexOf("MIN")));
        assertTrue(min.matches(TIME), "MIN as a time, not nanoseconds: " + min);
        assertTrue(fx(() -> row.cell(cols.indexOf("MAX"))).matches(TIME));
        double minWidth = fx(() -> grid.table().getColumns().stream()
                .filter(c -> "MIN".equals(c.getText()))
                .findFirst()
                .orElseThrow()
                .getWidth());
        assertTrue(
                minWidth
                        > fx(() -> new javafx.scene.text.Text(min)
                                .getLayoutBounds()
                                .getWidth()),
                "the column fits the time whole: " + minWidth);

        // The messages node's table: the time of day to the nanosecond and the offset from the start.
        Node messages = child(root, "messages (time order)");
        RecordsGrid mg = recordsOf(v, List.of(root, messages));
        List<String> mcols = fx(() -> v.records().rowTable().columns());
        LazyRow m0 = fx(() -> mg.shownRows().getFirst());
        assertEquals(
                dev.vitrine.core.text.TimeText.absolute(first.timeNs(), 1_000_000),
                fx(() -> m0.cell(mcols.indexOf("time"))),
                "the first message's time of day, not " + first.timeNs());
        assertEquals("+0 s", fx(() -> m0.cell(mcols.indexOf("since start"))));

        // The tree's label of a message: its time and offset, then its channel; the nanoseconds on hover.
        Node msg = child(messages, 0);
        assertTrue(msg.name().matches(TIME + " " + first.channel()), "a message's label: " + msg.name());
        NodeTreeItem item =
                fx(() -> v.tree().reveal(List.of(root, messages, msg))).get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        javafx.scene.control.Label label = lookup(".structure-tree .label")
                .match((javafx.scene.control.Label l) -> msg.name().equals(l.getText()))
                .query();
        javafx.scene.control.TreeCell<?> cell = fx(() -> {
            javafx.scene.Node n = label;
            while (!(n instanceof javafx.scene.control.TreeCell<?>)) n = n.getParent();
            return (javafx.scene.control.TreeCell<?>) n;
        });
        assertEquals(item, fx(cell::getTreeItem));
        moveTo(label);
        waitUntil("a tooltip on the hovered row", () -> cell.getTooltip() != null);
        String tip = fx(() -> cell.getTooltip().getText());
        assertTrue(
                tip.contains(String.format(Locale.ROOT, "%,d ns", first.timeNs())),
                "the exact nanoseconds on hover: " + tip);
    }

    @Test
    void aMessageClickedOnTheTimelineOpensOnItsDecodedValue() throws Exception {
        ArchiveView v = openLog();
        TimelinePane p = fx(() -> TimelineTab.of(v.details()));
        assertNotNull(p);
        p.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        TimelineView tv = p.timeline();
        TimedMessages.Message m;
        try (TimedMessages.Cursor c = timed(v).messages(List.of("/odom"), Long.MIN_VALUE, Long.MAX_VALUE)) {
            for (int i = 0; i < 200; i++) c.next();
            m = c.next();
        }
        int lane = fx(() -> tv.data().laneIndex("/odom"));
        fx(() -> {
            tv.show(m.timeNs() - 60_000_000L, m.timeNs() + 60_000_000L);
            return null;
        });
        Point2D at = fx(() -> tv.localToScreen(tv.xOf(m.timeNs()), tv.laneCentreY(lane)));
        clickOn(at);
        p.lastPick().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        // The tree reveals the value once its path is read in the background: wait for that, not a fixed settle.
        waitUntil(
                "the clicked message's value selected in the tree",
                () -> v.tree().view().getSelectionModel().getSelectedItem() instanceof NodeTreeItem i
                        && m.type().equals(i.node().kind()));
        settle();

        TreeItem<?> selected = fx(() -> v.tree().view().getSelectionModel().getSelectedItem());
        Node value = ((NodeTreeItem) selected).node();
        Node message = ((NodeTreeItem) fx(selected::getParent)).node();
        assertTrue(message.is(Role.MESSAGE) && message.range().equals(m.range()), "under the message clicked");
        assertEquals(m.type(), value.kind(), "its decoded value is selected");
        assertTrue(fx(selected::isExpanded), "and expanded: its parts show in the tree");
        assertFalse(fx(() -> selected.getChildren().isEmpty()));
        // The decoded fields in the details, as the value has them.
        List<String> shown = fx(() -> v.details().fields().getItems().stream()
                .map(i -> i.field().name())
                .toList());
        List<String> decoded = value.fields().stream().map(Field::name).toList();
        assertFalse(decoded.isEmpty());
        assertEquals(decoded, shown.subList(0, Math.min(shown.size(), decoded.size())), "the value's fields shown");
        assertEquals(m.range().file(), fx(() -> v.hex().file()), "the bytes still in its split file");
        assertEquals(m.timeNs(), (long) fx(tv::cursor));
    }
}
