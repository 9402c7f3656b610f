package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed standard input: the launcher gives the JVM /dev/null for every closed standard
 * descriptor (else the JVM's first open file takes the number), and `create … -` then says
 * there was nothing to read.
 */
class ClosedStdinCliTest {
    @TempDir
    Path tmp;

    @Test
    void createFromAnEmptyStandardInputWritesNothingAndSaysSo() {
        InputStream before = System.in;
        Path out = tmp.resolve("out.zss");
        try {
            System.setIn(new ByteArrayInputStream(new byte[0]));
            CliRun r = CliRun.of("create", "zss", "-", out.toString());
            assertEquals(2, r.exit());
            assertEquals("vitrine: -: standard input is empty; nothing to write\n", r.stderr());
            assertFalse(Files.exists(out));
        } finally {
            System.setIn(before);
        }
    }

    /** Runs ./vitrine with descriptors 0, 1 and 2 closed and a stand-in JDK whose java says what it was given. */
    @Test
    void theLauncherGivesClosedDescriptorsDevNull() throws Exception {
        Path launcher = Path.of("..", "vitrine").toAbsolutePath().normalize();
        Path jdk = Files.createDirectories(tmp.resolve("jdk/bin"));
        Files.writeString(tmp.resolve("jdk/release"), "JAVA_VERSION=\"25\"\n");
        Path report = tmp.resolve("fds");
        Path java = Files.writeString(
                jdk.resolve("java"),
                "#!/bin/sh\na=$(readlink /proc/$$/fd/0); b=$(readlink /proc/$$/fd/1); c=$(readlink /proc/$$/fd/2)\n"
                        + "printf '%s\\n' \"$a\" \"$b\" \"$c\" >\"$FD_REPORT\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder pb =
                new ProcessBuilder("bash", "-c", "\"$0\" create zss - out <&- >&- 2>&-", launcher.toString());
        pb.environment().put("VITRINE_JAVA_HOME", tmp.resolve("jdk").toString());
        pb.environment().put("VITRINE_NO_BUILD", "1");
        pb.environment().put("VITRINE_AOT", "0");
        pb.environment().put("FD_REPORT", report.toString());
        Process p = pb.redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        p.waitFor(60, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue());
        assertEquals(List.of("/dev/null", "/dev/null", "/dev/null"), Files.readAllLines(report));
    }
}
