package dev.vitrine.core.verify;

/** Outcome of one verify run. */
public record VerifyReport(long errors, long warnings, boolean cancelled, long nanos) {
    public boolean intact() {
        return errors == 0 && !cancelled;
    }
}
