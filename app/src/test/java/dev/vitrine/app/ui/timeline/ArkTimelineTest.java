package dev.vitrine.app.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.ark.ArkSample;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import dev.vitrine.core.model.TimedMessages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.MouseButton;
import org.junit.jupiter.api.Test;

/** The Timeline and Channels tabs on a robot log written by core's sample writer, in a real window. */
class ArkTimelineTest extends WindowTest {

    private ArchiveView openLog() throws Exception {
        Path dir = temp.resolve("robot-log");
        ArkSample.write(dir, 12);
        return open(dir);
    }

    /** 40 channels at rates from 100 Hz down, a few latched: more lanes than fit. */
    private static void writeManyChannels(Path dir) throws Exception {
        dev.vitrine.core.rbuf.RbufIr ir = dev.vitrine.core.rbuf.RbufIr.parse(ArkSample.IR_JSON);
        try (dev.vitrine.core.format.ark.ArkWriter w =
                new dev.vitrine.core.format.ark.ArkWriter(dir, "many channels")) {
            dev.vitrine.core.format.ark.ArkWriter.Column col =
                    w.column("all", "zstd").splitEvery(700);
            List<dev.vitrine.core.format.ark.ArkWriter.Channel> chs = new ArrayList<>();
            for (int k = 0; k < 40; k++)
                chs.add(col.channel(String.format("/sensor/%02d", k), ir, "demo::robot::Trace", k % 13 == 0));
            long t0 = 5_000_000_000L;
            for (long ms = 0; ms < 5000; ms += 10) {
                for (int k = 0; k < chs.size(); k++) {
                    if ((ms / 10) % (k + 1) == 0)
                        chs.get(k).writeRaw(t0 + ms * 1_000_000L + k * 1000L, new byte[] {1, 2, 3, (byte) k});
                }
            }
        }
    }

    private TimelinePane timelineOf(ArchiveView v) throws Exception {
        assertEquals(
                TimelineTab.TAB_ID,
                fx(() ->
                        v.details().tabs().getSelectionModel().getSelectedItem().getId()),
                "the Timeline tab is in front for a log");
        TimelinePane p = fx(() -> TimelineTab.of(v.details()));
        assertNotNull(p, "a log has a Timeline tab");
        p.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        return p;
    }

    private static TimedMessages timed(ArchiveView v) {
        return v.session().archive().capability(TimedMessages.class).orElseThrow();
    }

