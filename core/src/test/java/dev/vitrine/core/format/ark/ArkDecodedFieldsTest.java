package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.TimedMessages;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message's decoded value knows where each of its fields lies in the decompressed payload, so
 * the window frames a field's bytes beside the compressed frame: the bytes at a field's range
 * are that field's encoding.
 */
class ArkDecodedFieldsTest {
    @TempDir
    Path tmp;

    @Test
    void eachFieldOfADecodedMessageFramesItsOwnBytesInThePayload() throws Exception {
        ArkTestLogs.writeSmall(tmp, 5);
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            List<TimedMessages.Message> poses = new java.util.ArrayList<>();
            try (TimedMessages.Cursor c = a.messages(List.of("/pose/a"), Long.MIN_VALUE, Long.MAX_VALUE)) {
                while (c.hasNext()) poses.add(c.next());
            }
            assertEquals(5, poses.size());
            for (int i = 0; i < poses.size(); i++) {
                TimedMessages.Message m = poses.get(i);
                byte[] payload = m.payload();
                Node value = m.node().children(0, 1).getFirst();
                Decoded d = value.decoded().orElseThrow();
                assertEquals(m.range(), d.container(), "beside the message's compressed bytes");
                assertEquals(0, d.offset());
                assertEquals(payload.length, d.length(), "the whole value is the whole payload");
                Map<String, Field> fields =
                        d.fields().stream().collect(Collectors.toMap(Field::name, Function.identity()));
                assertEquals(java.util.Set.of("x", "y", "frame"), fields.keySet());
                assertEquals(i, doubleAt(payload, fields.get("x")), 0.0);
                assertEquals(-i, doubleAt(payload, fields.get("y")), 0.0);
                Field frame = fields.get("frame");
                assertEquals(4 + 3, frame.range().length(), "a string's length prefix and its bytes");
                assertEquals("map", new String(payload, (int) frame.range().offset() + 4, 3, StandardCharsets.UTF_8));
                assertTrue(
                        fields.get("x").range().end() <= fields.get("y").range().offset(),
                        "fields in wire order, not overlapping");
            }
        }
    }

    @Test
    void aNestedObjectFramesItsBytesInsideItsParents() throws Exception {
        ArkTestLogs.writeSmall(tmp, 3);
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            TimedMessages.Message m;
            try (TimedMessages.Cursor c = a.messages(List.of("/sensors/every"), Long.MIN_VALUE, Long.MAX_VALUE)) {
                m = c.next();
            }
            Node value = m.node().children(0, 1).getFirst();
            Decoded outer = value.decoded().orElseThrow();
            Node pose = value.children(0, 100).stream()
                    .filter(n -> n.name().equals("pose"))
                    .findFirst()
                    .orElseThrow();
            Decoded inner = pose.decoded().orElseThrow();
            assertTrue(
                    inner.offset() > outer.offset()
                            && inner.offset() + inner.length() <= outer.offset() + outer.length(),
                    "inside the message's value");
            for (Field f : inner.fields()) {
                assertTrue(
                        f.range().offset() >= inner.offset() && f.range().end() <= inner.offset() + inner.length(),
                        f.name());
            }
        }
    }

    private static double doubleAt(byte[] payload, Field f) {
        assertEquals(8, f.range().length(), f.name());
        return ByteBuffer.wrap(payload, (int) f.range().offset(), 8)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getDouble();
    }
}
