package dev.vitrine.core.io;

/**
 * An exception whose message already names its file; {@link #reason()} is the part after the
 * name, for callers that put their own name in front.
 */
public interface Reasoned {
    String reason();
}
