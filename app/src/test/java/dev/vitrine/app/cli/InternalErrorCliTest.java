package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The last line of defence: an Error nobody caught is one line naming the file and a log, exit 3. */
class InternalErrorCliTest {
    @TempDir
    Path tmp;

    @AfterEach
    void reset() {
        MappedFileSource.afterMapping = null;
        System.clearProperty("vitrine.logs");
    }

    @Test
    void anEscapedErrorIsOneLineExitThreeAndALoggedTrace() throws Exception {
        System.setProperty("vitrine.logs", tmp.resolve("logs").toString());
        String caf = Fixtures.path("caf/sample-ts-reference.caf").toString();
        MappedFileSource.afterMapping = p -> {
            throw new OutOfMemoryError("Java heap space");
        };
        CliRun r = CliRun.of("ls", caf);
        assertEquals(ExitCodes.INTERNAL_ERROR, r.exit(), r.stderr());
        assertEquals(1, r.stderr().lines().count(), r.stderr());
        Matcher m = Pattern.compile(
                        "vitrine: " + Pattern.quote(caf) + ": internal error: out of memory \\(details in (.+)\\)\n")
                .matcher(r.stderr());
        assertTrue(m.matches(), r.stderr());
        String log = Files.readString(Path.of(m.group(1)));
        assertTrue(log.contains("java.lang.OutOfMemoryError: Java heap space") && log.contains("\tat "), log);
    }
}
