package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vitrine.core.testing.Fixtures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * `vitrine cat … | head`: once the reader closes the pipe, cat stops quietly with status 141
 * (what a shell reports for cat or grep ended by SIGPIPE); any other write failure is still said.
 */
class ClosedOutputCliTest {
    /** Standard output whose reader goes away after {@code keep} bytes. */
    private static final class Pipe extends OutputStream {
        final ByteArrayOutputStream got = new ByteArrayOutputStream();
        final int keep;
        final String failure;

        Pipe(int keep, String failure) {
            this.keep = keep;
            this.failure = failure;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (got.size() + len > keep) throw new IOException(failure);
            got.write(b, off, len);
        }
    }

    private static int cat(Pipe out, StringWriter err, String file) {
        return VitrineCli.run(new String[] {"cat", Fixtures.path(file).toString()}, out, new PrintWriter(err, true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"zss/letters-none.zss", "clp-s/v0.5.0/archives/app.clps"})
    void aReaderThatStopsEndsCatQuietly(String file) {
        StringWriter err = new StringWriter();
        assertEquals(ExitCodes.OUTPUT_CLOSED, cat(new Pipe(10, "Broken pipe"), err, file));
        assertEquals("", err.toString(), "nothing to say when head has what it wanted");
    }

    @ParameterizedTest
    @ValueSource(strings = {"zss/letters-none.zss", "clp-s/v0.5.0/archives/app.clps"})
    void otherWriteFailuresAreStillReported(String file) {
        StringWriter err = new StringWriter();
        int rc = cat(new Pipe(10, "No space left on device"), err, file);
        assertEquals(ExitCodes.UNREADABLE, rc, "a full disk is not damage in the archive");
        assertEquals("vitrine: standard output: no space left on device\n", err.toString());
    }

    /** Every command that prints, with the output failing at its first byte. */
    private static final String[][] COMMANDS = {
        {"ls", "--json", "caf/sample-ts-reference.caf"},
        {"info", "--json", "zss/letters-none.zss"},
        {"tree", "zss/letters-none.zss"},
        {"verify", "zss/letters-none.zss"},
        {"cat", "zss/letters-none.zss"},
    };

    private static int run(String[] command, Pipe out, StringWriter err) {
        String[] args = command.clone();
        args[args.length - 1] = Fixtures.path(args[args.length - 1]).toString();
        return VitrineCli.run(args, out, new PrintWriter(err, true));
    }

    @org.junit.jupiter.api.Test
    void aFullDiskIsSaidOnceAndBlamesStandardOutputForEveryCommand() {
        for (String[] command : COMMANDS) {
            StringWriter err = new StringWriter();
            assertEquals(ExitCodes.UNREADABLE, run(command, new Pipe(0, "No space left on device"), err), command[0]);
            assertEquals("vitrine: standard output: no space left on device\n", err.toString(), command[0]);
        }
    }

    @org.junit.jupiter.api.Test
    void aClosedPipeIsQuietForEveryCommand() {
        for (String[] command : COMMANDS) {
            StringWriter err = new StringWriter();
            assertEquals(ExitCodes.OUTPUT_CLOSED, run(command, new Pipe(0, "Broken pipe"), err), command[0]);
            assertEquals("", err.toString(), command[0]);
        }
    }
}
