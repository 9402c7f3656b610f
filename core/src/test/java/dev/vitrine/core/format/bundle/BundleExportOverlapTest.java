package dev.vitrine.core.format.bundle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.export.ListingSelection;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile bundle whose index entries share the same records: export refuses the copies as
 * it does CAF's overlapping entries (unless overlaps are allowed), and the output limit stops
 * an export that would write the shared bytes again and again. An honest bundle, whose small
 * files share records as every writer packs them, exports whole.
 */
class BundleExportOverlapTest {
    @TempDir
    Path tmp;

    static final int RECORD = 64 * 1024;
    static final int BIG = 200_000;

    /** big.bin (three whole 64 KiB records and part of a fourth) and small.txt, plus {@code copies} index entries pointing at big.bin's bytes. */
    Path bundle(int copies) throws Exception {
        Path in = tmp.resolve("in");
        BundleTestFiles.write(in, "big.bin", BundleTestFiles.random(BIG, 1));
        BundleTestFiles.write(in, "small.txt", BundleTestFiles.text(5_000, 2));
        Path out = tmp.resolve("b");
        BundleWriter.write(
                in, out, BundleWriter.defaults().withCompression("zstd").withRecordSize(RECORD));
        byte[] big = BundleTestFiles.getIndex(out, BundleLayout.fileKey("big.bin"));
        List<byte[][]> kvs = new ArrayList<>();
        for (int i = 0; i < copies; i++)
            kvs.add(BundleTestFiles.kv(BundleLayout.fileKey(String.format("copy%02d.bin", i)), big));
        BundleTestFiles.editIndex(out, kvs.toArray(byte[][][]::new));
        return out;
    }

    @Test
    void entriesSharingWholeRecordsAreRefusedUnlessOverlapsAreAllowed() throws Exception {
        Path b = bundle(1);
        try (BundleArchive a = BundleTestFiles.open(b)) {
            ListingSelection.Selection all = ListingSelection.all(a);
            ExportReport refused = new Exporter(ExportOptions.DEFAULT).export(all.contents(), tmp.resolve("x"));
            assertEquals(
                    List.of("copy00.bin"),
                    refused.refused().stream().map(ExportReport.Refused::name).toList(),
                    refused::toString);
            assertTrue(
                    refused.refused().getFirst().reason().contains("overlap those of entry \"big.bin\""),
                    refused.refused().getFirst().reason());
            assertEquals(1, refused.overlaps().size());
            assertTrue(
                    refused.overlaps().getFirst().offset() > 0,
                    "the overlap names where in the shard the shared record is");
            assertFalse(Files.exists(tmp.resolve("x/copy00.bin")));
            assertArrayEquals(BundleTestFiles.random(BIG, 1), Files.readAllBytes(tmp.resolve("x/big.bin")));
            assertArrayEquals(BundleTestFiles.text(5_000, 2), Files.readAllBytes(tmp.resolve("x/small.txt")));

            ExportReport allowed = new Exporter(ExportOptions.DEFAULT.withOverlapsAllowed(true))
                    .export(all.contents(), tmp.resolve("y"));
            assertEquals(3, allowed.exported().size(), allowed::toString);
            assertArrayEquals(BundleTestFiles.random(BIG, 1), Files.readAllBytes(tmp.resolve("y/copy00.bin")));
            assertTrue(allowed.overlaps().getFirst().exported(), "an allowed overlap is still reported");
        }
    }

    @Test
    void theOutputLimitStopsAnExportOfManyCopies() throws Exception {
        Path b = bundle(20);
        try (BundleArchive a = BundleTestFiles.open(b)) {
            long limit = 3L * BIG
                    + 10_000; // room for big.bin and two copies (data order: the copies start where big.bin does), not
            // a third
            ExportReport r = new Exporter(
                            ExportOptions.DEFAULT.withOverlapsAllowed(true).withMaxOutput(limit))
                    .export(ListingSelection.all(a).contents(), tmp.resolve("x"));
            assertNotNull(r.stop(), r::toString);
            assertTrue(r.bytes() <= limit, r.bytes() + " bytes written");
            assertEquals(
                    List.of("big.bin", "copy00.bin", "copy01.bin"),
                    r.exported().stream().map(ExportReport.Exported::name).toList(),
                    r::toString);
            assertEquals("copy02.bin", r.stop().name());
            assertTrue(
                    r.stop().reason().contains("past the output limit"),
                    r.stop().reason());
        }
    }

    @Test
    void smallFilesPackedIntoOneRecordAreNotOverlaps() throws Exception {
        Path in = tmp.resolve("small");
        for (int i = 0; i < 40; i++)
            BundleTestFiles.write(in, String.format("s%02d.txt", i), BundleTestFiles.text(3_000, i));
        Path out = tmp.resolve("sb");
        BundleWriter.write(in, out, BundleWriter.defaults().withRecordSize(RECORD));
        try (BundleArchive a = BundleTestFiles.open(out)) {
            for (FileListing.Entry e : a.entries())
                assertEquals(
                        ByteRange.NONE, a.content(e).stored(), e.name() + " shares its record: nothing of its own");
            ExportReport r = BundleTestFiles.exportAll(a, tmp.resolve("x"));
            assertEquals(40, r.exported().size(), r::toString);
            assertTrue(r.overlaps().isEmpty());
        }
    }
}
