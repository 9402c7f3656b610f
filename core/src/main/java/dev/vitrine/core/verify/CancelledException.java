package dev.vitrine.core.verify;

/** Thrown inside a verify or export when the user cancelled it. */
public final class CancelledException extends RuntimeException {
    public CancelledException() {
        super("cancelled", null, false, false);
    }
}
