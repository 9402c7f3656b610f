package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.*;

import dev.vitrine.core.format.PartVerifyRun;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "Verify this part" on an Ark log: a part inside a split file verifies that split, and no other. */
class ArkPartVerifyTest {
    @TempDir
    Path tmp;

    @Test
    void aPartInASplitChecksThatSplitOnly() throws Exception {
        ArkTestLogs.writeSmall(tmp, 10);
        List<Path> splits = ArkDamageTest.splits(tmp);
        Path first = splits.getFirst(), last = splits.getLast();
        for (Path s : List.of(first, last)) {
            byte[] b = Files.readAllBytes(s);
            Files.write(s, java.util.Arrays.copyOf(b, b.length - 40));
        }
        FileRef firstRef = FileRef.of("splits/" + first.getFileName());
        FileRef lastRef = FileRef.of("splits/" + last.getFileName());
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            PartVerifyRun whole = PartVerifyRun.of(a, null);
            assertFalse(in(whole, firstRef).isEmpty(), whole.problems().toString());
            assertFalse(in(whole, lastRef).isEmpty(), whole.problems().toString());

            PartVerifyRun part = PartVerifyRun.of(a, ByteRange.in(firstRef, 100, 10));
            assertFalse(in(part, firstRef).isEmpty(), part.problems().toString());
            // the split's own problems, and the manifest's claims about it: nothing of the other split
            assertTrue(
                    part.problems().stream()
                            .allMatch(
                                    p -> p.ref().equals(firstRef) || p.message().contains(guid(first))),
                    part.problems().toString());
            assertTrue(part.problems().stream().noneMatch(p -> p.message().contains(guid(last))));
            assertTrue(
                    in(part, firstRef).stream().allMatch(p -> p.offset() >= 0),
                    part.problems().toString());
            assertEquals(1, part.progressTotal(), "one split read");
            assertTrue(whole.progressTotal() > 2, "the whole verify reads every split: " + whole.progressTotal());
            assertEquals(
                    "split " + firstRef + "; whole-archive checks not run: the other splits and manifests",
                    part.report().scope());

            Path manifest = ArkDamageTest.manifest(tmp);
            PartVerifyRun m = PartVerifyRun.of(
                    a, ByteRange.in(FileRef.of(tmp.relativize(manifest).toString()), 0, 16));
            assertEquals(List.of(), m.problems());
            assertEquals(0, m.progressTotal());
        }
    }

    private static String guid(Path split) {
        return split.getFileName().toString().replaceFirst("\\..*$", "");
    }

    private static List<Problem> in(PartVerifyRun r, FileRef f) {
        return r.problems().stream().filter(p -> p.ref().equals(f)).toList();
    }
}
