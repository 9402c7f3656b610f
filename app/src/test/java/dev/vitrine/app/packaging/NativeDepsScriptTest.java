package dev.vitrine.app.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * native-deps.sh reads the package's dependencies from what is installed; a library that is not
 * installed would go undeclared, so the script must fail and name it.
 */
class NativeDepsScriptTest {

    private static final Path SCRIPT =
            Path.of("..", "packaging", "linux", "native-deps.sh").toAbsolutePath();

    @Test
    void aLibraryNeedingOneThatIsNotInstalledFails(@TempDir Path tmp) throws Exception {
        assumeTrue(
                run(tmp, List.of("sh", "-c", "command -v gcc && command -v readelf && command -v ldd")).exit == 0,
                "needs gcc, readelf and ldd");
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Files.writeString(elsewhere.resolve("fake.c"), "int vitrine_fake(void) { return 1; }\n");
        Files.writeString(
                elsewhere.resolve("user.c"), "int vitrine_fake(void);\nint user(void) { return vitrine_fake(); }\n");
        Path tree = tmp.resolve("tree");
        Path lib = Files.createDirectories(tree.resolve("runtime/lib"));
        Files.createDirectories(tree.resolve("lib/app"));
        assertEquals(0, run(elsewhere, List.of("gcc", "-shared", "-fPIC", "-o", "libvitrinefake.so", "fake.c")).exit);
        assertEquals(
                0,
                run(
                                elsewhere,
                                List.of(
                                        "gcc",
                                        "-shared",
                                        "-fPIC",
                                        "-o",
                                        lib.resolve("libuser.so").toString(),
                                        "user.c",
                                        "-L.",
                                        "-lvitrinefake"))
                        .exit);
        Files.delete(elsewhere.resolve("libvitrinefake.so")); // now it is installed nowhere

        Result r = run(tmp, List.of("bash", SCRIPT.toString(), tree.toString()));
        assertEquals(1, r.exit, r.err);
        assertTrue(r.err.contains("libvitrinefake.so"), r.err);
    }

    private record Result(int exit, String err) {}

    private static Result run(Path dir, List<String> command) throws IOException, InterruptedException {
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile())
                .start();
        int exit = p.waitFor();
        String text = Files.readString(err, StandardCharsets.UTF_8);
        Files.delete(err);
        return new Result(exit, text);
    }
}
