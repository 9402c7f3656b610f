package dev.vitrine.core.io;

import java.io.IOException;

/**
 * The bytes of an archive could not be read, through no fault of the archive: a file that
 * changed while it was read, a remote object that was replaced or could not be fetched, a
 * full disk where decoded data is kept (named by its folder). Never
 * reported as damage: commands say it in one line, naming the file or URL, and exit 2.
 */
public class SourceUnavailableException extends IOException implements Reasoned {
    private final String name;
    private final String reason;

    public SourceUnavailableException(String name, String reason, Throwable cause) {
        super(name + ": " + reason, cause);
        this.name = name;
        this.reason = reason;
    }

    /** The file (as it was opened) or the address whose bytes could not be read. */
    public String name() {
        return name;
    }

    @Override
    public String reason() {
        return reason;
    }

    /** The first such exception in {@code t}'s causes, or null. */
    public static SourceUnavailableException in(Throwable t) {
        return Causes.find(t, SourceUnavailableException.class);
    }
}
