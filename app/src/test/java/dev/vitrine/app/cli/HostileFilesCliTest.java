package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Paths that are not archives at all: every command refuses them at open with exit 2 and one
 * line {@code vitrine: PATH: reason}, the path as typed and the real reason, before reading
 * anything (a FIFO used to hang every command; a symbolic link loop said "no such file").
 */
class HostileFilesCliTest {
    @TempDir
    Path tmp;

    private List<String> args(String command, String file) {
        List<String> a = new ArrayList<>(List.of(command, file));
        if (command.equals("export")) a.add(tmp.resolve("exported").toString());
        return a;
    }

    /** Runs the command; a hang fails the test instead of the build. */
    private CliRun run(String command, String file) {
        return assertTimeoutPreemptively(
                Duration.ofSeconds(30),
                () -> CliRun.of(args(command, file).toArray(String[]::new)),
                command + " hung on " + file);
    }

    private void refused(String command, String typed, String reason) {
        CliRun r = run(command, typed);
        assertEquals(2, r.exit(), r.stderr());
        assertEquals("vitrine: " + typed + ": " + reason + "\n", r.stderr());
        assertEquals("", r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"info", "verify", "tree", "cat", "ls", "export"})
    void aFifoIsRefusedBeforeAnyRead(String command) throws Exception {
        Path fifo = tmp.resolve("pipe.zss");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(p.waitFor() == 0, "mkfifo is not available");
        refused(command, fifo.toString(), "not a regular file (a FIFO)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"info", "verify", "tree", "cat", "ls", "export"})
    void aDeviceIsNotARegularFile(String command) {
        assumeTrue(Files.exists(Path.of("/dev/null")));
        refused(command, "/dev/null", "not a regular file (a character device)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"info", "verify", "tree", "cat", "ls", "export"})
    void aSymbolicLinkLoopSaysSo(String command) throws IOException {
        Path loop = tmp.resolve("loop.caf");
        Files.createSymbolicLink(loop, loop.getFileName());
        // typed with a doubled slash: the message repeats what the user typed, not a normalised path
        refused(command, tmp + "//loop.caf", "too many levels of symbolic links");
    }

    @ParameterizedTest
    @ValueSource(strings = {"info", "verify", "tree", "cat", "ls", "export"})
    void aFolderIsAFolderNotAnUnknownArchive(String command) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("photos"));
        Files.writeString(dir.resolve("a.txt"), "a");
        refused(command, dir.toString(), "is a folder; no format Vitrine knows claims this folder");
    }

    /** The other side of the rule: a folder that a format claims (the tests' two-part format) opens. */
    @ParameterizedTest
    @ValueSource(strings = {"info", "verify", "tree"})
    void aFolderAFormatClaimsOpens(String command) throws IOException {
        Path dir = dev.vitrine.app.ui.testing.TwoPartFormat.write(Files.createDirectories(tmp.resolve("bundle")), 2, 3);
        CliRun r = run(command, dir.toString());
        assertEquals(0, r.exit(), r.out() + r.stderr());
    }

    @ParameterizedTest
    @ValueSource(strings = {"info", "verify", "ls"})
    void aNameTooLongSaysSoOnce(String command) {
        refused(command, tmp.resolve("x".repeat(300) + ".zss").toString(), "file name too long");
    }

    @ParameterizedTest
    @ValueSource(strings = {"info", "verify", "ls"})
    void aMissingFileSaysSo(String command) {
        refused(command, "no/such/dir/../file.zss", "no such file or directory");
    }

    @ParameterizedTest
    @ValueSource(strings = {"info", "verify", "tree", "cat", "ls"})
    void anUnreadableFileIsPermissionDenied(String command) throws IOException {
        Path f = Files.writeString(tmp.resolve("secret.zss"), "SSZ");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
        assumeTrue(!Files.isReadable(f), "running as root: permissions are not enforced");
        refused(command, f.toString(), "permission denied");
    }

    @ParameterizedTest
    @ValueSource(strings = {"info", "verify", "ls"})
    void anUnknownFileNamesThePathAsTyped(String command) throws IOException {
        Path f = Files.writeString(tmp.resolve("notes.txt"), "just text\n");
        refused(command, f.toString(), "not an archive Vitrine knows (checked magic bytes, structure and file name)");
    }
}
