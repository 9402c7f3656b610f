package dev.vitrine.app.ui.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The data inspector's readings of known bytes. */
class ByteInspectorTest {
    private static Map<String, String> read(int... bytes) {
        Map<String, String> m = new LinkedHashMap<>();
        for (ByteInspector.Reading r : ByteInspector.read(bytes)) m.put(r.name(), r.value());
        return m;
    }

    @Test
    void integersInBothOrdersSignedAndUnsigned() {
        Map<String, String> m = read(0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f);
        assertEquals("254", m.get("u8"));
        assertEquals("-2", m.get("i8"));
        assertEquals("65534", m.get("u16 LE"));
        assertEquals("-2", m.get("i16 LE"));
        assertEquals("65279", m.get("u16 BE"));
        assertEquals("4294967294", m.get("u32 LE"));
        assertEquals("-2", m.get("i32 LE"));
        assertEquals("9223372036854775806", m.get("u64 LE"));
        assertEquals("9223372036854775806", m.get("i64 LE"));
        assertEquals("18374686479671623551", m.get("u64 BE"));
        assertEquals("-72057594037928065", m.get("i64 BE"));
    }

    @Test
    void floatsAndTimes() {
        // 1.5f little-endian is 00 00 c0 3f; 1_700_000_000 s is 0x6553f100.
        Map<String, String> f = read(0x00, 0x00, 0xc0, 0x3f);
        assertEquals("1.5", f.get("float LE"));
        assertEquals("…", f.get("double LE"), "a double needs 8 bytes");
        Map<String, String> t = read(0x00, 0xf1, 0x53, 0x65);
        assertEquals("2023-11-14T22:13:20Z", t.get("time u32 LE (s)"));
        long ms = 1_700_000_000_123L;
        int[] b = new int[8];
        for (int i = 0; i < 8; i++) b[i] = (int) (ms >>> (8 * i)) & 0xff;
        assertEquals("2023-11-14T22:13:20.123Z", read(b).get("time i64 LE (ms)"));
        assertEquals("—", read(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff).get("time i64 LE (s)"), "not a time");
    }

    @Test
    void bytesNotLoadedOrPastTheEndReadAsUnknown() {
        Map<String, String> m = read(0x41, -1, 0x42);
        assertEquals("65", m.get("u8"));
        assertEquals("…", m.get("u16 LE"));
        assertEquals("…", m.get("u32 BE"));
    }
}
