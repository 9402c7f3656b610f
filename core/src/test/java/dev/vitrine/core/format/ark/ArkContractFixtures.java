package dev.vitrine.core.format.ark;

import dev.vitrine.core.contract.ContractFixture;
import dev.vitrine.core.contract.ContractFixtures;
import dev.vitrine.core.contract.FolderFixture;
import dev.vitrine.core.io.FileRef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A small log written by our writer (three columns: zstd, lz4, none; several splits each), each
 * split and the manifest a fixture of its own. Covered, so every flip there is reported: a
 * split's header (magic, lengths, the rbuf-encoded split header, all read and cross-checked),
 * each index entry's offset, size and object id, each compressed message (zstd and LZ4 frames
 * carry content sizes and checksums), and the manifest's last 29 bytes (its tail). Raw ("none")
 * payloads, the timestamps and the zero padding between a split's header and byte 1024 (read by
 * nothing, D15) have no check and are only survived. Every cut is reported. The tree walk runs
 * on every 4th change (the old sweep walked none); open, info, channels, JSON lines and verify on all.
 */
public final class ArkContractFixtures implements ContractFixtures {
    @Override
    public List<ContractFixture> fixtures() throws Exception {
        Path dir = Files.createTempDirectory("vitrine-ark-contract");
        dev.vitrine.core.testing.TempTrees.deleteOnExit(dir);
        Path root = dir.resolve("small-log");
        ArkTestLogs.writeSmall(root, 3);
        List<Path> files = new ArrayList<>(ArkDamageTest.splits(root));
        files.add(ArkDamageTest.manifest(root));
        List<ContractFixture> out = new ArrayList<>();
        for (Path f : files) {
            String rel = root.relativize(f).toString().replace('\\', '/');
            BitSet covered = covered(root, f, rel.startsWith("splits/"));
            // A third of the offsets of each file at least, as the old sweep flipped every third byte.
            int third = (int) Files.size(f) / 3;
            out.add(new FolderFixture("ark", root, rel)
                    .covered(covered::get)
                    .sample(Math.max(512, third))
                    .thoroughEvery(4));
        }
        return out;
    }

    /** Offsets where a flip must be reported. */
    private static BitSet covered(Path root, Path f, boolean split) throws Exception {
        BitSet r = new BitSet();
        if (!split) {
            int len = (int) Files.size(f);
            r.set(len - 29, len);
            return r;
        }
        try (ArkArchive a = ArkTestLogs.open(root)) {
            ArkSplit s = a.split(FileRef.of("splits/" + f.getFileName()));
            ArkLog.SplitDecl sd = a.primary().splits().stream()
                    .filter(d -> d.ref().equals(s.ref()))
                    .findFirst()
                    .orElseThrow();
            r.set(0, (int) s.headerLength());
            for (ArkSplit.Entry e : s.entries(0, (int) s.entryCount())) {
                r.set((int) e.position() + 8, (int) e.position() + 17); // offset, size, object id
                if (sd.column().codec != ArkCodec.NONE) r.set((int) e.offset(), (int) e.end());
            }
        }
        return r;
    }
}
