package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.cli.VitrineCli;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.app.ui.tree.TreeEntry;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Problem;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TreeItem;
import org.junit.jupiter.api.Test;

/**
 * The tree's "Verify This Part" on a DataBundle file (#23 item 6), as a user does it: a
 * right-click on the file's row, then the menu item. Only the records holding that file are
 * read: the problems pane shows damage inside them and none from a damaged record beside.
 */
class BundleVerifyPartTest extends PartVerifyWindowTest {

    /** The sample bundle's files repacked in 64 KiB zlib records, so that its files lie in different records. */
    private Path repackedSample() {
        Path files = temp.resolve("files");
        cli("export", "../samples/weather-bundle", files.toString());
        Path bundle = temp.resolve("bundle");
        cli("create", "bundle", "--compression", "zlib", "--record-size", "65536", files.toString(), bundle.toString());
        return bundle;
    }

    private static void cli(String... args) {
        var err = new java.io.StringWriter();
        int rc = VitrineCli.run(args, java.io.OutputStream.nullOutputStream(), new java.io.PrintWriter(err, true));
        assertEquals(0, rc, err::toString);
    }

    /** The bytes of {@code name}'s records in its shard, as `ls` and the tree show them. */
    private static ByteRange rangeOf(Path bundle, String name) throws Exception {
        try (var a = FormatRegistry.get().open(bundle, Limits.DEFAULT)) {
            for (FileListing.Entry e : ((FileListing) a).entries()) if (e.name().equals(name)) return e.range();
        }
        throw new AssertionError(name);
    }

    /** The tree node at {@code names} under the root (each level loaded and expanded on the way). */
    private NodeTreeItem node(ArchiveView v, String... names) throws Exception {
        TreeItem<TreeEntry> at = fx(() -> v.tree().view().getRoot());
        for (String name : names) {
            TreeItem<TreeEntry> parent = at;
            if (parent instanceof NodeTreeItem n)
                fx(() -> {
                            n.setExpanded(true);
                            return n.ensureLoaded();
                        })
                        .get(60, TimeUnit.SECONDS);
            settle();
            at = fx(() -> parent.getChildren().stream()
                    .filter(i -> i instanceof NodeTreeItem n && n.entry().name().equals(name))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no " + name + " in " + parent.getChildren())));
        }
        return (NodeTreeItem) at;
    }

    private static List<Problem> listed(ArchiveView v) throws Exception {
        return fx(() -> List.copyOf(v.problems().table().getItems()));
    }

    @Test
    void aFilesPartReportsTheDamageInItsRecordsOnly() throws Exception {
        moveStageToTop();
        Path bundle = repackedSample();
        // README.md (3,141 bytes) lies in record 0; readings.txt (237,555 bytes) in records 0 to 3
        ByteRange r = rangeOf(bundle, "README.md");
        ByteRange w = rangeOf(bundle, "weather/readings.txt");
        assertTrue(w.end() > r.end(), r + " " + w);
        long damagedAt = r.end() + 100; // in record 1: readings.txt's, not README.md's
        try (FileChannel ch = FileChannel.open(bundle.resolve("shard-00000000"), StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {0x55, 0x55, 0x55, 0x55}), damagedAt);
        }

        ArchiveView v = open(bundle);
        ArchiveView view = v;
        NodeTreeItem readme = node(v, "files", "README.md");
        verifyPart(v, readme);
        String state = fx(() -> view.problems().state());
        assertTrue(
                state.endsWith(" · part README.md: 1 record of shard-00000000 in [" + r.offset() + ", " + r.end()
                        + ") and the CRC-32C of the 2 files wholly in them; whole-archive checks not run: the index's"
                        + " own checks, the other records and shards, the CRC-32C of 1 file only partly in the part"),
                state);
        assertEquals(0, fx(() -> view.verifier().lastReport().errors()), state);
        assertEquals(List.of(), listed(v), "the damaged record beside is not README.md's");

        NodeTreeItem readings = node(v, "files", "weather", "readings.txt");
        verifyPart(v, readings);
        state = fx(() -> view.problems().state());
        assertTrue(state.startsWith("verified: "), state);
        assertTrue(fx(() -> view.verifier().lastReport().errors()) > 0, state);
        List<Problem> found = listed(v);
        assertFalse(found.isEmpty(), state);
        assertTrue(found.stream().allMatch(p -> w.contains(p.offset())), found.toString());
        assertTrue(
                found.stream()
                        .anyMatch(p -> p.offset() == r.end() && p.message().startsWith("record at stream offset")),
                found.toString());
    }
}
