package dev.vitrine.core.format.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Timestamps reuse the text of the second before and rewrite only its sub-second digits; the
 * result must be what writing each one from scratch gives, for every kind of pattern.
 */
class ClpsTimestampReuseTest {
    @Test
    void reusedSecondsWriteTheSameTextAsFreshOnes() throws Exception {
        String[] patterns = {
            "\"\\Y-\\m-\\dT\\H:\\M:\\S.\\3Z\"",
            "\"\\Y-\\m-\\dT\\H:\\M:\\SZ\"",
            "\"\\d/\\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec}/\\Y:\\H:\\M:\\S.\\6 \\z{+08:00}\"",
            "\"\\H:\\M:\\S.\\9 and \\3\"",
            "\"\\Y-\\m-\\d \\H:\\M:\\S.\\T\"",
            "\\E.\\9",
            "\\L"
        };
        Random r = new Random(11);
        for (String text : patterns) {
            ClpsTimestampText.Pattern p = ClpsTimestampText.Pattern.of(text);
            long t = 1_710_408_000_031_000_000L;
            for (int i = 0; i < 3000; i++) {
                t += r.nextInt(4) == 0
                        ? r.nextLong(5_000_000_000L)
                        : r.nextLong(40_000_000L); // mostly within the same second
                if (r.nextInt(50) == 0) t -= 2_000_000_000L; // and now and then back in time
                ClpsJsonOut reused = new ClpsJsonOut(8);
                ClpsTimestampText.appendModern(reused, t, p);
                ClpsJsonOut fresh = new ClpsJsonOut(8);
                ClpsTimestampText.appendModernText(fresh, t, p, null);
                assertEquals(
                        new String(fresh.buf, 0, fresh.len, StandardCharsets.UTF_8),
                        new String(reused.buf, 0, reused.len, StandardCharsets.UTF_8),
                        text + " at " + t);
            }
        }
    }
}