    private static List<TimedMessages.Message> messages(TimedMessages t, String channel) throws Exception {
        List<TimedMessages.Message> out = new ArrayList<>();
        try (TimedMessages.Cursor c = t.messages(List.of(channel), Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (c.hasNext()) out.add(c.next());
        }
        return out;
    }

    /** Every row's message, in table order (read here: the table holds only the rows on screen). */
    private static List<TimedMessages.Message> rowsOf(MessagesTable mt) throws Exception {
        return fx(() -> {
            List<TimedMessages.Message> out = new ArrayList<>();
            for (long i = 0; i < mt.rowCount(); i++) out.add(mt.messageAt(i));
            return out;
        });
    }

    /** The message selected in the tree: a pick selects its decoded value, under it. */
    private static Node selectedMessage(ArchiveView v) throws Exception {
        return fx(() -> {
            javafx.scene.control.TreeItem<?> t =
                    v.tree().view().getSelectionModel().getSelectedItem();
            Node n = ((dev.vitrine.app.ui.tree.NodeTreeItem) t).node();
            return n.is(Role.MESSAGE) ? n : ((dev.vitrine.app.ui.tree.NodeTreeItem) t.getParent()).node();
        });
    }

    @Test
    void theWholeLogHasOneLanePerChannelWithItsCountAndHiddenDataShaded() throws Exception {
        ArchiveView v = openLog();
        fx(() -> {
            v.setDividers(new double[] {0.22, 0.66, 0.64});
            return null;
        });
        TimelinePane p = timelineOf(v);
        TimelineView tv = p.timeline();
        List<TimedMessages.ChannelInfo> channels = timed(v).channels();
        TimelineData d = fx(tv::data);
        List<TimelineData.Lane> visible = d.lanes().subList(0, channels.size());
        assertEquals(
                channels.stream().map(TimedMessages.ChannelInfo::name).toList(),
                visible.stream().map(TimelineData.Lane::name).toList());
        assertEquals(
                channels.stream().map(TimedMessages.ChannelInfo::count).toList(),
                visible.stream().map(TimelineData.Lane::count).toList());
        for (TimedMessages.ChannelInfo c : channels) {
            assertEquals(
                    c.count(),
                    (long) fx(() -> tv.visibleCount(c.name())),
                    "every message of " + c.name() + " is drawn");
            assertEquals(
                    c.latched(),
                    d.lanes().stream()
                            .filter(l -> l.name().equals(c.name()))
                            .findFirst()
                            .orElseThrow()
                            .latched());
        }
        // The amendment hides /debug/trace: its lane is there, with the hidden range and no visible message.
        TimelineData.Lane trace = d.lanes().stream()
                .filter(l -> l.name().equals("/debug/trace"))
                .findFirst()
                .orElseThrow();
        assertEquals(0, trace.count());
        assertFalse(trace.hidden().isEmpty());
        assertEquals(
                timed(v).hidden().size(),
                d.lanes().stream().mapToInt(l -> l.hidden().size()).sum());
        assertEquals(d.minNs(), (long) fx(tv::visibleStart));
        assertTrue(
                fx(() -> p.status().getText())
                        .contains("messages on " + d.lanes().size() + " channels"),
                fx(() -> p.status().getText()));

        // A redraw reads density arrays only: well under a frame.
        long[] times = new long[15];
        for (int i = 0; i < times.length; i++) {
            times[i] = fx(() -> {
                tv.draw();
                return tv.lastDrawNanos();
            });
        }
        Arrays.sort(times);
        // A figure to read, not to assert: timings belong to benchmarks (CI machines vary).
        System.out.println("timeline median redraw " + times[times.length / 2] / 1e6 + " ms");

        // Hovering tells the time and the count under the pointer.
        Point2D at = fx(() -> tv.localToScreen(tv.xOf((d.minNs() + d.maxNs()) / 2.0), tv.laneCentreY(0)));
        moveTo(at);
        settle();
        String hover = fx(() -> p.status().getText());
        assertTrue(hover.contains(channels.getFirst().name()) && hover.contains("message"), hover);
        assertTrue(hover.contains("(+"), "relative time shown: " + hover);
    }

    @Test
    void zoomingNarrowsTheVisibleRangeAndPanningMovesIt() throws Exception {
        ArchiveView v = openLog();
        TimelinePane p = timelineOf(v);
        TimelineView tv = p.timeline();
        long s0 = fx(tv::visibleStart);
        long e0 = fx(tv::visibleStop);
        // The wheel zooms around the pointer.
        Point2D mid = fx(() -> tv.localToScreen(tv.xOf(s0 + (e0 - s0) * 0.3), tv.laneCentreY(1)));
        moveTo(mid);
        scroll(5, javafx.geometry.VerticalDirection.UP);
        settle();
        long s1 = fx(tv::visibleStart);
        long e1 = fx(tv::visibleStop);
        assertTrue(e1 - s1 < e0 - s0, "the wheel zooms in: " + (e1 - s1) + " < " + (e0 - s0));
        // Dragging a range zooms to it.
        double x0 = fx(() -> tv.xOf(s1 + (e1 - s1) * 0.4));
        double x1 = fx(() -> tv.xOf(s1 + (e1 - s1) * 0.5));
        double y = fx(() -> tv.laneCentreY(0));
        drag(fx(() -> tv.localToScreen(x0, y)), MouseButton.PRIMARY).dropTo(fx(() -> tv.localToScreen(x1, y)));
        settle();
        long s2 = fx(tv::visibleStart);
        long e2 = fx(tv::visibleStop);
        assertTrue(e2 - s2 < (e1 - s1) / 5, "dragging zooms to the range: " + (e2 - s2));
        assertTrue(s2 >= s1 && e2 <= e1);
        long drawn = 0;
        for (TimelineData.Lane l : fx(tv::data).lanes()) drawn += fx(() -> tv.visibleCount(l.name()));
        assertTrue(
                drawn > 0
                        && drawn
                                < fx(tv::data).lanes().stream()
                                        .mapToLong(TimelineData.Lane::count)
                                        .sum(),
                "fewer messages shown: " + drawn);
        // Panning keeps the width and moves the window.
        fx(() -> {
            tv.panBy(-200);
            return null;
        });
        assertTrue(fx(tv::visibleStart) < s2);
        assertEquals(e2 - s2, fx(tv::visibleStop) - fx(tv::visibleStart), 2);
        // Zoom to about a second around the middle for the picture.
        fx(() -> {
            tv.fit();
            long a = tv.visibleStart();
            tv.show(a + 5_000_000_000L, a + 6_500_000_000L);
            return null;
        });
        assertTrue(fx(() -> p.status().getText()).length() > 0);
        assertTrue(fx(() -> tv.visibleStop() - tv.visibleStart()) <= 1_600_000_000L);
    }

    @Test
    void clickingALaneAtAMessagesTimeSelectsThatMessageAndFramesItInItsSplitFile() throws Exception {
        ArchiveView v = openLog();
        TimelinePane p = timelineOf(v);
        TimelineView tv = p.timeline();
        TimedMessages.Message m = messages(timed(v), "/odom").get(300);
        int lane = fx(() ->
                tv.data().lanes().stream().map(TimelineData.Lane::name).toList().indexOf("/odom"));
        fx(() -> {
            tv.show(m.timeNs() - 60_000_000L, m.timeNs() + 60_000_000L);
            return null;
        });
        Point2D at = fx(() -> tv.localToScreen(tv.xOf(m.timeNs()), tv.laneCentreY(lane)));
        clickOn(at);
        List<Node> path = p.lastPick().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        assertFalse(path.isEmpty());
        assertEquals(m.range(), path.get(path.size() - 2).range(), "the path ends at the message's value");
        Node selected = selectedMessage(v);
        assertNotNull(selected);
        assertTrue(selected.roles().contains(Role.MESSAGE), selected.kind());
        assertEquals(m.range(), selected.range(), "the message clicked is selected (its value)");
        assertEquals(m.range().file(), fx(() -> v.hex().file()), "the hex view shows its split file");
        waitUntil(
                "the message framed",
                () -> v.hex().hex().marks().node() != null
                        && v.hex().hex().marks().node().start() == m.range().offset());
        assertEquals(m.timeNs(), (long) fx(tv::cursor));
        assertTrue(
                fx(() -> p.status().getText()).startsWith("/odom @ "),
                fx(() -> p.status().getText()));
    }

    @Test
    void theChannelsTableHasARowPerChannelAndSorts() throws Exception {
        ArchiveView v = openLog();
        timelineOf(v);
        fx(() -> v.views().select(ChannelsTab.ID));
        settle();
        TableView<TimedMessages.ChannelInfo> t = fx(() -> ChannelsTab.of(v.details()));
        assertNotNull(t);
        waitUntil("the channels read", () -> !t.getItems().isEmpty());
        List<TimedMessages.ChannelInfo> channels = timed(v).channels();
        assertEquals(channels, fx(() -> List.copyOf(t.getItems())));
        assertEquals(
                List.of("NAME", "TYPE", "COUNT", "RATE", "SIZE", "MIN", "MAX", "LATCHED"),
                fx(() -> t.getColumns().stream().map(TableColumn::getText).toList()),
                "the name first");
        // times as the timeline shows them, not raw nanoseconds: "1:00:00.864 (+0 s)"
        String min = fx(() -> t.lookupAll(".table-cell").stream()
                .filter(n -> n instanceof javafx.scene.control.TableCell<?, ?> c
                        && c.getTableColumn() == t.getColumns().get(5)
                        && c.getIndex() == 0
                        && c.getText() != null)
                .map(n -> ((javafx.scene.control.Labeled) n).getText())
                .findFirst()
                .orElseThrow());
        assertTrue(min.matches("\\d+:\\d\\d:\\d\\d\\.\\d{3} \\(\\+[^)]+\\)"), min);
        assertEquals("—", dev.vitrine.core.text.TimeText.at(Long.MAX_VALUE, 0), "no bound reads as a dash");
        fx(() -> {
            TableColumn<TimedMessages.ChannelInfo, ?> count = t.getColumns().get(2); // COUNT
            count.setSortType(TableColumn.SortType.DESCENDING);
            t.getSortOrder().setAll(List.of(count));
            return null;
        });
        List<Long> counts = fx(() ->
                t.getItems().stream().map(TimedMessages.ChannelInfo::count).toList());
        List<Long> sorted = new ArrayList<>(counts);
        sorted.sort(java.util.Comparator.reverseOrder());
        assertEquals(sorted, counts, "sorted by COUNT, most first");
    }

    @Test
    void aChannelChosenInTheTableIsHighlightedOnTheTimelineAndALaneClickedSelectsItsRow() throws Exception {
        Path dir = temp.resolve("many-channels");
        writeManyChannels(dir);
        ArchiveView v = open(dir);
        TimelinePane p = timelineOf(v);
        TimelineView tv = p.timeline();
        assertTrue(fx(tv::lanesScroll), "more lanes than fit");
        fx(() -> {
            p.setMessagesShown(true);
            return null;
        });
        settle();
        fx(() -> v.views().select(ChannelsTab.ID));
        settle();
        TableView<TimedMessages.ChannelInfo> t = fx(() -> ChannelsTab.of(v.details()));
        waitUntil("the channels read", () -> !t.getItems().isEmpty());
        int row = fx(() -> t.getItems().size() - 1);
        String last = fx(() -> t.getItems().get(row).name());
        click(tableRow(t, row));
        fx(() -> v.views().select(TimelineTab.ID));
        p.messages().loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        assertEquals(last, fx(tv::highlighted), "the row's lane is highlighted");
        int lane = fx(() ->
                tv.data().lanes().stream().map(TimelineData.Lane::name).toList().indexOf(last));
        assertTrue(
                fx(() -> tv.firstLane() <= lane && tv.laneCentreY(lane) < tv.getHeight() - TimelineView.OVERVIEW_H),
                "the lane scrolled into view");
        assertEquals(last, fx(() -> p.messages().filter().getText()), "the messages table filtered to the channel");
        List<TimedMessages.Message> rows = rowsOf(p.messages());
        assertFalse(rows.isEmpty());
        assertTrue(rows.stream().allMatch(r -> r.channel().equals(last)));
        // The reverse: a click on another lane's name selects that channel's row.
        int other = fx(tv::firstLane);
        String otherName = fx(() -> tv.data().lanes().get(other).name());
        Point2D name = fx(() -> tv.localToScreen(40, tv.laneCentreY(other)));
        clickOn(name, MouseButton.PRIMARY);
        settle();
        assertEquals(otherName, fx(tv::highlighted));
        assertEquals(
                otherName,
                fx(() -> t.getSelectionModel().getSelectedItem().name()),
                "its row is selected in the Channels table");
    }

    @Test
    void theMessagesTableFollowsTheWindowFiltersByChannelAndSharesTheCursor() throws Exception {
        ArchiveView v = openLog();
        TimelinePane p = timelineOf(v);
        TimelineView tv = p.timeline();
        MessagesTable mt = p.messages();
        long a = fx(tv::visibleStart);
        fx(() -> {
            v.setDividers(new double[] {0.2, 0.78, 0.64});
            return null;
        });
        settle();
        fx(() -> {
            tv.show(a + 3_000_000_000L, a + 3_200_000_000L);
            p.setMessagesShown(true);
            return null;
        });
        mt.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        List<TimedMessages.Message> rows = rowsOf(mt);
        long s = fx(tv::visibleStart);
        long e = fx(tv::visibleStop);
        List<TimedMessages.Message> expected = new ArrayList<>();
        try (TimedMessages.Cursor c = timed(v).messages(null, s, e)) {
            while (c.hasNext()) {
                TimedMessages.Message m = c.next();
                if (!m.latchedReplay()) expected.add(m);
            }
        }
        assertEquals(
                expected.stream().map(TimedMessages.Message::range).toList(),
                rows.stream().map(TimedMessages.Message::range).toList(),
                "the window's messages in time order");
        // A channel filter.
        fx(() -> {
            mt.setChannels(java.util.Set.of("/odom"));
            return null;
        });
        mt.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        List<TimedMessages.Message> odom = rowsOf(mt);
        assertFalse(odom.isEmpty());
        assertTrue(odom.stream().allMatch(r -> r.channel().equals("/odom")));
        assertEquals(expected.stream().filter(m -> m.channel().equals("/odom")).count(), odom.size());
        // Selecting a row moves the timeline's cursor and selects the message's node.
        TimedMessages.Message m = odom.get(odom.size() / 2);
        long top = fx(() -> {
            mt.grid().scrollToRow(odom.size() / 2);
            return mt.grid().viewport().top();
        });
        click(tableRow(mt.table(), (int) (odom.size() / 2 - top)));
        p.lastPick().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        assertEquals(m.timeNs(), (long) fx(tv::cursor));
        assertEquals(m.range(), selectedMessage(v).range());
        assertEquals(m.range().file(), fx(() -> v.hex().file()));
        // A pick on the timeline selects its row.
        TimedMessages.Message other = odom.get(1);
        int lane = fx(() ->
                tv.data().lanes().stream().map(TimelineData.Lane::name).toList().indexOf("/odom"));
        fx(() -> {
            tv.pick(lane, tv.xOf(other.timeNs()));
            return null;
        });
        p.lastPick().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        assertEquals(
                List.of(other.range()),
                fx(() -> mt.selectedMessages().stream()
                        .map(TimedMessages.Message::range)
                        .toList()),
                "the pick's row alone, not added to the clicked one");
        assertEquals(
                other.range(),
                fx(() -> mt.table().getSelectionModel().getSelectedItem().row().range()),
                "and shown selected");
        assertEquals(other.range(), selectedMessage(v).range());
    }

    @Test
    void lanesOfChannelsStoredInADamagedFileAreMarked() throws Exception {
        ArchiveView v = openLog();
        TimelinePane p = timelineOf(v);
        TimelineView tv = p.timeline();
        TimedMessages.Message m = messages(timed(v), "/odom").get(10);
        assertEquals(dev.vitrine.core.model.Health.UNCHECKED, fx(() -> tv.damageOf("/odom")));
        fx(() -> {
            v.session()
                    .addProblems(List.of(dev.vitrine.core.model.Problem.error(
                            m.range().file(), m.range().offset(), "bad frame")));
            return null;
        });
        waitUntil("the lane marked", () -> tv.damageOf("/odom") == dev.vitrine.core.model.Health.DAMAGED);
        for (TimelineData.Lane l : fx(tv::data).lanes()) {
            if (!l.files().contains(m.range().file())) {
                assertEquals(
                        dev.vitrine.core.model.Health.UNCHECKED,
                        fx(() -> tv.damageOf(l.name())),
                        l.name() + " is stored elsewhere");
            }
        }
        int lane = fx(() ->
                tv.data().lanes().stream().map(TimelineData.Lane::name).toList().indexOf("/odom"));
        Point2D label = fx(() -> tv.localToScreen(40, tv.laneCentreY(lane)));
        moveTo(label);
        settle();
        assertTrue(
                fx(() -> p.status().getText()).contains("damage in its files"),
                fx(() -> p.status().getText()));
    }

    @Test
    void manyChannelsScrollAsLanesAndRedrawWithinAFrame() throws Exception {
        Path dir = temp.resolve("many-channels");
        writeManyChannels(dir);
        ArchiveView v = open(dir);
        TimelinePane p = timelineOf(v);
        TimelineView tv = p.timeline();
        assertEquals(40, fx(() -> tv.data().lanes().size()));
        assertTrue(fx(tv::lanesScroll), "40 lanes do not fit: they scroll");
        fx(() -> {
            tv.revealLane(35);
            return null;
        });
        int first = fx(tv::firstLane);
        assertTrue(first > 0 && first <= 35);
        assertEquals(35, (int) fx(() -> tv.laneAt(tv.laneCentreY(35))));
        long[] times = new long[15];
        for (int i = 0; i < times.length; i++) {
            times[i] = fx(() -> {
                tv.zoomAt(tv.plotLeft() + 300, 0.9);
                return tv.lastDrawNanos();
            });
        }
        Arrays.sort(times);
        // A figure to read, not to assert: timings belong to benchmarks (CI machines vary).
        System.out.println("timeline median redraw " + times[times.length / 2] / 1e6 + " ms");
        fx(() -> {
            tv.fit();
            return null;
        });
        TimedMessages.Message m = messages(timed(v), "/sensor/35").get(3);
        fx(() -> {
            tv.show(m.timeNs() - 200_000_000L, m.timeNs() + 200_000_000L);
            return null;
        });
        clickOn(fx(() -> tv.localToScreen(tv.xOf(m.timeNs()), tv.laneCentreY(35))));
        p.lastPick().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        assertEquals(m.range(), selectedMessage(v).range(), "the message of a scrolled-to lane is selected");
    }

    @Test
    void aMessageSelectedInTheTreeMovesTheTimelineCursor() throws Exception {
        ArchiveView v = openLog();
        TimelinePane p = timelineOf(v);
        TimelineView tv = p.timeline();
        TimedMessages.Message m = messages(timed(v), "/status").get(5);
        List<Node> path = background
                .run(
                        () -> dev.vitrine.app.ui.locate.NodeLocator.pathTo(
                                v.session().root().node(), m.range().start(), () -> false),
                        null,
                        null)
                .get();
        assertEquals(m.range(), path.getLast().range());
        fx(() -> v.tree().reveal(path));
        settle();
        waitUntil("the cursor at the message", () -> Long.valueOf(m.timeNs()).equals(tv.cursor()));
    }
}
