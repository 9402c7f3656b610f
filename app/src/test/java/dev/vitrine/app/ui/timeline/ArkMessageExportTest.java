package dev.vitrine.app.ui.timeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.testing.AnsweringChooser;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.ark.ArkSample;
import dev.vitrine.core.model.TimedMessages;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Exporting messages from the timeline's messages table, as a user does: select rows, Export, answer where. */
class ArkMessageExportTest extends WindowTest {

    private TimelinePane shownWithMessages(ArchiveView v) throws Exception {
        TimelinePane p = fx(() -> TimelineTab.of(v.details()));
        p.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        fx(() -> {
            p.setMessagesShown(true);
            return null;
        });
        p.messages().loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        return p;
    }

    /** What `vitrine cat --json` prints for the whole log, one string per line. */
    private static List<String> catLines(TimedMessages t) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        t.writeJsonLines(null, Long.MIN_VALUE, Long.MAX_VALUE, out);
        return List.of(out.toString(StandardCharsets.UTF_8).split("\n"));
    }

    private static String lineOf(List<String> cat, TimedMessages.Message m) {
        String head = "{\"channel\":\"" + m.channel() + "\",\"time_ns\":" + m.timeNs() + ",";
        List<String> found = cat.stream().filter(l -> l.startsWith(head)).toList();
        assertEquals(1, found.size(), head);
        return found.getFirst();
    }

    @Test
    void selectedRowsExportAsTheirCatJsonLinesAndAsPayloadFiles() throws Exception {
        Path dir = temp.resolve("robot-log");
        ArkSample.write(dir, 12);
        ArchiveView v = open(dir);
        TimelinePane p = shownWithMessages(v);
        MessagesTable mt = p.messages();
        TimedMessages timed =
                v.session().archive().capability(TimedMessages.class).orElseThrow();
        List<String> cat = catLines(timed);
        int rows = (int) (long) fx(mt::rowCount);
        assertTrue(rows > 20, "rows " + rows);
        int[] picked = {2, 7, rows - 1};
        List<TimedMessages.Message> chosen = fx(() -> {
            var viewport = mt.grid().viewport();
            viewport.click(picked[2], false, false);
            viewport.click(picked[0], false, true);
            viewport.click(picked[1], false, true);
            mt.grid().refresh();
            List<TimedMessages.Message> ms = new java.util.ArrayList<>();
            for (int i : picked) ms.add(mt.messageAt(i));
            return ms;
        });
        AnsweringChooser chooser = new AnsweringChooser();
        Path json = temp.resolve("chosen.jsonl");
        Path payloads = temp.resolve("payloads");
        chooser.answer(json, payloads);
        fx(() -> {
            v.exporter().setDestinations(chooser);
            mt.exportButton().getItems().get(0).fire();
            return null;
        });
        waitUntil("the JSON lines written", () -> Files.exists(json));
        settle();
        assertEquals(
                chosen.stream().map(m -> lineOf(cat, m)).toList(),
                Files.readAllLines(json),
                "the selected messages' lines, in time order");
        assertTrue(
                chooser.asked().getFirst().title().contains("3 selected messages"),
                chooser.asked().getFirst().title());

        fx(() -> {
            mt.exportButton().getItems().get(1).fire();
            return null;
        });
        waitUntil(
                "the payloads written",
                () -> Files.isDirectory(payloads) && Files.list(payloads).count() == 3);
        settle();
        List<Path> files;
        try (var s = Files.list(payloads)) {
            files = s.sorted().toList();
        }
        for (int i = 0; i < 3; i++) {
            TimedMessages.Message m = chosen.get(i);
            assertEquals(
                    String.format("%08d-%d-%s.bin", i, m.timeNs(), TimedMessages.safeFileName(m.channel())),
                    files.get(i).getFileName().toString());
            assertArrayEquals(
                    m.payload(),
                    Files.readAllBytes(files.get(i)),
                    "the decompressed payload of " + m.channel() + " @ " + m.timeNs());
        }
    }

    @Test
    void withNoRowSelectedEveryMessageOfTheWindowAndChosenChannelIsExported() throws Exception {
        Path dir = temp.resolve("robot-log");
        ArkSample.write(dir, 12);
        ArchiveView v = open(dir);
        TimelinePane p = shownWithMessages(v);
        MessagesTable mt = p.messages();
        TimedMessages timed =
                v.session().archive().capability(TimedMessages.class).orElseThrow();
        List<String> cat = catLines(timed);
        fx(() -> {
            mt.setChannels(java.util.Set.of("/odom"));
            return null;
        });
        mt.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        settle();
        // Zoomed to the middle half, as a dragged range does.
        long[] window = fx(() -> {
            TimelineView tv = p.timeline();
            long a = tv.data().minNs();
            long b = tv.data().maxNs();
            tv.show(a + (b - a) / 4.0, b - (b - a) / 4.0);
            mt.grid().viewport().selection().clear();
            mt.grid().refresh();
            return new long[] {tv.visibleStart(), tv.visibleStop()};
        });
        AnsweringChooser chooser = new AnsweringChooser();
        Path json = temp.resolve("window.jsonl");
        chooser.answer(json);
        fx(() -> {
            v.exporter().setDestinations(chooser);
            mt.exportButton().getItems().get(0).fire();
            return null;
        });
        waitUntil("the JSON lines written", () -> Files.exists(json));
        settle();
        List<String> expected = cat.stream()
                .filter(l -> l.startsWith("{\"channel\":\"/odom\","))
                .filter(l -> {
                    long t = Long.parseLong(l.replaceFirst("^.*?\"time_ns\":(\\d+),.*$", "$1"));
                    return t >= window[0] && t <= window[1];
                })
                .toList();
        assertTrue(expected.size() > 10, "messages in the window: " + expected.size());
        assertEquals(expected, Files.readAllLines(json));
    }
}
