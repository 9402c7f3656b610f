package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every byte of a small CAF's index, changed three ways: whenever verify finds damage, ls and
 * info say so too (exit 1, or 2 when nothing could be opened), and when verify finds none they
 * exit 0. Never a stack trace.
 */
class CafIndexSweepCliTest {
    @TempDir
    Path tmp;

    @Test
    void lsAndInfoAgreeWithVerifyForEveryDamagedIndexByte() throws Exception {
        String json = "{\"format_version\":\"1.0\",\"files\":{\"a.txt\":{\"start_byte\":0,\"end_byte\":2},"
                + "\"d/b.txt\":{\"start_byte\":2,\"end_byte\":4}}}";
        byte[] good = DamageExitsOneCliTest.caf(json);
        int indexStart = 4;
        int indexEnd = indexStart + json.getBytes(StandardCharsets.UTF_8).length;
        Path f = tmp.resolve("sweep.caf");
        Files.write(f, good);
        assertEquals(0, CliRun.of("verify", f.toString()).exit(), "the unchanged chunk is intact");
        int damaged = 0;
        for (int i = indexStart; i < indexEnd; i++) {
            for (int change : new int[] {0x01, 0x80, '9'}) {
                byte[] b = good.clone();
                b[i] = change == '9' ? (byte) '9' : (byte) (b[i] ^ change);
                if (b[i] == good[i]) continue;
                Files.write(f, b);
                CliRun verify = CliRun.of("verify", f.toString());
                CliRun ls = CliRun.of("ls", f.toString());
                CliRun info = CliRun.of("info", f.toString());
                String what = "byte " + i + " ('" + (char) good[i] + "') changed to " + (b[i] & 0xff)
                        + ": verify says\n" + verify.out() + verify.stderr();
                if (verify.exit() != 0) damaged++;
                assertEquals(verify.exit(), ls.exit(), "ls, " + what + "\nls says\n" + ls.out() + ls.stderr());
                assertEquals(
                        verify.exit(), info.exit(), "info, " + what + "\ninfo says\n" + info.out() + info.stderr());
                for (CliRun r : new CliRun[] {verify, ls, info})
                    assertFalse(r.stderr().contains("\tat "), what);
            }
        }
        assertTrue(damaged > 50, "the sweep found damage " + damaged + " times");
    }
}
