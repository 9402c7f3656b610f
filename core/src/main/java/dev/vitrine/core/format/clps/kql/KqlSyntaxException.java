package dev.vitrine.core.format.clps.kql;

/**
 * A KQL query that clp-s would refuse: {@link #position()} is the 0-based character index of
 * the mistake (the query's length when the query ends too early) and the message is one plain
 * line, fit for a CLI error.
 */
public final class KqlSyntaxException extends IllegalArgumentException {
    private final int position;
    private final String detail;

    public KqlSyntaxException(int position, String detail) {
        super("KQL syntax error at position " + position + ": " + detail);
        this.position = position;
        this.detail = detail;
    }

    /** 0-based character index of the mistake. */
    public int position() {
        return position;
    }

    /** The message without the position prefix. */
    public String detail() {
        return detail;
    }
}
