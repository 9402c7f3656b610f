package dev.vitrine.app.ui.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

class HealthMapTest {

    @Test
    void anErrorDamagesEveryRangeAroundItAndNothingElse() {
        HealthMap h = new HealthMap();
        h.add(Problem.error("root-checksum.zss", 120, "checksum mismatch at 120"));
        assertEquals(Health.DAMAGED, h.of(ByteRange.of(120, 14)), "the block");
        assertEquals(Health.DAMAGED, h.of(ByteRange.of(0, 134)), "the file around it");
        assertEquals(Health.UNCHECKED, h.of(ByteRange.of(106, 14)), "the block before: not checked yet");
        assertEquals(Health.UNCHECKED, h.of(ByteRange.NONE));
        assertEquals(Health.DAMAGED, h.overall());
    }

    @Test
    void afterACleanVerifyUntouchedRangesAreOk() {
        HealthMap h = new HealthMap();
        h.add(Problem.warning("f", 10, "odd"));
        h.markChecked();
        assertEquals(Health.OK, h.of(ByteRange.of(20, 5)));
        assertEquals(Health.WARNING, h.of(ByteRange.of(0, 11)));
        assertEquals(Health.OK, h.of(ByteRange.of(11, 100)), "a range ending right before is not affected");
        assertEquals(Health.WARNING, h.overall());
    }

    @Test
    void problemsInOtherFilesAndWholeFileProblems() {
        HealthMap h = new HealthMap();
        h.add(Problem.error(FileRef.of("part2.bin"), 5, "bad"));
        h.add(Problem.error("main.caf", -1, "read error"));
        assertEquals(
                Health.UNCHECKED, h.of(ByteRange.of(0, 100)), "offset 5 of another file does not touch the main file");
        assertEquals(Health.DAMAGED, h.of(ByteRange.in(FileRef.of("part2.bin"), 0, 10)));
        assertEquals(Health.DAMAGED, h.overall(), "whole-file problems mark the archive");
        assertEquals(Health.DAMAGED, h.of(List.of(Problem.error("x", 1, "own"))));
        h.clear();
        assertEquals(Health.UNCHECKED, h.overall());
    }

    @Test
    void aCopyKeepsWhatWasKnownWhenItWasMadeAndNothingLater() {
        HealthMap h = new HealthMap();
        h.add(Problem.warning("f", 10, "odd"));
        var key = new dev.vitrine.app.ui.tree.NodeKey("index-block", "root", ByteRange.of(500, 20));
        h.addSubtrees(java.util.Map.of(key, dev.vitrine.core.model.Severity.ERROR));
        HealthMap c = h.copy();
        h.add(Problem.error("f", 40, "bad"));
        h.markChecked();
        assertEquals(Health.DAMAGED, h.of(ByteRange.of(40, 1)));
        assertEquals(Health.UNCHECKED, c.of(ByteRange.of(40, 1)), "the copy does not see the later error");
        assertEquals(Health.WARNING, c.of(ByteRange.of(0, 20)));
        assertEquals(Health.DAMAGED, c.ofSubtree(key), "damage located below a node is copied too");
        assertEquals(
                Health.UNCHECKED,
                c.ofSubtree(new dev.vitrine.app.ui.tree.NodeKey("header", "header", ByteRange.of(0, 10))));
    }
}
