package dev.vitrine.core.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shared overlap policy, for any format: stored ranges in several files, shared bytes, unknown ranges. */
class ExportOverlapTest {
    @TempDir
    Path dest;

    record Stored(String name, ByteRange stored, long size) implements Content {
        @Override
        public InputStream open() {
            return new ByteArrayInputStream(new byte[(int) size]);
        }
    }

    @Test
    void theSweepFlagsLaterClaimantsPerFileOnly() {
        FileRef a = FileRef.of("part-a"), b = FileRef.of("part-b");
        List<ByteRange> ranges = List.of(
                ByteRange.in(a, 0, 10),
                ByteRange.in(b, 0, 10),
                ByteRange.in(a, 5, 10),
                ByteRange.NONE,
                ByteRange.in(a, 20, 0),
                ByteRange.in(a, 15, 5),
                ByteRange.in(a, 30, 5),
                ByteRange.in(a, 0, 10));
        int[] covering = Overlaps.find(ranges);
        // (a,0,10) first; (b,0,10) is another file's; (a,5,10) starts inside (a,0,10); NONE and empty
        // ranges never overlap; (a,15,5) starts where the furthest reach ends, so it is clear, as is
        // (a,30,5); the repeat of (a,0,10) comes after the first in the list, so it is the one flagged.
        assertArrayEquals(new int[] {-1, -1, 0, -1, -1, -1, -1, 0}, covering);
    }

    @Test
    void compressedContentSharingItsBytesIsRefusedUnlessAllowed() throws Exception {
        // Two records claiming the same compressed bytes in a shard: each decodes to 1000 bytes.
        FileRef shard = FileRef.of("shard-0");
        List<Content> cs = List.of(
                new Stored("r1", ByteRange.in(shard, 100, 40), 1000),
                new Stored("r2", ByteRange.in(shard, 100, 40), 1000),
                new Stored("r3", ByteRange.in(shard, 140, 40), 1000));
        ExportReport r = new Exporter(ExportOptions.DEFAULT).export(cs, dest.resolve("one"));
        assertEquals(
                List.of("r1", "r3"),
                r.exported().stream().map(ExportReport.Exported::name).toList());
        assertEquals("r2", r.overlaps().getFirst().name());
        assertEquals(100, r.overlaps().getFirst().offset());
        assertTrue(r.refused().getFirst().reason().contains("overlap those of entry \"r1\" [100, 140)"), r::toString);

        ExportReport allowed = new Exporter(
                        ExportOptions.DEFAULT.withOverlapsAllowed(true).withMaxOutput(2500))
                .export(cs, dest.resolve("two"));
        assertEquals(2, allowed.exported().size(), "the limit counts decoded bytes: the third would pass 2500");
        assertEquals("r3", allowed.stop().name());
        assertEquals(140, allowed.stop().offset());
    }
}
