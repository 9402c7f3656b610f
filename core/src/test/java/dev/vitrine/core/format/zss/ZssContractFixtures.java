package dev.vitrine.core.format.zss;

import static dev.vitrine.core.contract.Sweep.*;

import dev.vitrine.core.contract.ContractFixture;
import dev.vitrine.core.contract.ContractFixtures;
import dev.vitrine.core.contract.SingleFileFixture;
import dev.vitrine.core.model.Severity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every ZSS and ZS fixture under 2 KiB, and recs1000-none. Every byte is covered, so every flip
 * and cut must be reported with an ERROR: in a ZSS/ZS file every byte belongs to the header or
 * to a block (bytes between the header and the first block, or after the last, are themselves
 * damage), and
 * <ul>
 * <li>magic (0..7): compared with the format's magic;
 * <li>header_length (8..15): not CRC-covered, but it places the header CRC, which then no
 *     longer matches (or lies past the end of the file);
 * <li>header data (root offset and length, total length, SHA-256 of the data, codec, metadata
 *     length, metadata, extension bytes) and the header CRC: CRC-64 covered;
 * <li>each block's uleb128 length prefix: not CRC-covered, but it bounds the CRC's range and
 *     places the next block, so a changed length fails that CRC or the framing after it;
 * <li>each block's level byte, payload and CRC, extension blocks included: CRC-64 covered;
 * <li>any truncation: total_file_length no longer equals the file size.
 * </ul>
 * The broken fixtures stay broken under one more change (none is one byte away from a good
 * file), so for them too every change must give an ERROR. Each byte is also changed by +1,
 * and recs1000-none at every 89th byte by xor 0x40, as the old sweep did.
 */
public final class ZssContractFixtures implements ContractFixtures {
    @Override
    public List<ContractFixture> fixtures() throws Exception {
        Path root = ZssTestSupport.fixture("SOURCE.md").getParent();
        List<String> names;
        try (Stream<Path> s = Files.walk(root)) {
            names = s.filter(p -> p.toString().endsWith(".zss") || p.toString().endsWith(".zs"))
                    .filter(p -> p.toFile().length() < 2048)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted()
                    .toList();
        }
        List<ContractFixture> out = new ArrayList<>();
        for (String name : names) {
            // bz2 and LZMA2 decoders allocate megabytes per block (the reference fixtures say
            // "BZh9"), so for those every change gets the core checks and every 4th the full walk.
            boolean slow = name.contains("bz2")
                    || name.contains("lzma")
                    || name.contains("tiny-4grams")
                    || name.contains("cli-make");
            SingleFileFixture f = zss(name, ZssTestSupport.readAll(root.resolve(name)));
            f.thoroughEvery(slow ? 4 : 1)
                    .extra(g -> List.of(bytes("every byte + 1, reported", g, range(0, g.length), v -> v + 1)));
            if (name.contains("broken-files/") && !name.contains("/good-")) f.broken();
            out.add(f);
        }
        out.add(zss("generated/recs1000-none.zss", ZssTestSupport.readAll(root.resolve("generated/recs1000-none.zss")))
                .extra(g ->
                        List.of(bytes("every 89th byte xor 0x40, reported", g, every(0, g.length, 89), xor(0x40)))));
        return out;
    }

    private static SingleFileFixture zss(String name, byte[] bytes) {
        SingleFileFixture f = new SingleFileFixture(name.endsWith(".zs") ? "zs" : "zss", name, bytes);
        f.limits(ZssTestSupport.SMALL_LIMITS).reportedAs(Severity.ERROR).strict();
        return f;
    }
}
