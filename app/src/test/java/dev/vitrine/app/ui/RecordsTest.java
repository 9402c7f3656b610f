package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.export.ExportChoice;
import dev.vitrine.app.ui.export.RecordFraming;
import dev.vitrine.app.ui.table.KeyQuery;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.app.ui.table.RecordsView;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.app.ui.tree.TreeEntry;
import dev.vitrine.core.format.zss.ZssFlavor;
import dev.vitrine.core.format.zss.ZssWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The records table over a large file, key search, paging in the tree, and export. */
class RecordsTest extends WindowTest {
    static final int N = 200_000;

    @TempDir
    static Path shared;

    static Path big;

    /** 200,000 records "key-0000000 …" written by our ZSS writer, small blocks so there are many. */
    @BeforeAll
    static void write() throws Exception {
        big = shared.resolve("big-200k.zss");
        Iterator<byte[]> it = new Iterator<>() {
            int i;

            @Override
            public boolean hasNext() {
                return i < N;
            }

            @Override
            public byte[] next() {
                return String.format("key-%07d value %d", i, (i++ * 7919) % 1000)
                        .getBytes(StandardCharsets.US_ASCII);
            }
        };
        ZssWriter.write(
                big,
                ZssWriter.Options.of(ZssFlavor.ZSS)
                        .codec("deflate")
                        .approxBlockSize(4096)
                        .branchingFactor(64)
                        .parallelism(1),
                it);
    }

    private RecordsView records(ArchiveView v) throws Exception {
        fx(() -> {
            v.details().select("tab-records");
            return null;
        });
        waitUntil(
                "the records to be counted",
                () -> v.records() != null && v.records().count() >= 0);
        return fx(() -> v.records());
    }

    @Test
    void theRecordsTableScrollsToTheLastOfTwoHundredThousand() throws Exception {
        ArchiveView v = open(big);
        RecordsView rv = records(v);
        assertEquals(N, fx(rv::count));
        assertTrue(lookup(".records-status")
                .match((javafx.scene.control.Label l) -> l.getText().equals("200,000 records"))
                .tryQuery()
                .isPresent());
        click(firstRowCell(rv));
        type(KeyCode.END);
        waitUntil(
                "the last row to be loaded",
                () -> lastShownRow(rv) != null && lastShownRow(rv).isLoaded());
        settle();
        LazyRow last = fx(() -> lastShownRow(rv));
        assertEquals(N - 1, last.index());
        assertEquals("key-0199999 value " + (199_999L * 7919 % 1000), last.cell(1), "the key column of the last row");
        TableRow<?> onScreen = fx(() -> rv.grid().table().lookupAll(".table-row-cell").stream()
                .map(n -> (TableRow<?>) n)
                .filter(r -> r.getItem() == last)
                .findFirst()
                .orElseThrow());
        assertTrue(
                fx(() -> onScreen.isSelected() && onScreen.isVisible()), "the last record is selected and on screen");
        assertTrue(fx(() -> rv.grid().table().getItems().size() < 60), "the table holds only the rows on screen");
        assertEquals(
                fx(() -> rv.grid().scrollBar().getMax()),
                fx(() -> rv.grid().scrollBar().getValue()),
                "scrolled to the end");
    }

    private TableRow<?> firstRowCell(RecordsView rv) throws Exception {
        return fx(() -> rv.grid().table().lookupAll(".table-row-cell").stream()
                .map(n -> (TableRow<?>) n)
                .filter(r -> r.getIndex() == 0)
                .findFirst()
                .orElseThrow());
    }

    private static LazyRow lastShownRow(RecordsView rv) {
        List<LazyRow> rows = rv.grid().shownRows();
        return rows.isEmpty() ? null : rows.getLast();
    }

    @Test
    void keySearchFindsARangeWithEscapes() throws Exception {
        ArchiveView v = open(big);
        RecordsView rv = records(v);
        TextField prefix = lookup(".records-bar .text-field")
                .match((TextField t) -> "prefix".equals(t.getPromptText()))
                .query();
        click(prefix);
        write("key-0123450\\x20");
        type(KeyCode.ENTER);
        waitUntil("matches", () -> !rv.matchesTable().getItems().isEmpty());
        assertEquals(1, fx(() -> rv.matchesTable().getItems().size()));
        assertEquals(
                "key-0123450 value " + (123_450L * 7919 % 1000),
                new String(fx(() -> rv.matchesTable().getItems().getFirst().bytes()), StandardCharsets.US_ASCII));
        TextField go = lookup("#record-goto").query();
        click(go);
        write("150000").type(KeyCode.ENTER);
        waitUntil(
                "row 150,000 selected and loaded",
                () -> rv.grid().viewport().selection().lead() == 150_000
                        && rv.grid().table().getSelectionModel().getSelectedItem() != null
                        && rv.grid()
                                .table()
                                .getSelectionModel()
                                .getSelectedItem()
                                .isLoaded());
        assertEquals(
                "key-0150000 value " + (150_000L * 7919 % 1000),
                fx(() -> rv.grid().table().getSelectionModel().getSelectedItem().cell(1)));
    }

    @Test
    void aNodeWithManyChildrenIsPaged() throws Exception {
        ArchiveView v = open(big);
        NodeTreeItem blocks =
                fx(() -> (NodeTreeItem) v.tree().rootItem().getChildren().get(2));
        fx(() -> {
            blocks.setExpanded(true);
            return null;
        });
        waitUntil("the first page", blocks::isLoaded);
        settle();
        List<TreeItem<TreeEntry>> kids = fx(() -> List.copyOf(blocks.getChildren()));
        assertEquals(501, kids.size(), "500 blocks and a \"more\" item");
        TreeEntry.MoreEntry more = (TreeEntry.MoreEntry) kids.getLast().getValue();
        assertTrue(more.remaining() > 0);
        fx(() -> {
            v.tree().view().scrollTo(v.tree().view().getRow(kids.getLast()));
            kids.getLast().setExpanded(true);
            return null;
        });
        long expected = more.remaining() > 500 ? 1001 : 500 + more.remaining();
        waitUntil("the next page", () -> blocks.getChildren().size() == expected);
        assertTrue(
                fx(() -> blocks.getChildren().get(500) instanceof NodeTreeItem n
                        && n.node().name().startsWith("#500")),
                "the second page continues where the first ended");
    }

    @Test
    void exportingAKeyRangeWritesWhatCatWould() throws Exception {
        ArchiveView v = open(big);
        RecordsView rv = records(v);
        Path out = temp.resolve("range.txt");
        var task = fx(() -> v.exporter()
                .runRecords(
                        new ExportChoice(
                                ExportChoice.Source.KEY_RANGE,
                                KeyQuery.parse("key-0000010", "key-0000013", ""),
                                RecordFraming.NEWLINE),
                        rv,
                        out,
                        false));
        waitUntil("the export", task::isDone);
        assertEquals("key-0000010 value 190\nkey-0000011 value 109\nkey-0000012 value 28\n", Files.readString(out));
        assertTrue(fx(() -> window.notifier().lastMessage()).startsWith("Exported 3 records"));
    }
}
