package dev.vitrine.app.ui.testing;

import java.lang.reflect.Method;

/**
 * Ends a drag JavaFX's headless platform refused to start. A drag's dragboard stays the toolkit's
 * "current dragboard" until the platform reports the drag ended; while it is set, every read of
 * the system clipboard reads the dragboard instead (QuantumClipboard.getContent). The headless
 * platform throws from startDrag, so no end ever comes: after one drag test, every later test in
 * the JVM read an empty clipboard however its Ctrl+C had filled it.
 */
public final class HeadlessDrag {
    private HeadlessDrag() {}

    /** Forgets a dragboard left current (FX thread); nothing when there is none. */
    public static void release() throws ReflectiveOperationException {
        Class<?> c = Class.forName("com.sun.javafx.tk.quantum.QuantumClipboard");
        Method current = c.getDeclaredMethod("getCurrentDragboard");
        current.setAccessible(true);
        if (current.invoke(null) == null) return;
        Method release = c.getDeclaredMethod("releaseCurrentDragboard");
        release.setAccessible(true);
        release.invoke(null);
    }
}
