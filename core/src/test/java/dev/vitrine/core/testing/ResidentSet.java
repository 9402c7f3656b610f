package dev.vitrine.core.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** This process's resident memory as Linux counts it (/proc/self/status), for tests of what a scan keeps. */
public final class ResidentSet {
    private ResidentSet() {}

    private static final Path STATUS = Path.of("/proc/self/status");

    /** Whether the system says (Linux). */
    public static boolean known() throws Exception {
        return Files.isReadable(STATUS) && fileKb() >= 0;
    }

    /** Resident pages of mapped files (RssFile), in KB; -1 where the system does not say. */
    public static long fileKb() throws Exception {
        for (String line : Files.readAllLines(STATUS)) {
            if (line.startsWith("RssFile:")) return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
        return -1;
    }
}
