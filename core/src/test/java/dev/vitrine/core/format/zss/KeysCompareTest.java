package dev.vitrine.core.format.zss;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeysCompareTest {
    @Test
    void arrayRangesSortAsMemcmpThenLength() {
        Random r = new Random(5);
        byte[] a = new byte[4096];
        for (int round = 0; round < 200_000; round++) {
            int x = r.nextInt(2000), y = r.nextInt(2000);
            int xl = r.nextInt(round % 3 == 0 ? 100 : 20), yl = r.nextInt(round % 3 == 0 ? 100 : 20);
            // Mostly shared prefixes, so the first difference falls anywhere, bytes above 0x7f included.
            for (int i = 0; i < Math.max(xl, yl); i++) a[x + i] = a[y + i] = (byte) r.nextInt(3);
            if (r.nextBoolean() && Math.min(xl, yl) > 0)
                a[y + r.nextInt(Math.min(xl, yl))] = (byte) (0x80 + r.nextInt(2));
            int expected = Integer.signum(Arrays.compareUnsigned(a, x, x + xl, a, y, y + yl));
            assertEquals(expected, Integer.signum(Keys.compare(a, x, xl, a, y, yl)), "round " + round);
        }
    }
}
