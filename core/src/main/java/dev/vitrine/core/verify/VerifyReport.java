package dev.vitrine.core.verify;

/**
 * Outcome of one verify run. {@code scope} is null for a whole verify; for a part verify it
 * says what was checked and which whole-archive checks were not run ({@link VerifyContext#scope}).
 */
public record VerifyReport(long errors, long warnings, boolean cancelled, long nanos, String scope) {
    public VerifyReport(long errors, long warnings, boolean cancelled, long nanos) {
        this(errors, warnings, cancelled, nanos, null);
    }

    public boolean intact() {
        return errors == 0 && !cancelled;
    }
}
