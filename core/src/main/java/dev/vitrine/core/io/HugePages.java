package dev.vitrine.core.io;

/**
 * Whether a large anonymous mapping should ask the kernel for transparent huge pages. Each 4 KB
 * page touched for the first time is a fault; on a virtual machine that cost 4.4 ms per MB here,
 * a 2 MB page 0.2-2.6 ms per MB (256 MB touched: 1.1 s against 0.04-0.66 s). But a huge page the
 * kernel has no free 2 MB block for is made by compacting memory at fault time (the default
 * {@code defrag=madvise}), which on a machine whose memory was mostly page cache cost more than
 * the faults it saved. So they are asked for only while the free lists hold blocks of 2 MB or
 * more for twice the request ({@code /proc/buddyinfo}): then no compaction is needed.
 */
final class HugePages {
    private HugePages() {}

    /** The size of a transparent huge page on x86-64 and arm64 with 4 KB pages. */
    static final long SIZE = 2L << 20;

    /** The order (log2 of 4 KB pages) of a block that can back a huge page. */
    private static final int ORDER = 9;

    /** Whether the kernel takes madvise(MADV_HUGEPAGE) at all: THP "always" or "madvise", not "never". */
    private static final boolean ENABLED = enabled(SystemFiles.text("/sys/kernel/mm/transparent_hugepage/enabled"));

    /** Whether {@code bytes} of fresh memory should be huge pages now. */
    static boolean worthAsking(long bytes) {
        if (!ENABLED || bytes < 2 * SIZE || Libc.pageSize() != 4096) return false;
        return freeBlockBytes(SystemFiles.text("/proc/buddyinfo")) >= 2 * bytes;
    }

    /** Whether the THP mode line ("always [madvise] never") leaves madvise its effect. */
    static boolean enabled(String mode) {
        return mode != null && (mode.contains("[always]") || mode.contains("[madvise]"));
    }

    /**
     * Bytes in free blocks of order 9 and up, summed over every zone of {@code buddyinfo} (lines
     * "Node 0, zone Normal n0 n1 ... n10": n_k free blocks of 2^k pages of 4 KB); 0 when unknown.
     */
    static long freeBlockBytes(String buddyinfo) {
        if (buddyinfo == null) return 0;
        long bytes = 0;
        for (String line : buddyinfo.split("\n")) {
            int zone = line.indexOf("zone");
            if (zone < 0) continue;
            String[] f = line.substring(zone + 4).trim().split("\\s+");
            // f[0] is the zone's name, f[1 + k] the free blocks of order k
            for (int k = ORDER; k + 1 < f.length; k++) {
                try {
                    bytes += Long.parseLong(f[k + 1]) * (4096L << k);
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return bytes;
    }
}
