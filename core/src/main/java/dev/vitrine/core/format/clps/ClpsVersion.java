package dev.vitrine.core.format.clps;

/**
 * The archive format version from the header. Every 0.X minor change is breaking, so the
 * reader branches on it: 0.3.x, 0.4.0, 0.4.1 and 0.5.x are the generations we know.
 */
record ClpsVersion(int major, int minor, int patch) {

    /**
     * Whether this is a version clp-s has written: 0.3.0-0.3.2, 0.4.0, 0.4.1, 0.5.0 and 0.5.1 (0.5.1
     * only widened the timestamp patterns). Others are still read with the nearest generation's rules.
     */
    boolean known() {
        if (major != 0) return false;
        return (minor == 3 && patch <= 2) || (minor == 4 && patch <= 1) || (minor == 5 && patch <= 1);
    }

    /** Before 0.4.0 encoded variables used the old placeholders (0x11 int-or-dict, 0x12 float). */
    boolean oldPlaceholders() {
        return major == 0 && minor < 4;
    }

    /** Before 0.5.0 timestamps were DateString columns with %-patterns counted in milliseconds. */
    boolean deprecatedTimestamps() {
        return major == 0 && minor < 5;
    }

    int compareTo(int maj, int min, int pat) {
        if (major != maj) return Integer.compare(major, maj);
        if (minor != min) return Integer.compare(minor, min);
        return Integer.compare(patch, pat);
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch;
    }
}
