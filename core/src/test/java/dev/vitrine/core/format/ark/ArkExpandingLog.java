package dev.vitrine.core.format.ark;

import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufIr;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A log whose messages decompress far beyond its size (export tests): channel "/a/small" with a
 * few short messages, and "/bomb" whose messages each hold a long run of one letter, which zstd
 * stores in a few dozen bytes.
 */
public final class ArkExpandingLog {
    private ArkExpandingLog() {}

    static final String IR = """
            {"schemas":[{"name":"Blob","object_namespace":"test","fields":[{"name":"text","type":"string"}],"groups":[]}],"enums":[]}""";

    /** Writes the log; each of {@code messages} "/bomb" messages holds {@code letters} letters. */
    public static Path write(Path root, int messages, int letters) throws IOException {
        RbufIr ir = RbufIr.parse(IR);
        try (ArkWriter w = new ArkWriter(root, "expanding")) {
            ArkWriter.Column c = w.column("all", "zstd");
            ArkWriter.Channel small = c.channel("/a/small", ir, "test::Blob", false);
            ArkWriter.Channel bomb = c.channel("/bomb", ir, "test::Blob", false);
            String text = "x".repeat(letters);
            for (int i = 0; i < messages; i++) {
                long t = 1_000_000_000L + i * 1_000_000L;
                if (i < 3) small.write(t, blob(ir, "small " + i));
                bomb.write(t + 1, blob(ir, text));
            }
        }
        return root;
    }

    private static RValue.Obj blob(RbufIr ir, String text) {
        return new RValue.Obj(ir.schema("test::Blob"), Map.of("text", new RValue.Str(text)), List.of());
    }
}
