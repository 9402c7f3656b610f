package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Runs the `vitrine` command (in-process, or through its real entry point in a new JVM) and keeps what it wrote. */
record CliRun(int exit, byte[] stdout, String stderr) {

    static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int rc = VitrineCli.run(args, out, new PrintWriter(err, true));
        return new CliRun(rc, out.toByteArray(), err.toString());
    }

    /**
     * Runs {@code Main} with {@code args} in a new JVM on the test class path, in {@code dir},
     * with its environment changed by {@code env}: for what a process owns (its environment,
     * home, exit, or whether it starts the window). It must end within a minute.
     */
    static CliRun inNewJvm(Path dir, Consumer<Map<String, String>> env, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "-Djava.awt.headless=true",
                "dev.vitrine.app.Main"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        env.accept(pb.environment());
        Process p = pb.start();
        // both read beside the wait: a process that never ends (a window started) must not block the test
        CompletableFuture<byte[]> out = drain(p.getInputStream());
        CompletableFuture<byte[]> err = drain(p.getErrorStream());
        boolean ended = p.waitFor(60, TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly().waitFor();
        String errText = new String(err.join(), StandardCharsets.UTF_8);
        assertTrue(ended, "vitrine " + String.join(" ", args) + " did not end within a minute: " + errText);
        return new CliRun(p.exitValue(), out.join(), errText);
    }

    private static CompletableFuture<byte[]> drain(java.io.InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return in.readAllBytes();
            } catch (IOException e) {
                return new byte[0];
            }
        });
    }

    String out() {
        return new String(stdout, StandardCharsets.UTF_8);
    }
}
