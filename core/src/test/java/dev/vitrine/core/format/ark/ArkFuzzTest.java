package dev.vitrine.core.format.ark;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The split reader on arbitrary bytes: a small log written by our writer whose first split
 * file is replaced by the input, then opened, listed, merged, walked and verified. Under plain
 * `mvn test` Jazzer runs only the seed corpus (ArkFuzzTestInputs/splitReader); `JAZZER_FUZZ=1`
 * fuzzes. Any exception is a finding: damage must come back as problems.
 */
class ArkFuzzTest {
    private static Path root;
    private static Path split;

    private static synchronized void setUp() throws IOException {
        if (root != null) return;
        root = Files.createTempDirectory("ark-fuzz");
        root.toFile().deleteOnExit();
        ArkTestLogs.writeSmall(root, 3);
        split = ArkDamageTest.splits(root).getFirst();
    }

    @FuzzTest(maxDuration = "60s")
    void splitReader(byte[] data) throws IOException {
        setUp();
        Files.write(split, data);
        ArkDamageTest.exercise(root, true);
    }
}
