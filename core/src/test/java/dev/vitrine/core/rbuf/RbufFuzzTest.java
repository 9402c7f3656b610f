package dev.vitrine.core.rbuf;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.vitrine.core.format.ark.ArkSchemas;

/**
 * Decodes arbitrary bytes against our every-type IR and the Ark manifest IR, and re-encodes
 * what decodes. Under plain `mvn test` Jazzer runs only the seed corpus (RbufFuzzTestInputs/decode);
 * `JAZZER_FUZZ=1` fuzzes. Anything but an RbufException is a finding.
 */
class RbufFuzzTest {
    private static final RbufIr IR = RbufTestIr.ir();

    @FuzzTest(maxDuration = "60s")
    void decode(byte[] data) {
        try {
            RValue.Obj v = RbufDecoder.decode(IR, RbufTestIr.EVERY_TYPE, data);
            RbufJson.toJson(v);
            RbufEncoder.encode(IR, v);
        } catch (RbufException expected) {
            // damage, with an offset
        }
        try {
            RValue.Obj v = RbufDecoder.decode(ArkSchemas.MANIFEST_IR, ArkSchemas.MANIFEST, data);
            RbufJson.toJson(v);
        } catch (RbufException expected) {
            // damage, with an offset
        }
        try {
            RbufFile.parse(data);
        } catch (java.io.IOException expected) {
            // not a serializable file
        }
    }
}
