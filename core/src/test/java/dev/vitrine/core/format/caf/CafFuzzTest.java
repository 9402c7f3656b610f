package dev.vitrine.core.format.caf;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Open, list, read, walk and verify arbitrary bytes as a CAF chunk. Under plain `mvn verify`
 * Jazzer runs only the seed corpus (CafFuzzTestInputs/openVerifyEntries: the reference sample
 * and a few hostile chunks) and is quick; `JAZZER_FUZZ=1` fuzzes for the given duration.
 * Any exception or StackOverflowError is a finding: damage must come back as problems.
 */
class CafFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void openVerifyEntries(byte[] data) throws Exception {
        CafDamageSweepTest.exercise(data);
    }
}
