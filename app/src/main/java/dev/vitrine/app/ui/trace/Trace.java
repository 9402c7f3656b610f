package dev.vitrine.app.ui.trace;

/**
 * Timing lines on standard error with {@code -Dvitrine.trace=true}, measured from JVM start,
 * for finding where start-up and opening time goes. Silent otherwise.
 */
public final class Trace {
    public static final boolean ON = Boolean.getBoolean("vitrine.trace");

    private Trace() {}

    public static void log(String what) {
        if (!ON) return;
        long ms = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
        System.err.printf("vitrine: %6d ms %s%n", ms, what);
    }
}
