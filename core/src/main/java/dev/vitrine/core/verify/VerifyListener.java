package dev.vitrine.core.verify;

import dev.vitrine.core.model.Problem;

/** Receives a verify's findings as they happen. Called from the verifying thread. */
public interface VerifyListener {
    void problem(Problem problem);

    /** {@code done} of {@code total} units (bytes, usually) checked so far. */
    default void progress(long done, long total) {}
}
