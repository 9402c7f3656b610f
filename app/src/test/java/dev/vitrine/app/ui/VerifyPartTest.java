package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The tree's "Verify This Part" (#23 item 6): a verify of the right-clicked node's blocks only,
 * whose problems are those of that part, selected, with a state line that says it was a part.
 */
class VerifyPartTest extends PartVerifyWindowTest {

    /** The block nodes under the root's "data blocks" node, loaded. */
    private List<NodeTreeItem> dataBlocks(ArchiveView v) throws Exception {
        NodeTreeItem blocks = fx(() -> v.tree().view().getRoot().getChildren().stream()
                .filter(i -> i instanceof NodeTreeItem n && n.entry().name().startsWith("data blocks"))
                .map(i -> (NodeTreeItem) i)
                .findFirst()
                .orElseThrow());
        fx(() -> {
                    blocks.setExpanded(true);
                    return blocks.ensureLoaded();
                })
                .get(60, TimeUnit.SECONDS);
        settle();
        return fx(() -> blocks.getChildren().stream()
                .filter(i -> i instanceof NodeTreeItem)
                .map(i -> (NodeTreeItem) i)
                .toList());
    }

    /** The selected problems, through their indices (the selected-items view of a table is lazy). */
    private static List<Problem> selected(ArchiveView v) throws Exception {
        return fx(() -> {
            var t = v.problems().table();
            return t.getSelectionModel().getSelectedIndices().stream()
                    .sorted()
                    .map(i -> t.getItems().get(i))
                    .toList();
        });
    }

    private static List<Problem> checksums(List<Problem> ps) {
        return ps.stream()
                .filter(p -> p.message().startsWith("checksum mismatch"))
                .toList();
    }

    @Test
    void aPartVerifyFindsTheDamageOfItsBlockOnly() throws Exception {
        moveStageToTop(); // the menu of the last data block's row fits on the headless screen
        // weather-damaged.zss has one damaged data block; a second is damaged here, in its middle
        Path first = temp.resolve("one.zss");
        Files.copy(Path.of("../samples/weather-damaged.zss"), first);
        ArchiveView v1 = open(first);
        List<ByteRange> ranges =
                dataBlocks(v1).stream().map(n -> n.entry().range()).toList();
        fx(() -> {
            v1.verifier().start();
            return null;
        });
        waitForVerify(v1);
        List<Problem> before =
                checksums(fx(() -> List.copyOf(v1.problems().table().getItems())));
        assertEquals(1, before.size(), before.toString());
        long damagedAt = before.getFirst().offset();
        ByteRange other = ranges.stream()
                .filter(r -> !r.contains(damagedAt))
                .reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("one data block only: " + ranges));
        byte[] data = Files.readAllBytes(first);
        data[(int) (other.offset() + other.length() / 2)] ^= 0x55;
        Path two = temp.resolve("two.zss");
        Files.write(two, data);

        ArchiveView v = open(two);
        List<NodeTreeItem> blocks = dataBlocks(v);
        NodeTreeItem a = blocks.stream()
                .filter(n -> n.entry().range().contains(damagedAt))
                .findFirst()
                .orElseThrow();
        NodeTreeItem b = blocks.stream()
                .filter(n -> n.entry().range().equals(other))
                .findFirst()
                .orElseThrow();

        verifyPart(v, a);
        // what the part verify found is selected: this block's damage, not the other's, not the hash
        List<Problem> selected = selected(v);
        assertEquals(
                List.of("checksum mismatch at " + damagedAt),
                selected.stream().map(Problem::message).toList(),
                "only the part's damage is found: " + fx(() -> v.problems().state()) + " "
                        + fx(() -> List.copyOf(v.problems().table().getItems())));
        assertEquals(1, fx(() -> v.verifier().lastReport().errors()));
        assertEquals(0, fx(() -> v.verifier().lastReport().warnings()), "no data hash warning: it was not run");
        String state = fx(() -> v.problems().state());
        assertTrue(state.startsWith("verified: 1 error ("), state);
        assertTrue(
                state.endsWith(" · part " + a.entry().name() + ": 1 data block in ["
                        + a.entry().range().offset()
                        + ", " + a.entry().range().end() + "); whole-archive checks not run: data hash, index"
                        + " references and lengths, record order across blocks, root"),
                state);
        List<Problem> listed = fx(() -> List.copyOf(v.problems().table().getItems()));
        assertTrue(listed.stream().noneMatch(p -> p.message().startsWith("data hash")), listed.toString());

        verifyPart(v, b);
        selected = selected(v);
        assertEquals(1, selected.size(), selected.toString());
        assertTrue(b.entry().range().contains(selected.getFirst().offset()), selected.toString());
        assertTrue(selected.getFirst().message().startsWith("checksum mismatch"), selected.toString());
        assertEquals(1, fx(() -> v.verifier().lastReport().errors()));
        listed = fx(() -> List.copyOf(v.problems().table().getItems()));
        assertTrue(listed.contains(checksums(listed).getFirst()), "the first part's finding stays listed");
        assertEquals(2, checksums(listed).size(), listed.toString());
    }
}
