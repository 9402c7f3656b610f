package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Problem;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Damage to a small archive: every byte of the header and of the metadata frame flipped, bytes
 * flipped inside each files-section frame, and the file cut at many lengths. Each damaged copy
 * must open, walk, decode and verify without an exception, every problem must lie inside the
 * file, and verify must report the damage. The frames carry no checksum, so a flip that only
 * changes the text of a string (a file name, a dictionary entry) decodes to other valid data:
 * such flips are accepted only when the damaged archive still decodes to the same structure.
 */
class ClpsCorruptionSweepTest {
    static final String SMALL = "v0.5.0/archives/floats.clps";

    @Test
    void everyHeaderByteFlipIsReported() throws Exception {
        byte[] good = ClpsTestFiles.bytes(SMALL);
        for (int i = 0; i < ClpsHeader.SIZE; i++) {
            for (int mask : new int[] {0x01, 0x10, 0x80}) {
                // original_uncompressed_size (8-15) is the size of the input JSON: nothing in the
                // archive can confirm it, so only implausible values are caught, not small changes.
                if (i == 8 || (i == 9 && mask != 0x80)) continue;
                // A patch-version flip to 0.5.1 names another real version with the same layout.
                if (i == 4 && mask == 0x01) continue;
                byte[] b = good.clone();
                b[i] ^= (byte) mask;
                assertTrue(exercise(b), "flip of header byte " + i + " by " + mask + " went unnoticed");
            }
        }
    }

    @Test
    void everyMetadataFrameByteFlipIsReportedOrOnlyChangesText() throws Exception {
        byte[] good = ClpsTestFiles.bytes(SMALL);
        long mss;
        byte[] goodMeta;
        try (ClpsArchive a = ClpsTestFiles.open(good)) {
            mss = a.header.metadataSectionSize();
            goodMeta = a.metadataBytes;
        }
        int reported = 0, textOnly = 0;
        for (int i = ClpsHeader.SIZE; i < ClpsHeader.SIZE + mss; i++) {
            for (int mask : new int[] {0x01, 0x80}) {
                byte[] b = good.clone();
                b[i] ^= (byte) mask;
                if (exercise(b)) {
                    reported++;
                } else {
                    textOnly++;
                    try (ClpsArchive a = ClpsTestFiles.open(b)) {
                        assertTrue(
                                a.metadataBytes != null && a.metadataBytes.length == goodMeta.length,
                                "flip at " + i + " changed the metadata's size unnoticed");
                        assertTrue(
                                onlyStringBytesDiffer(goodMeta, a.metadataBytes),
                                "flip at " + i + " changed more than text, unnoticed: "
                                        + diff(goodMeta, a.metadataBytes));
                    }
                }
            }
        }
        assertTrue(reported > 3 * textOnly, "reported " + reported + ", unnoticed text changes " + textOnly);
    }

    /**
     * Differences only at text bytes (inside strings): printable in the original, printable or
     * not UTF-8 in the flipped copy (strings that are not UTF-8 are read with their bytes, as clp-s does).
     */
    private static boolean onlyStringBytesDiffer(byte[] a, byte[] b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i] && !(printable(a[i]) && (printable(b[i]) || b[i] < 0))) return false;
        }
        return true;
    }

    private static String diff(byte[] a, byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length; i++)
            if (a[i] != b[i])
                sb.append(i)
                        .append(':')
                        .append(a[i] & 0xff)
                        .append("->")
                        .append(b[i] & 0xff)
                        .append(' ');
        return sb + " in " + new String(a, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static boolean printable(byte x) {
        return x >= 0x20 && x < 0x7f;
    }

    @Test
    void flipsInsideEachFilesSectionFrameAreReported() throws Exception {
        byte[] good = ClpsTestFiles.bytes(SMALL);
        List<ClpsFileEntry> files;
        try (ClpsArchive a = ClpsTestFiles.open(good)) {
            files = a.files;
        }
        for (ClpsFileEntry e : files) {
            boolean dict = e.name().endsWith(".dict");
            long frame = e.offset() + (dict ? 8 : 0);
            long end = e.offset() + e.size();
            if (frame >= end) continue;
            // Frame magic, header and first block header: always damage the frame.
            for (long i = frame; i < Math.min(end, frame + 8); i++) {
                if (i == frame + 4)
                    continue; // frame descriptor bits that do not matter when clear (reserved, single-segment)
                byte[] b = good.clone();
                b[(int) i] ^= (byte) 0x80;
                assertTrue(exercise(b), e.name() + ": flip at " + i + " went unnoticed");
            }
            if (dict) {
                for (int i = 0; i < 8; i++) {
                    byte[] b = good.clone();
                    b[(int) e.offset() + i] ^= 0x01;
                    assertTrue(exercise(b), e.name() + ": flip of its entry count at byte " + i + " went unnoticed");
                }
            }
            // Everywhere else in the frame: no exception, offsets inside the file.
            for (long i = frame + 8; i < end; i++) {
                byte[] b = good.clone();
                b[(int) i] ^= (byte) 0x55;
                exercise(b);
            }
        }
    }

    @Test
    void everyTruncationIsReported() throws Exception {
        byte[] good = ClpsTestFiles.bytes(SMALL);
        for (int len = 0; len < good.length; len++) {
            assertTrue(exercise(Arrays.copyOf(good, len)), "cut at " + len + " went unnoticed");
        }
        byte[] longer = Arrays.copyOf(good, good.length + 3);
        assertTrue(exercise(longer), "bytes appended went unnoticed");
    }

    /** Everything a user can do with {@code bytes}; returns whether any problem was reported. */
    static boolean exercise(byte[] bytes) throws Exception {
        try (ClpsArchive a = ClpsTestFiles.open(bytes)) {
            a.info();
            ClpsMadeArchivesTest.walk(a.root(), 0);
            for (FileListing.Entry e : a.entries()) e.name();
            try {
                a.records().writeJsonLines(null, OutputStream.nullOutputStream());
                a.records().table().rows(0, 10);
            } catch (java.io.IOException expected) {
                // damage stops decoding with a message; verify must say where
            }
            List<Problem> ps = ClpsTestFiles.verify(a);
            for (Problem p : ps) {
                assertTrue(
                        p.offset() >= -1 && p.offset() < Math.max(1, bytes.length), "problem outside the file: " + p);
                assertTrue(!p.message().startsWith("internal error"), "reader bug: " + p);
            }
            return !ps.isEmpty();
        }
    }
}
