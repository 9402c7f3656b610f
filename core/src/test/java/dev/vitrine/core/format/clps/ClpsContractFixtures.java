package dev.vitrine.core.format.clps;

import static dev.vitrine.core.contract.Sweep.*;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.contract.ContractFixture;
import dev.vitrine.core.contract.ContractFixtures;
import dev.vitrine.core.contract.Nodes;
import dev.vitrine.core.contract.SingleFileFixture;
import dev.vitrine.core.contract.Sweep;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Node;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * A small v0.5.0 archive. clp-s has no checksum: its sections are zstd frames written without
 * the optional content checksum. Covered, so every flip there is reported: the header (magic,
 * version, sizes) except the input's size (bytes 8 and 9: nothing in the archive can confirm
 * it, so only implausible values are caught), and each dictionary's entry count; each
 * files-section frame's magic and header flipped by 0x80 (other values of its window byte still
 * decode). The metadata frame's flips are reported or only change the
 * text of a string (its decoded bytes keep their size and differ only in text); the rest of
 * each frame is survived. Every cut, and bytes appended, are reported. The old sweep's changes
 * stay: the header flipped three ways, the metadata frame two, the frames' heads by 0x80, the
 * dictionary counts by 0x01 and the rest of each frame by 0x55.
 */
public final class ClpsContractFixtures implements ContractFixtures {
    static final String SMALL = "v0.5.0/archives/floats.clps";
    static final int HEADER = 64;

    @Override
    public List<ContractFixture> fixtures() throws Exception {
        byte[] good = ClpsTestFiles.bytes(SMALL);
        SingleFileFixture f = new SingleFileFixture("clps", SMALL, good);
        ByteRange meta;
        List<ByteRange> entries = new ArrayList<>();
        List<String> names = new ArrayList<>();
        byte[] goodMeta;
        try (Archive a = f.open(good, Limits.DEFAULT)) {
            meta = Nodes.range(a.root(), "metadata section");
            goodMeta = metadata(a);
            for (Node e : Nodes.children(Nodes.child(a.root(), "files section"))) {
                entries.add(e.range());
                names.add(e.name());
            }
        }
        BitSet covered = new BitSet();
        covered.set(0, HEADER);
        covered.clear(8, 10);
        List<Sweep.Change> heads = new ArrayList<>();
        List<Sweep.Change> rest = new ArrayList<>();
        for (int k = 0; k < entries.size(); k++) {
            ByteRange e = entries.get(k);
            boolean dict = names.get(k).endsWith(".dict");
            long frame = e.offset() + (dict ? 8 : 0);
            if (frame >= e.end()) continue;
            // Frame magic, header and first block header always damage the frame; byte 4 holds
            // descriptor bits that do not matter when clear (reserved, single-segment).
            for (long i = frame; i < Math.min(e.end(), frame + 8); i++) {
                if (i == frame + 4) continue;
                heads.addAll(bytes("", good, new int[] {(int) i}, xor(0x80)).changes());
            }
            if (dict) {
                covered.set((int) e.offset(), (int) e.offset() + 8);
                heads.addAll(bytes("", good, range(e.offset(), e.offset() + 8), xor(0x01))
                        .changes());
            }
            rest.addAll(bytes("", good, range(frame + 8, e.end()), xor(0x55)).changes());
        }
        List<Sweep.Change> header = new ArrayList<>();
        for (int i = 0; i < HEADER; i++) {
            for (int mask : new int[] {0x01, 0x10, 0x80}) {
                if (i == 8 || (i == 9 && mask != 0x80)) continue; // the input's size, see above
                if (i == 4 && mask == 0x01) continue; // 0.5.1: another real version with the same layout
                header.addAll(bytes("", good, new int[] {i}, xor(mask)).changes());
            }
        }
        Sweep.Unreported onlyText = c -> {
            try (Archive a = f.open(c.bytes(), Limits.DEFAULT)) {
                byte[] m = metadata(a);
                assertTrue(m != null && m.length == goodMeta.length, "changed the metadata's size unnoticed");
                assertTrue(onlyStringBytesDiffer(goodMeta, m), "changed more than text, unnoticed");
            }
        };
        f.covered(covered::get).extra(g -> {
            byte[] longer = Arrays.copyOf(g, g.length + 3);
            return List.of(
                    Sweep.of("header, every byte flipped 3 ways", header),
                    bytes(
                                    "metadata frame, every byte flipped 2 ways",
                                    g,
                                    range(meta.offset(), meta.end()),
                                    xor(0x01),
                                    xor(0x80))
                            .safe(0.75, onlyText),
                    Sweep.of("each files-section frame's head, each dictionary's count", heads),
                    Sweep.of("the rest of each frame, xor 0x55", rest).safe(),
                    Sweep.of("3 bytes appended", List.of(new Sweep.Change("3 bytes appended", longer))));
        });
        return List.of(f);
    }

    /** The decoded metadata frame, read through its first packet's decoded bytes; null when it does not decode. */
    private static byte[] metadata(Archive a) throws IOException {
        try {
            Node section = Nodes.child(a.root(), "metadata section");
            List<Node> packets = Nodes.children(section);
            if (packets.isEmpty() || packets.getFirst().decoded().isEmpty()) return null;
            try (ByteSource s = packets.getFirst().decoded().get().open()) {
                return s.read(0, (int) s.size());
            }
        } catch (FormatException | AssertionError e) {
            return null;
        }
    }

    /** Differences only at bytes that are text in the original: printable there, printable or not UTF-8 in the copy. */
    private static boolean onlyStringBytesDiffer(byte[] a, byte[] b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i] && !(printable(a[i]) && (printable(b[i]) || b[i] < 0))) return false;
        }
        return true;
    }

    private static boolean printable(byte x) {
        return x >= 0x20 && x < 0x7f;
    }
}
