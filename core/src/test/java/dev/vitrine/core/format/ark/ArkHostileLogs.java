package dev.vitrine.core.format.ark;

import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufIr;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Hostile Ark logs for tests (and by hand: {@code main}): index entries that all name one
 * message, and a message whose zstd payload inflates far past the limits.
 */
public final class ArkHostileLogs {
    private ArkHostileLogs() {}

    /** The one split file of {@code root}. */
    public static Path split(Path root) throws IOException {
        try (var s = Files.list(root.resolve("splits"))) {
            return s.sorted().findFirst().orElseThrow();
        }
    }

    /**
     * One channel "/alias" (column "none") whose {@code entries} index entries all name the
     * first message, of {@code messageBytes} letters; the other messages' bytes stay, unnamed.
     */
    public static Path aliases(Path root, int entries, int messageBytes) throws IOException {
        RbufIr ir = RbufIr.parse(ArkExpandingLog.IR);
        try (ArkWriter w = new ArkWriter(root, "aliases")) {
            ArkWriter.Column c = w.column("all", "none").splitEvery(entries);
            ArkWriter.Channel ch = c.channel("/alias", ir, "test::Blob", false);
            for (int i = 0; i < entries; i++)
                ch.write(1_000_000_000L + i, blob(ir, i == 0 ? "x".repeat(messageBytes) : ""));
        }
        Path split = split(root);
        byte[] b = Files.readAllBytes(split);
        ArkSplit s = new ArkSplit(null, null, dev.vitrine.core.io.MappedFileSource.ofBytes("split", b));
        long first = ArkSplit.le(b, (int) s.indexOffset + 8, 4);
        long size = ArkSplit.le(b, (int) s.indexOffset + 12, 4);
        for (int i = 1; i < entries; i++) {
            int e = (int) s.indexOffset + i * ArkSchemas.INDEX_ENTRY_SIZE;
            ArkWriter.putLe(b, e + 8, first, 4);
            ArkWriter.putLe(b, e + 12, size, 4);
        }
        Files.write(split, b);
        return root;
    }

    /**
     * Channel "/a" (column "zstd") with messages at 1, 2 and 3 s, the one at 2 s a zstd frame
     * of {@code zeros} zero bytes that does not state its size: it must be inflated to find out.
     */
    public static Path zstdBomb(Path root, long zeros) throws IOException {
        return withStored(root, bomb(zeros));
    }

    /** As {@link #zstdBomb}, with {@code stored} as the stored bytes of the message at 2 s. */
    public static Path withStored(Path root, byte[] stored) throws IOException {
        RbufIr ir = RbufIr.parse(ArkExpandingLog.IR);
        try (ArkWriter w = new ArkWriter(root, "bomb")) {
            ArkWriter.Column c = w.column("all", "zstd");
            ArkWriter.Channel ch = c.channel("/a", ir, "test::Blob", false);
            ch.write(1_000_000_000L, blob(ir, "before"));
            c.add(ch, 2_000_000_000L, stored);
            ch.write(3_000_000_000L, blob(ir, "after"));
        }
        return root;
    }

    static byte[] bomb(long zeros) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var z = new com.github.luben.zstd.ZstdOutputStream(out)) {
            z.setLevel(3);
            byte[] chunk = new byte[1 << 20];
            for (long left = zeros; left > 0; left -= chunk.length)
                z.write(chunk, 0, (int) Math.min(chunk.length, left));
        }
        return out.toByteArray();
    }

    static RValue.Obj blob(RbufIr ir, String text) {
        return new RValue.Obj(ir.schema("test::Blob"), Map.of("text", new RValue.Str(text)), List.of());
    }

    /** {@code aliases DIR ENTRIES BYTES} or {@code bomb DIR ZEROS}: makes one by hand, for measuring. */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[1]);
        if (args[0].equals("aliases")) aliases(dir, Integer.parseInt(args[2]), Integer.parseInt(args[3]));
        else zstdBomb(dir, Long.parseLong(args[2]));
    }
}
