package dev.vitrine.app.cli;

/** Exit codes of the `vitrine` command: a contract that scripts rely on. */
public final class ExitCodes {
    /** The archive is intact / the command did what was asked. */
    public static final int OK = 0;
    /** The archive is damaged, or some entries could not be read or exported. */
    public static final int DAMAGED = 1;
    /** Nothing could be read (missing file, unknown format) or the command line was wrong. */
    public static final int UNREADABLE = 2;
    /** A bug in vitrine (an Error such as out of memory): one line names the log with the full trace. */
    public static final int INTERNAL_ERROR = 3;
    /**
     * Whoever read the output stopped reading (`vitrine cat … | head`): the command ends quietly
     * with the status a shell gives a process ended by SIGPIPE, as cat and grep do.
     */
    public static final int OUTPUT_CLOSED = 141;

    private ExitCodes() {}
}
