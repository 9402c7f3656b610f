package dev.vitrine.core.format.bundle;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Arbitrary bytes as the shard of a small bundle with a sound index: open, list, read, walk
 * and verify. Under plain `mvn verify` Jazzer runs only the seed corpus
 * (BundleShardFuzzTestInputs/shard: the good shard and a few damaged ones);
 * `JAZZER_FUZZ=1` fuzzes for the given duration. Any exception is a finding.
 */
class BundleShardFuzzTest {
    @FuzzTest(maxDuration = "60s")
    void shard(byte[] data) throws Exception {
        BundleCorruptionSweepTest.exercise(data);
    }
}
