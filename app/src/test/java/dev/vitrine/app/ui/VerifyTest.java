package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.util.List;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.kordamp.ikonli.javafx.FontIcon;

/** Verify from the window: problems listed, health marked, and a problem leads to its bytes. */
class VerifyTest extends WindowTest {

    private List<Problem> problems(ArchiveView v) throws Exception {
        return fx(() -> List.copyOf(v.problems().table().getItems()));
    }

    /** Overwrites two bytes inside data block {@code index} of a ZSS file; returns the block's offset. */
    private static long damageDataBlock(java.nio.file.Path file, int index) throws Exception {
        long blockAt;
        try (var a = dev.vitrine.core.format.FormatRegistry.get().open(file, dev.vitrine.core.limits.Limits.DEFAULT)) {
            Node dataBlocks = a.root().children(2, 1).getFirst();
            blockAt = dataBlocks.children(index, 1).getFirst().range().offset();
        }
        try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(new byte[] {'X', 'X'}), blockAt + 12);
        }
        return blockAt;
    }

    private void verifyWithF5(ArchiveView v) throws Exception {
        click(v.tree().view());
        type(KeyCode.F5);
        waitForVerify(v);
        settle();
    }

    @Test
    void aDamagedRootBlockIsListedMarkedAndFoundByClickingTheProblem() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/root-checksum.zss"));
        verifyWithF5(v);
        List<Problem> found = problems(v);
        assertTrue(
                found.stream()
                        .anyMatch(p -> p.offset() == 120
                                && p.severity() == Severity.ERROR
                                && p.message().contains("checksum mismatch")),
                "problem at offset 120: " + found);
        assertTrue(
                fx(() -> v.problems().state()).startsWith("verified: "),
                fx(() -> v.problems().state()));
        assertEquals(Health.DAMAGED, fx(() -> v.tree().healthOf(v.tree().rootItem())), "the file is marked damaged");
        assertTrue(
                lookup(".structure-tree .health-badge.health-damaged")
                        .tryQuery()
                        .isPresent(),
                "a red badge is on screen");

        TableView<Problem> table = v.problems().table();
        int row = fx(() -> table.getItems()
                .indexOf(found.stream()
                        .filter(p -> p.offset() == 120)
                        .findFirst()
                        .orElseThrow()));
        click(tableRow(table, row));
        settle();
        Node selected = fx(() -> v.selection().selected());
        assertTrue(selected.range().contains(120), "the node covering offset 120 is selected: " + selected.name());
        assertEquals("index-block", selected.kind());
        assertEquals(120, fx(() -> v.hex().hex().caret()), "the hex view marks the offset");
        assertEquals(
                Health.DAMAGED,
                fx(() -> v.tree().healthOf(v.tree().view().getSelectionModel().getSelectedItem())));
        FontIcon badge = lookup(".node-summary .health-badge").query();
        assertTrue(badge.getStyleClass().contains("health-damaged"), "the summary says damaged");
    }

    @Test
    void damageInADataBlockMarksItAndItsAncestorsInTheTreeAndTheIndexPicture() throws Exception {
        java.nio.file.Path file = temp.resolve("damaged.zss");
        java.util.Iterator<byte[]> records = java.util.stream.IntStream.range(0, 3000)
                .mapToObj(i ->
                        String.format("rec-%05d some payload", i).getBytes(java.nio.charset.StandardCharsets.US_ASCII))
                .iterator();
        dev.vitrine.core.format.zss.ZssWriter.write(
                file,
                dev.vitrine.core.format.zss.ZssWriter.Options.of(dev.vitrine.core.format.zss.ZssFlavor.ZSS)
                        .codec("deflate")
                        .approxBlockSize(2048)
                        .branchingFactor(4)
                        .parallelism(1),
                records);
        long blockAt = damageDataBlock(file, 7);
        ArchiveView v = open(file);
        verifyWithF5(v);
        List<Problem> found = problems(v);
        Problem crc = found.stream()
                .filter(p -> p.offset() == blockAt)
                .findFirst()
                .orElseThrow(() -> new AssertionError(found));
        click(tableRow(
                v.problems().table(), fx(() -> v.problems().table().getItems().indexOf(crc))));
        settle();
        assertEquals(blockAt, fx(() -> v.selection().selected().range().offset()));
        var item = fx(() -> v.tree().view().getSelectionModel().getSelectedItem());
        for (var p = item; p != null; p = fx(p::getParent)) {
            var at = p;
            assertEquals(Health.DAMAGED, fx(() -> v.tree().healthOf(at)), "every ancestor is marked: " + at.getValue());
        }
        assertEquals(
                Health.OK,
                fx(() -> v.tree().healthOf(item.getParent().getChildren().get(6))),
                "the block before is fine");
        click(lookup(".details-tabs .tab-label")
                .match((javafx.scene.control.Label l) -> "Index".equals(l.getText()))
                .query());
        waitUntil("the picture", () -> v.index() != null && v.index().picture() != null);
        settle();
        long red = fx(() -> v.index().blockShapes().stream()
                .filter(r -> r.getStyleClass().contains("health-damaged"))
                .count());
        assertEquals(4, red, "root, two index levels and the data block are red");
    }

    @Test
    void anIndexBlockNeverExpandedIsMarkedWhenDamageLiesBelowIt() throws Exception {
        // The root index block sits at the end of the file (written bottom-up), the first data
        // block near the start; the root block's own bytes stay intact.
        java.nio.file.Path file = fixture("fixtures/zss/generated/recs1000-deflate.zss");
        long blockAt = damageDataBlock(file, 0);
        ArchiveView v = open(file);
        var indexRoot = fx(() -> v.tree().rootItem().getChildren().stream()
                .filter(i -> i.getValue() instanceof dev.vitrine.app.ui.tree.TreeEntry.NodeEntry n
                        && n.kind().equals("index-block"))
                .findFirst()
                .orElseThrow());
        assertTrue(
                fx(() -> !indexRoot.isExpanded() && !((dev.vitrine.app.ui.tree.NodeTreeItem) indexRoot).isLoaded()),
                "the root index block was never expanded");
        verifyWithF5(v);
        assertTrue(problems(v).stream().anyMatch(p -> p.offset() == blockAt), "" + problems(v));
        waitUntil("the path to the damage is found", () -> v.tree().healthOf(indexRoot) == Health.DAMAGED);
        assertTrue(fx(() -> !((dev.vitrine.app.ui.tree.NodeTreeItem) indexRoot).isLoaded()), "still not expanded");
        // Its row has a long name; the red badge must still be on screen, not past the right edge.
        settle();
        FontIcon red = lookup(".structure-tree .tree-cell")
                .match((javafx.scene.control.TreeCell<?> c) -> c.getTreeItem() == indexRoot)
                .lookup(".health-badge")
                .query();
        assertTrue(
                red.getStyleClass().contains("health-damaged"),
                red.getStyleClass().toString());
        var badge = fx(() -> red.localToScene(red.getBoundsInLocal()));
        var tree = fx(() -> v.tree().view().localToScene(v.tree().view().getBoundsInLocal()));
        assertTrue(
                badge.getMaxX() <= tree.getMaxX() && badge.getMinX() >= tree.getMinX(),
                "badge " + badge + " inside the tree " + tree);
    }

    @Test
    void closingATabWhileItVerifiesUnmapsTheFileOnlyAfterTheVerifyStopped() throws Exception {
        var held = new dev.vitrine.app.ui.testing.HeldArchive(dev.vitrine.core.format.FormatRegistry.get()
                .open(fixture("fixtures/zss/generated/recs1000-deflate.zss"), dev.vitrine.core.limits.Limits.DEFAULT));
        ArchiveSession session =
                background.run(() -> ArchiveSession.of(held), null, null).get();
        fx(() -> window.show(session));
        settle();
        ArchiveView v = fx(window::current);
        held.holdVerify();
        fx(() -> {
            v.verifier().start();
            return null;
        });
        assertTrue(held.awaitHeld(30), "the verify is under way");
        fx(() -> {
            window.closeTab();
            return null;
        });
        Thread.sleep(300);
        assertTrue(!held.isClosed(), "the file stays mapped while the cancelled verify may still read it");
        held.release();
        waitUntil("the archive to be closed once the verify stopped", held::isClosed);
    }

    @Test
    void aBadIndexKeyIsFoundByVerifyOnly() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/bad-index-key-1.zss"));
        assertTrue(problems(v).isEmpty(), "ordinary reads of this file succeed");
        assertEquals(Health.UNCHECKED, fx(() -> v.tree().healthOf(v.tree().rootItem())));
        verifyWithF5(v);
        assertTrue(
                problems(v).stream()
                        .anyMatch(p -> p.offset() == 120 && p.message().contains("too large")),
                "" + problems(v));
        assertEquals(Health.DAMAGED, fx(() -> v.tree().healthOf(v.tree().rootItem())));
    }

    @Test
    void aCleanFileIsMarkedOkAfterVerify() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/deep-index-3level.zss"));
        verifyWithF5(v);
        assertTrue(problems(v).isEmpty());
        assertTrue(fx(() -> v.problems().state()).startsWith("verified: no problems"));
        assertEquals(Health.OK, fx(() -> v.tree().healthOf(v.tree().rootItem())));
        assertTrue(lookup(".structure-tree .health-badge.health-ok").tryQuery().isPresent());
    }

    @Test
    void aFileThatCannotBeReadNormallyStillOpensWithItsDamageShown() throws Exception {
        ArchiveView v = open(fixture("fixtures/zss/bad-magic.zss"));
        List<Problem> found = problems(v);
        assertTrue(
                !found.isEmpty() && found.getFirst().message().contains("magic"),
                "shown at once, without verify: " + found);
        assertEquals(Health.DAMAGED, fx(() -> v.tree().healthOf(v.tree().rootItem())));
        assertTrue(
                fx(() -> window.notifier().lastMessage()).contains("showing what is readable"),
                fx(() -> window.notifier().lastMessage()));
        assertTrue(fx(() -> v.hex().hex().settled()), "its bytes are still shown");
    }

    @Test
    void anUnknownFileGivesOneLineAndNoTab() throws Exception {
        java.nio.file.Path junk = temp.resolve("notes.txt");
        java.nio.file.Files.writeString(junk, "hello, not an archive");
        fx(() -> window.open(List.of(junk))).get();
        settle();
        assertEquals(0, fx(() -> window.tabs().getTabs().size()));
        String msg = fx(() -> window.notifier().lastMessage());
        assertTrue(msg.startsWith("notes.txt: not an archive"), msg);
        assertTrue(!msg.contains("\n") && !msg.contains("Exception"), msg);
    }
}
