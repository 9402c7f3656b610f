package dev.vitrine.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Huge pages for large decoded streams, asked for only while the kernel has free blocks for them. */
class HugePagesTest {
    /** /proc/buddyinfo of the machine these figures were measured on (orders 0 to 10). */
    private static final String BUDDYINFO = """
            Node 0, zone      DMA      0      0      0      0      0      0      0      0      1      1      3
            Node 0, zone    DMA32      2      3      0      2      3      2      1      4      4      2    752
            Node 0, zone   Normal   1342   3240   1227   4603   2790   1927   1314   1085    505    120    705
            """;

    @Test
    void freeBlocksOfTwoMegabytesAndUpAreCountedInEveryZone() {
        long orderNine = 1 + 2 + 120, orderTen = 3 + 752 + 705;
        assertEquals(orderNine * (2L << 20) + orderTen * (4L << 20), HugePages.freeBlockBytes(BUDDYINFO));
        assertEquals(0, HugePages.freeBlockBytes(null), "unknown: none");
        assertEquals(0, HugePages.freeBlockBytes("Node 0, zone Normal 1 2 x"), "unreadable: none");
    }

    @Test
    void theModeLineSaysWhetherAskingDoesAnything() {
        assertTrue(HugePages.enabled("always [madvise] never\n"));
        assertTrue(HugePages.enabled("[always] madvise never\n"));
        assertFalse(HugePages.enabled("always madvise [never]\n"));
        assertFalse(HugePages.enabled(null));
    }

    @Test
    void aSmallBlockIsNeverHugePages() {
        assertFalse(HugePages.worthAsking(1L << 20));
    }

    /**
     * Where the kernel has room for them, a large block is 2 MB-aligned huge pages: written whole
     * it is backed by them, reads back what was written, and leaves nothing mapped once let go.
     */
    @Test
    void aLargeBlockIsBackedByHugePagesAndFullyUnmapped() throws IOException {
        long size = 9L << 20; // not a multiple of 2 MB: the tail is small pages
        assumeTrue(Libc.available() && HugePages.worthAsking(size), "Linux with free 2 MB blocks");
        Arena arena = Arena.ofShared();
        MemorySegment m = AnonymousMemory.allocate(size, arena);
        assertEquals(size, m.byteSize());
        assertEquals(0, m.address() % HugePages.SIZE, "aligned to a huge page");
        for (long at = 0; at < size; at += 4096) m.set(ValueLayout.JAVA_LONG, at, at);
        for (long at = 0; at < size; at += 4096) assertEquals(at, m.get(ValueLayout.JAVA_LONG, at));
        assertTrue(hugeKb(m.address()) >= 2048, "backed by at least one huge page");
        long start = m.address();
        long[] vma = mapping(start);
        assertEquals(start, vma[0], "the unaligned head was given back");
        assertEquals(start + size + 4095 & -4096, vma[1], "so was the tail");
        arena.close();
        assertEquals(null, mapping(start), "unmapped");
    }

    /** AnonHugePages of the mapping starting at {@code start} (/proc/self/smaps), in kB. */
    private static long hugeKb(long start) throws IOException {
        boolean in = false;
        for (String line : Files.readAllLines(Path.of("/proc/self/smaps"))) {
            if (Character.isDigit(line.charAt(0)) || (line.charAt(0) >= 'a' && line.charAt(0) <= 'f'))
                in = line.contains("-") && Long.parseUnsignedLong(line.substring(0, line.indexOf('-')), 16) == start;
            else if (in && line.startsWith("AnonHugePages:")) return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
        return 0;
    }

    /** The bounds of the mapping of this process {@code address} lies in, or null. */
    private static long[] mapping(long address) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            String[] range = line.substring(0, line.indexOf(' ')).split("-");
            long from = Long.parseUnsignedLong(range[0], 16), to = Long.parseUnsignedLong(range[1], 16);
            if (address >= from && address < to) return new long[] {from, to};
        }
        return null;
    }
}
