package dev.vitrine.app.ui.testing;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * Puts where an unexpected exception was thrown into the failure's one-line summary. An
 * exception on the FX thread reaches a test only through TestFX, wrapped, after the event that
 * threw it, and CI keeps just Maven's summary lines: without its frames there, a failure that
 * happens once in many runs cannot be traced. Assertion failures pass through unchanged.
 */
public final class TraceInSummary implements TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler {
    private static final int FRAMES = 12;

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        if (thrown instanceof AssertionError) throw thrown;
        throw new AssertionError(describe(thrown), thrown);
    }

    /** An FX-thread exception that surfaced only as the window closed: still this test's. */
    @Override
    public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        handleTestExecutionException(context, thrown);
    }

    /** The innermost cause, its message and its first frames, "<" between callee and caller. */
    static String describe(Throwable thrown) {
        Throwable root = thrown;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        List<String> frames = new ArrayList<>();
        for (StackTraceElement e : root.getStackTrace()) {
            if (frames.size() == FRAMES) break;
            String cls = e.getClassName();
            frames.add(cls.substring(cls.lastIndexOf('.') + 1) + "." + e.getMethodName() + ":" + e.getLineNumber());
        }
        return root + " at " + String.join(" < ", frames);
    }
}
