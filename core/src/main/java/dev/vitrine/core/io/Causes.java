package dev.vitrine.core.io;

import java.util.ArrayList;
import java.util.List;

/**
 * An exception's chain of causes, walked in one place: libraries wrap what went wrong (the JDK's
 * HTTP client an unknown host in a ConnectException, a reader's fault in an UncheckedIOException)
 * and the reason a user needs is somewhere below. At most 20 deep, so a chain that loops ends.
 */
public final class Causes {
    private Causes() {}

    private static final int DEPTH = 20;

    /** {@code e} and its causes, outermost first. */
    public static List<Throwable> of(Throwable e) {
        List<Throwable> out = new ArrayList<>();
        for (Throwable t = e; t != null && out.size() < DEPTH; t = t.getCause()) out.add(t);
        return out;
    }

    /** The outermost of {@code e} and its causes that is a {@code type}, or null. */
    public static <T extends Throwable> T find(Throwable e, Class<T> type) {
        int depth = 0;
        for (Throwable t = e; t != null && depth++ < DEPTH; t = t.getCause()) {
            if (type.isInstance(t)) return type.cast(t);
        }
        return null;
    }
}
