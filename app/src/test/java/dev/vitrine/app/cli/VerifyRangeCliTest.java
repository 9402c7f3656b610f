package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** `verify --range [PART:]START:END`: the units meeting those bytes only, and a line naming what was not checked. */
class VerifyRangeCliTest {
    private static final String DAMAGED = "../samples/weather-damaged.zss";

    private static String out(CliRun r) {
        return new String(r.stdout(), StandardCharsets.UTF_8);
    }

    @Test
    void theDamagedBlockIsFoundAndTheHashSaidNotRun() {
        CliRun whole = CliRun.of("verify", DAMAGED);
        assertEquals(1, whole.exit());
        assertTrue(out(whole).contains("data hash mismatch"), out(whole));

        CliRun part = CliRun.of("verify", "--range", "14503:14504", DAMAGED);
        assertEquals(1, part.exit(), part.stderr());
        assertEquals(
                DAMAGED + ": offset 14503: checksum mismatch at 14503\n"
                        + DAMAGED + ": DAMAGED, 1 error\n"
                        + DAMAGED + ": part 14503:14504: 1 data block in [14503, 15230); whole-archive checks not run:"
                        + " data hash, index references and lengths, record order across blocks, root\n",
                out(part));
    }

    @Test
    void aCleanPartIsOkAndSaysItWasAPart() {
        CliRun r = CliRun.of("verify", "--range", "15230:15231", DAMAGED);
        assertEquals(0, r.exit(), out(r));
        assertTrue(
                out(r).startsWith(DAMAGED + ": ok\n" + DAMAGED + ": part 15230:15231: 1 data block in [15230, "),
                out(r));
        assertFalse(out(r).contains("mismatch"));
    }

    @Test
    void aBadRangeIsAUsageError() {
        CliRun r = CliRun.of("verify", "--range", "9:3", DAMAGED);
        assertEquals(2, r.exit());
        assertTrue(r.stderr().contains("--range: expected [PART:]START:END"), r.stderr());
    }
}
