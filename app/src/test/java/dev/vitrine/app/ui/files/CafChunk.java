package dev.vitrine.app.ui.files;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds CAF chunks for tests the way the reference writer does (data, compact JSON index,
 * u32 LE index size), including hostile ones: names are written as given, ranges as told.
 */
public final class CafChunk {
    private final ByteArrayOutputStream data = new ByteArrayOutputStream();
    private final List<String> index = new ArrayList<>();

    /** Appends {@code bytes} and an entry covering them. */
    public CafChunk add(String name, byte[] bytes) {
        long start = data.size();
        data.writeBytes(bytes);
        return entry(name, start, data.size());
    }

    CafChunk add(String name, String text) {
        return add(name, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Appends bytes no entry covers yet (entries for them come through {@link #entry}). */
    public CafChunk data(byte[] bytes) {
        data.writeBytes(bytes);
        return this;
    }

    /** An index entry with any range (it may point anywhere). */
    public CafChunk entry(String name, long start, long end) {
        index.add(json(name) + ":{\"start_byte\":" + start + ",\"end_byte\":" + end + "}");
        return this;
    }

    byte[] bytes() {
        byte[] idx = ("{\"format_version\":\"1.0\",\"files\":{" + String.join(",", index) + "}}")
                .getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(data.toByteArray());
        out.writeBytes(idx);
        out.writeBytes(ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(idx.length)
                .array());
        return out.toByteArray();
    }

    public Path write(Path file) throws IOException {
        return Files.write(file, bytes());
    }

    public static Archive open(Path file) throws IOException {
        return FormatRegistry.get().open(file, Limits.DEFAULT);
    }

    private static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }
}
