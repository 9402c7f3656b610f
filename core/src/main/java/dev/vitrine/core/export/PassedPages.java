package dev.vitrine.core.export;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Lets go of the resident pages of a mapped file that a front-to-back reader has passed, so
 * reading 10 GB does not show as 10 GB resident: the pages stay in the page cache and come
 * back on the next read if needed, so releasing one too early costs a fault, never data. Used
 * by verify scans; the export's {@link ContentCopier} does the same per piece. On Linux with
 * native access this is {@link LinuxCalls#dontNeed} over batches of {@link #BATCH} bytes;
 * elsewhere {@link MemorySegment#unload()} over the same batches. Not thread-safe: one reader
 * (the thread that consumes the scan in order) calls {@link #passed}.
 */
public final class PassedPages {
    /** Release once this much has been passed since the last release. */
    public static final long BATCH = 16L << 20;
    /** Linux's default fault-around window: pages this far behind a read may be mapped again. */
    private static final long FAULT_AROUND = 64 << 10;
    /** Pages of this size or a multiple of it are assumed where the system does not say. */
    private static final long FALLBACK_PAGE = 4096;

    private final MemorySegment file;
    private final boolean enabled;
    /** Known at the first release: asking links the system calls, which a small file never needs. */
    private long page;

    private long releasedTo;
    /** The lowest offset read again behind {@link #releasedTo} since the last release. */
    private long touchedBehind = Long.MAX_VALUE;

    /** @param file the whole mapped file (offsets passed in are offsets into it); null for a source read by ranges */
    public PassedPages(MemorySegment file) {
        this.file = file;
        this.enabled = file != null && file.isMapped() && !Boolean.getBoolean("vitrine.keepPages");
    }

    /**
     * Links the system calls the releases use, now: a command that will scan a large file calls
     * this on a thread of its own at start-up, where it costs no wall time (a few hundred ms of CPU).
     */
    public static void prepare() {
        long page = LinuxCalls.pageSize();
        // A native function's first call finishes its linking too: make it here, on a page of
        // our own, not on the scan's thread at its first release.
        if (page > 0) {
            try (Arena a = Arena.ofConfined()) {
                LinuxCalls.dontNeed(a.allocate(page, page));
            }
        }
    }

    /** The reader will not come back before {@code offset} (soon): release what lies before it. */
    public void passed(long offset) {
        if (!enabled || offset - releasedTo < BATCH) return;
        release(Math.min(offset, file.byteSize()));
    }

    /**
     * The reader went back to {@code offset} (e.g. to compare a record it kept as a position):
     * the next release starts there again, so pages read behind the scan do not stay.
     */
    public void touched(long offset) {
        if (offset < releasedTo && offset < touchedBehind) touchedBehind = Math.max(0, offset);
    }

    /** Releases everything passed so far, e.g. when the scan ends. */
    public void passedAll(long offset) {
        if (enabled) release(Math.min(offset, file.byteSize()));
    }

    private void release(long to) {
        if (page == 0) {
            long p = LinuxCalls.pageSize();
            page = p > 0 ? p : FALLBACK_PAGE;
        }
        long base = file.address();
        // madvise wants a page-aligned start: round up, so nothing before the range is touched;
        // start a little before the last release to take back what fault-around mapped again.
        long from = (base + Math.max(0, Math.min(touchedBehind, releasedTo) - FAULT_AROUND) + page - 1) & -page;
        touchedBehind = Long.MAX_VALUE;
        long end = (base + to) & -page;
        if (end > from) {
            try {
                MemorySegment region = file.asSlice(from - base, end - from);
                if (!LinuxCalls.dontNeed(region)) region.unload();
            } catch (RuntimeException closedOrUnsupported) {
                // The mapping went away (archive closed) or cannot be unloaded: nothing to release.
            }
        }
        releasedTo = Math.max(releasedTo, to);
    }
}
