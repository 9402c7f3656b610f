package dev.vitrine.core.format.zss;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Open, info, scan, verify, tree and table over arbitrary bytes, as ZSS and as ZS. Under
 * plain `mvn verify` Jazzer only replays the seed corpus (ZssFuzzTestInputs/openVerifyScan:
 * small valid files of each codec and a few damaged ones), which takes a second;
 * `JAZZER_FUZZ=1` fuzzes for the given duration. Any exception other than damage with an
 * offset, a problem without an offset, or a verify "internal error" is a finding.
 */
class ZssFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void openVerifyScan(byte[] data) {
        ZssDamageProbe.probe(data, new ZssFormat(), "fuzz.zss", ZssTestSupport.SMALL_LIMITS);
        ZssDamageProbe.probe(data, new ZsFormat(), "fuzz.zs", ZssTestSupport.SMALL_LIMITS);
    }
}
