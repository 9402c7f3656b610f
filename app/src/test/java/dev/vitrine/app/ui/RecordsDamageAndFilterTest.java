package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.table.RecordsView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.zss.ZssFlavor;
import dev.vitrine.core.format.zss.ZssWriter;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.IntStream;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;

/**
 * The Records tab never shows damage as a merely short table, and the key filter it shows always
 * agrees with the rows it shows.
 */
class RecordsDamageAndFilterTest extends WindowTest {

    private Path zss(String name) throws Exception {
        Path file = temp.resolve(name);
        ZssWriter.write(
                file,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("deflate")
                        .approxBlockSize(256)
                        .branchingFactor(4)
                        .parallelism(1),
                IntStream.range(0, 400)
                        .mapToObj(i -> String.format("%s-%04d", i % 2 == 0 ? "d" : "k", i)
                                .getBytes(StandardCharsets.US_ASCII))
                        .sorted(java.util.Arrays::compare)
                        .iterator());
        return file;
    }

    private RecordsView records(ArchiveView v) throws Exception {
        fx(() -> v.details().select("tab-records"));
        waitUntil(
                "the records to be counted",
                () -> v.records() != null && v.records().count() >= 0);
        return fx(v::records);
    }

    @Test
    void aBlockThatCannotBeReadWhileCountingIsListedAndMarkedNotShownAsFewerRecords() throws Exception {
        Path file = zss("damaged.zss");
        long blockAt, total;
        try (var a = dev.vitrine.core.format.FormatRegistry.get().open(file, dev.vitrine.core.limits.Limits.DEFAULT)) {
            Node dataBlocks = a.root().children(2, 1).getFirst();
            var r = dataBlocks.children(3, 1).getFirst().range();
            blockAt = r.offset();
            total = r.length();
        }
        // Past the length prefix and the level byte, the deflate stream becomes all ones: an
        // invalid block type, so the block cannot be decoded (CRCs are for verify to check).
        long payload = blockAt + (total - 8 - 1 < 128 ? 2 : 3);
        try (var ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1}), payload);
        }
        ArchiveView v = open(file);
        RecordsView rv = records(v);
        settle();
        assertTrue(fx(rv::statusText).contains("could not be read"), fx(rv::statusText));
        List<Problem> listed = fx(() -> List.copyOf(v.problems().table().getItems()));
        assertTrue(
                listed.stream().anyMatch(p -> p.offset() == blockAt),
                "the block's damage is in the problems list before any verify: " + listed);
        assertEquals(Health.DAMAGED, fx(() -> v.tree().healthOf(v.tree().rootItem())), "and marked on the archive");
    }

    @Test
    void jumpingToARecordAfterAPrefixSearchEmptiesTheFilterBoxes() throws Exception {
        ArchiveView v = open(zss("letters.zss"));
        RecordsView rv = records(v);
        TextField prefix = lookup(".records-bar .text-field")
                .match((TextField t) -> "prefix".equals(t.getPromptText()))
                .query();
        click(prefix);
        write("d");
        type(KeyCode.ENTER);
        waitUntil("matches", () -> !rv.matchesTable().getItems().isEmpty());
        assertEquals(200, fx(() -> rv.matchesTable().getItems().size()), "the d- records");
        TextField goTo = lookup("#record-goto").query();
        click(goTo);
        write("3");
        type(KeyCode.ENTER);
        settle();
        assertEquals(List.of("", "", ""), fx(rv::searchBoxes), "all records are shown, so no filter is shown either");
        assertTrue(fx(() -> rv.grid().getParent() != null), "the table of all records is in front");
    }
}
