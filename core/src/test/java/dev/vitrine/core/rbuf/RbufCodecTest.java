package dev.vitrine.core.rbuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.json.Json;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RbufCodecTest {

    @Test
    void everyFieldTypeRoundTrips() throws Exception {
        RbufIr ir = RbufTestIr.ir();
        RbufIr.SchemaDef s = ir.schema(RbufTestIr.EVERY_TYPE);
        for (int seed = 0; seed < 300; seed++) {
            RValue.Obj v = RbufTestIr.generate(ir, s, new Random(seed), 0);
            byte[] bytes = RbufEncoder.encode(ir, v);
            RValue.Obj back = RbufDecoder.decodeExactly(ir, RbufTestIr.EVERY_TYPE, bytes);
            assertArrayEquals(bytes, RbufEncoder.encode(ir, back), "seed " + seed);
            assertEquals(RbufJson.toJson(v), RbufJson.toJson(back), "seed " + seed);
        }
    }

    @Test
    void irWritesAndParsesBack() {
        RbufIr ir = RbufTestIr.ir();
        String json = ir.toJson();
        assertEquals(json, RbufIr.parse(json).toJson());
        assertFalse(json.contains(" "));
        assertTrue(json.startsWith(
                "{\"schemas\":[{\"name\":\"EveryType\",\"object_namespace\":\"demo::sensors\",\"fields\":["));
        // D12: closure of Pose is Pose alone; of EveryType is EveryType, Pose, Packed and both enums in order of
        // reference
        assertEquals(
                List.of("Pose"),
                ir.closure("demo::sensors::Pose").schemas().stream()
                        .map(RbufIr.SchemaDef::name)
                        .toList());
        RbufIr c = ir.closure(RbufTestIr.EVERY_TYPE);
        assertEquals(
                List.of("EveryType", "Pose", "Packed"),
                c.schemas().stream().map(RbufIr.SchemaDef::name).toList());
        assertEquals(
                List.of("Mode", "Caps"),
                c.enums().stream().map(RbufIr.EnumDef::name).toList());
    }

    @Test
    void headersAndGroupsFollowD2D3D4() throws Exception {
        RbufIr ir = RbufTestIr.ir();
        RValue.Obj pose = new RValue.Obj(
                ir.schema("demo::sensors::Pose"), Map.of("x", new RValue.Real(RbufType.DOUBLE, 1.0)), List.of(0));
        byte[] b = RbufEncoder.encode(ir, pose);
        assertEquals(0xD5, b[0] & 0xff);
        assertEquals(0xE0, b[17] & 0xff); // last (only) group
        assertEquals(0, b[18]);
        assertEquals(4, b[19]); // size of an empty string
        assertEquals(1 + 16 + 6 + 4, b.length);
        // Unknown group ids are skipped by size; unread bytes at a known group's end are skipped.
        byte[] withUnknown = Arrays.copyOf(b, b.length + 9);
        withUnknown[17] = (byte) 0xE4;
        byte[] extra = {(byte) 0xE0, 9, 3, 0, 0, 0, 1, 2, 3};
        System.arraycopy(extra, 0, withUnknown, b.length, 9);
        RValue.Obj back = RbufDecoder.decodeExactly(ir, "demo::sensors::Pose", withUnknown);
        assertEquals(List.of(0), back.groups());
        // A header with the spec's 0x08 bit also announces groups.
        byte[] spec = b.clone();
        spec[0] = (byte) 0xD9;
        assertEquals(
                List.of(0),
                RbufDecoder.decodeExactly(ir, "demo::sensors::Pose", spec).groups());
        // Absent group: fields left out of the JSON.
        byte[] noGroups = Arrays.copyOf(b, 17);
        noGroups[0] = (byte) 0xD1;
        JsonNode j = RbufJson.toJson(RbufDecoder.decodeExactly(ir, "demo::sensors::Pose", noGroups));
        assertEquals("{\"x\":1.0,\"y\":0.0}", j.toString());
    }

    @Test
    void jsonFormIsPinned() throws Exception {
        RbufIr ir = RbufTestIr.ir();
        var s = ir.schema(RbufTestIr.EVERY_TYPE);
        Map<String, RValue> f = new LinkedHashMap<>();
        f.put("u64", new RValue.Int(RbufType.UINT64, -1L));
        f.put("f", new RValue.Real(RbufType.FLOAT, 0.1f));
        f.put("d", new RValue.Real(RbufType.DOUBLE, Double.NaN));
        f.put("blob", new RValue.Bytes(new byte[] {1, 2}));
        f.put("id", new RValue.GuidValue(Guid.parse("aabbccdd-eeff-0011-2233-445566778899")));
        f.put("mode", new RValue.Enum(ir.enumDef("demo::sensors::Mode"), 7));
        f.put("caps", new RValue.Enum(ir.enumDef("demo::sensors::Caps"), 11));
        f.put("old", new RValue.Int(RbufType.UINT32, 5));
        f.put(
                "by_mode",
                new RValue.Dict(List.of(
                        Map.entry(new RValue.Enum(ir.enumDef("demo::sensors::Mode"), 1), new RValue.Bool(true)))));
        RValue.Obj v = new RValue.Obj(s, f, List.of(1, 0));
        byte[] bytes = RbufEncoder.encode(ir, v);
        JsonNode j = RbufJson.toJson(RbufDecoder.decodeExactly(ir, RbufTestIr.EVERY_TYPE, bytes));
        assertEquals("18446744073709551615", j.get("u64").toString());
        assertEquals("0.10000000149011612", j.get("f").toString());
        assertEquals("\"NaN\"", j.get("d").toString());
        assertEquals("\"AQI=\"", j.get("blob").toString());
        assertEquals("\"aabbccdd-eeff-0011-2233-445566778899\"", j.get("id").toString());
        assertEquals("\"Fault\"", j.get("mode").toString());
        assertEquals("[\"Lidar\",\"Camera\",\"Both\",\"Imu\"]", j.get("caps").toString());
        assertEquals("{\"Run\":true}", j.get("by_mode").toString());
        assertFalse(j.has("old"));
        assertFalse(j.has("gone"));
        assertTrue(j.get("maybe").isNull());
        assertEquals(
                "{\"index\":0,\"type\":null,\"value\":null}", j.get("shape").toString());
        assertTrue(j.has("note") && j.has("extra"));
        // guid wire form
        int idAt = 1 + 1 + 1 + 2 + 2 + 4 + 4 + 8 + 8 + 4 + 8 + 1 + 4 + 4 + 2;
        assertEquals(
                "11 00 ff ee dd cc bb aa 99 88 77 66 55 44 33 22", hex(Arrays.copyOfRange(bytes, idAt, idAt + 16)));
        assertEquals(
                "2", RbufJson.enumJson(ir.enumDef("demo::sensors::Mode"), 2).toString());
        assertEquals(
                "[]", RbufJson.enumJson(ir.enumDef("demo::sensors::Caps"), 0).toString());
        assertEquals(
                "20", RbufJson.enumJson(ir.enumDef("demo::sensors::Caps"), 20).toString());
    }

    @Test
    void damageIsAnExceptionWithOffset() throws Exception {
        RbufIr ir = RbufTestIr.ir();
        RValue.Obj v = RbufTestIr.generate(ir, ir.schema(RbufTestIr.EVERY_TYPE), new Random(3), 0);
        byte[] bytes = RbufEncoder.encode(ir, v);
        for (int cut = 0; cut < bytes.length; cut++) {
            byte[] part = Arrays.copyOf(bytes, cut);
            RbufException e =
                    assertThrows(RbufException.class, () -> RbufDecoder.decodeExactly(ir, RbufTestIr.EVERY_TYPE, part));
            assertTrue(e.offset() >= 0 && e.offset() <= cut, e.getMessage());
        }
        byte[] bad = bytes.clone();
        bad[0] = 0x11;
        assertEquals(
                0,
                assertThrows(RbufException.class, () -> RbufDecoder.decode(ir, RbufTestIr.EVERY_TYPE, bad))
                        .offset());
        byte[] more = Arrays.copyOf(bytes, bytes.length + 1);
        assertThrows(RbufException.class, () -> RbufDecoder.decodeExactly(ir, RbufTestIr.EVERY_TYPE, more));
    }

    @Test
    void containerRoundTrips() throws Exception {
        byte[] file = RbufFile.write(new byte[] {(byte) 0xD1, 1}, "demo::X", "{\"schemas\":[],\"enums\":[]}");
        RbufFile f = RbufFile.parse(file);
        assertEquals(2, f.contentSize());
        assertEquals("demo::X", f.typeName());
        assertEquals(file.length, f.contentSize() + f.trailerBlockSize() + RbufFile.TAIL);
        byte[] bad = file.clone();
        bad[bad.length - 1] ^= 1;
        assertThrows(RbufException.class, () -> RbufFile.parse(bad));
    }

    @Test
    void guidText() {
        Guid g = Guid.parse("AABBCCDD-EEFF-0011-2233-445566778899");
        assertEquals("aabbccdd-eeff-0011-2233-445566778899", g.toString());
        assertFalse(Guid.isGuidText("AABBCCDD-EEFF-0011-2233-445566778899"));
        assertThrows(IllegalArgumentException.class, () -> Guid.parse("../../etc/passwd"));
        assertEquals(
                Json.MAPPER.createObjectNode().put("g", g.toString()).get("g").asText(), g.toString());
    }

    static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        for (byte x : b) sb.append(sb.isEmpty() ? "" : " ").append(String.format("%02x", x & 0xff));
        return sb.toString();
    }
}
