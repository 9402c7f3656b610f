package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The memory a clp-s archive's decoded data is budgeted against: read from /proc and cgroup files. */
class SystemMemoryTest {
    @Test
    void meminfoGivesItsTotalInBytes() {
        String meminfo = "MemTotal:       24684800 kB\nMemFree:        22135936 kB\nMemAvailable:   24165240 kB\n";
        assertEquals(24684800L << 10, SystemMemory.memTotal(meminfo));
        assertEquals(0, SystemMemory.memTotal("MemFree: 1 kB\n"));
        assertEquals(0, SystemMemory.memTotal(null));
    }

    @Test
    void aCgroupLimitCountsOnlyWhenItIsOne() {
        assertEquals(2L << 30, SystemMemory.limit("2147483648\n"));
        assertEquals(0, SystemMemory.limit("max\n")); // cgroup v2: no limit
        assertEquals(0, SystemMemory.limit("9223372036854771712\n")); // cgroup v1: no limit
        assertEquals(0, SystemMemory.limit(""));
    }

    @Test
    void onLinuxTheTotalIsAtMostTheMachinesAndNeverZero() throws Exception {
        long total = SystemMemory.total();
        assertTrue(total > 0);
        Path meminfo = Path.of("/proc/meminfo");
        if (Files.isReadable(meminfo)) assertTrue(total <= SystemMemory.memTotal(Files.readString(meminfo)));
    }
}
