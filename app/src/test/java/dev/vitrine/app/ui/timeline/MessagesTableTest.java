package dev.vitrine.app.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.ark.ArkSample;
import dev.vitrine.core.format.ark.ArkWriter;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.text.TimeText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The messages table over every message of the window, on a log with more rows than the table keeps at once. */
class MessagesTableTest extends WindowTest {
    private static final int PER_CHANNEL = 4000;

    /** Three channels writing at the same instants (ties across page starts), then a few on /c alone: 12,010 messages in several splits. */
    private static void write(Path dir) throws Exception {
        dev.vitrine.core.rbuf.RbufIr ir = dev.vitrine.core.rbuf.RbufIr.parse(ArkSample.IR_JSON);
        try (ArkWriter w = new ArkWriter(dir, "ties")) {
            ArkWriter.Column col = w.column("all", "zstd").splitEvery(2500);
            List<ArkWriter.Channel> chs = new ArrayList<>();
            for (String name : List.of("/a", "/b", "/c")) chs.add(col.channel(name, ir, "demo::robot::Trace", false));
            long t0 = 1_000_000_000L;
            for (int i = 0; i < PER_CHANNEL; i++) {
                for (ArkWriter.Channel c : chs) c.writeRaw(t0 + i * 1_000_000L, new byte[] {(byte) i});
            }
            for (int i = 0; i < 10; i++)
                chs.get(2).writeRaw(t0 + (PER_CHANNEL + i) * 1_000_000L, new byte[] {(byte) i});
        }
    }

    private static List<TimedMessages.Message> all(TimedMessages t, List<String> channels) throws Exception {
        List<TimedMessages.Message> out = new ArrayList<>();
        try (TimedMessages.Cursor c = t.messages(channels, Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (c.hasNext()) {
                TimedMessages.Message m = c.next();
                if (!m.latchedReplay()) out.add(m);
            }
        }
        return out;
    }

    /** Row {@code i} as the table shows it, once its page has been read: scrolled to, as a user would. */
    private dev.vitrine.app.ui.table.LazyRow shownRow(MessagesTable mt, long i) throws Exception {
        fx(() -> {
            mt.grid().scrollToRow(i);
            return null;
        });
        waitUntil(
                "row " + i + " read",
                () -> fx(() -> mt.grid().shownRows().stream().anyMatch(r -> r.index() == i && r.row() != null)));
        return fx(() -> mt.grid().shownRows().stream()
                .filter(r -> r.index() == i)
                .findFirst()
                .orElseThrow());
    }

    @Test
    void zoomedOutTheTableHasEveryMessageInTimeOrderAndAFilterCountsItsChannel() throws Exception {
        Path dir = temp.resolve("ties-log");
        write(dir);
        ArchiveView v = open(dir);
        TimelinePane p = fx(() -> TimelineTab.of(v.details()));
        p.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        fx(() -> {
            p.setMessagesShown(true);
            return null;
        });
        settle();
        MessagesTable mt = p.messages();
        mt.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        TimedMessages timed =
                v.session().archive().capability(TimedMessages.class).orElseThrow();
        List<TimedMessages.Message> expected = all(timed, null);
        assertEquals(3 * PER_CHANNEL + 10, expected.size());
        assertEquals(expected.size(), (long) fx(mt::rowCount), "a row per message of the whole log");
        assertTrue(
                fx(() -> mt.note().getText()).startsWith("12,010 messages"),
                fx(() -> mt.note().getText()));
        // Rows on either side of page starts (where ties are skipped), deep in the log, and the last.
        for (int i : new int[] {0, 1023, 1024, 1025, 5121, 9000, expected.size() - 1}) {
            var row = shownRow(mt, i).row();
            assertEquals(expected.get(i).range(), row.range(), "row " + i);
            assertEquals(
                    TimeText.absolute(expected.get(i).timeNs(), 1), row.cells().get(0), "row " + i);
            assertEquals(expected.get(i).channel(), row.cells().get(2), "row " + i);
        }
        // A pick far from what was read selects its row (found from the checkpoint before its time).
        TimedMessages.Message picked = expected.get(7001);
        fx(() -> {
            mt.select(picked, true);
            return null;
        });
        waitUntil(
                "the picked row selected",
                () -> fx(() -> mt.grid().viewport().selection().lead() == 7001));
        assertEquals(
                picked.range(),
                fx(() -> mt.table().getSelectionModel().getSelectedItem().row().range()),
                "shown selected");
        assertEquals(
                List.of(picked.range()),
                fx(() -> mt.selectedMessages().stream()
                        .map(TimedMessages.Message::range)
                        .toList()));
        // A shift-click selection over several pages plus a ctrl-click far away: the export list holds
        // exactly those rows' messages, read when the export job walks it (nothing read on the FX thread).
        List<TimedMessages.Message> wide = fx(() -> {
            mt.grid().viewport().selection().select(1000);
            mt.grid().viewport().selection().extendTo(3100);
            mt.grid().viewport().selection().toggle(9500);
            return p.exportChoice().chosen();
        });
        List<TimedMessages.Message> want = new java.util.ArrayList<>(expected.subList(1000, 3101));
        want.add(expected.get(9500));
        assertEquals(
                want.stream().map(TimedMessages.Message::range).toList(),
                wide.stream().map(TimedMessages.Message::range).toList());
        // Select all (Ctrl+A) exports the window rather than listing every row's message.
        MessageExporter.Choice all = fx(() -> {
            mt.grid().viewport().selection().selectAll(mt.rowCount());
            mt.grid().refresh();
            return p.exportChoice();
        });
        assertTrue(
                all.chosen().isEmpty(), "the whole window, not " + all.chosen().size() + " listed messages");
        assertTrue(all.describe().contains("every channel"), all.describe());
        // A channel filter: that channel's rows only, all of them.
        fx(() -> {
            mt.setChannels(Set.of("/c"));
            return null;
        });
        mt.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        List<TimedMessages.Message> c = all(timed, List.of("/c"));
        assertEquals(PER_CHANNEL + 10, (long) fx(mt::rowCount));
        assertEquals(c.getLast().range(), shownRow(mt, c.size() - 1).row().range());
        assertEquals("/c", shownRow(mt, 2000).row().cells().get(2));
    }
}
