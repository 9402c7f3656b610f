package dev.vitrine.core.format.clps;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Open, walk, decode and verify arbitrary bytes as a clp-s archive. Under plain `mvn verify`
 * Jazzer runs only the seed corpus (ClpsFuzzTestInputs/openVerifyDecode: small real archives of
 * 0.3.2, 0.4.1 and 0.5.0, structured arrays, zero records, a truncation) and is quick;
 * `JAZZER_FUZZ=1` fuzzes for the given duration. Any exception escaping, StackOverflowError,
 * or problem offset outside the file is a finding: damage must come back as problems.
 */
class ClpsFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void openVerifyDecode(byte[] data) throws Exception {
        ClpsCorruptionSweepTest.exercise(data);
    }
}
