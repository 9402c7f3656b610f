package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flips every byte of a small log (manifest and splits) and truncates every split at many
 * lengths: nothing throws, and damage where the format can see it (split headers, index
 * offsets and sizes, compressed frames with their checksums, the manifest's tail) is reported.
 */
class ArkCorruptionSweepTest {
    @TempDir
    Path tmp;

    @Test
    void everyFlippedByteIsSafeAndDetectableDamageIsReported() throws Exception {
        ArkTestLogs.writeSmall(tmp, 3);
        List<Path> files = new ArrayList<>(ArkDamageTest.splits(tmp));
        files.add(ArkDamageTest.manifest(tmp));
        List<String> missed = new ArrayList<>();
        for (Path f : files) {
            byte[] orig = Files.readAllBytes(f);
            List<long[]> required = required(f, orig);
            // Every third byte (a different third per file) keeps the sweep quick; the fuzz tests cover the rest.
            for (int i = files.indexOf(f) % 3; i < orig.length; i += 3) {
                if (isZeroPadding(f, orig, i)) continue;
                byte[] b = orig.clone();
                b[i] ^= (byte) 0xff;
                Files.write(f, b);
                List<Problem> ps = ArkDamageTest.exercise(tmp, false);
                boolean req = false;
                for (long[] r : required) req |= i >= r[0] && i < r[1];
                if (req && ps.isEmpty()) missed.add(f.getFileName() + "@" + i);
            }
            Files.write(f, orig);
        }
        assertFalse(missed.size() > 0, "undetected flips: " + missed);
    }

    @Test
    void truncationsAreSafeAndReported() throws Exception {
        ArkTestLogs.writeSmall(tmp, 3);
        for (Path f : ArkDamageTest.splits(tmp)) {
            byte[] orig = Files.readAllBytes(f);
            for (int len = 0; len < orig.length; len += Math.max(1, orig.length / 97)) {
                Files.write(f, java.util.Arrays.copyOf(orig, len));
                assertFalse(ArkDamageTest.exercise(tmp, false).isEmpty(), f.getFileName() + " cut at " + len);
            }
            Files.write(f, orig);
        }
    }

    /** Zero bytes between a split's header and 1024 are not read by anything (D15). */
    private boolean isZeroPadding(Path f, byte[] orig, int i) throws Exception {
        return orig[i] == 0 && f.getParent().getFileName().toString().equals("splits") && i < 1024 && i > 200;
    }

    /** Byte ranges where a flip must be reported. */
    private List<long[]> required(Path f, byte[] orig) throws Exception {
        List<long[]> r = new ArrayList<>();
        if (f.getParent().getFileName().toString().equals("manifests")) {
            r.add(new long[] {orig.length - 29, orig.length});
            return r;
        }
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            ArkSplit s = a.split(FileRef.of("splits/" + f.getFileName()));
            ArkLog.SplitDecl sd = a.primary().splits().stream()
                    .filter(d -> d.ref().equals(s.ref()))
                    .findFirst()
                    .orElseThrow();
            r.add(new long[] {0, s.headerLength()});
            for (ArkSplit.Entry e : s.entries(0, (int) s.entryCount())) {
                r.add(new long[] {e.position() + 8, e.position() + 17}); // offset, size, object id
                if (sd.column().codec != ArkCodec.NONE) r.add(new long[] {e.offset(), e.end()});
            }
        }
        return r;
    }
}
