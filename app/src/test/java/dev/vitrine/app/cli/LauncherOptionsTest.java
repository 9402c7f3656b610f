package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM options each subcommand starts with, from both launchers: the checkout's ./vitrine and
 * the installed bin/vitrine (packaging/linux/launcher.sh in a tree laid out as build.sh lays it).
 * Each runs a stand-in java that writes down its arguments. The options are measured choices (see
 * packaging/linux/jvm-options.sh): a command that lost them would run, only slower.
 */
class LauncherOptionsTest {
    private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();
    private static final String QUICK = "-XX:TieredStopAtLevel=1";
    private static final String HOT = "-XX:Tier4InvocationThreshold=50000";
    private static final String NO_REPLAY = "-XX:-AOTReplayTraining";
    private static final String CAPPED = "-XX:MaxHeapSize=1g";
    private static final String IDLE_GC = "-XX:G1PeriodicGCInterval=30000";
    private static final String EARLY_CIPHERS =
            "-XX:CompileCommand=CompileThresholdScaling,com.sun.crypto.provider.*::*,0.01";

    @TempDir
    Path tmp;

    private Path jdk;
    private Path installed;

    @BeforeEach
    void standIns() throws IOException {
        jdk = tmp.resolve("jdk");
        Files.createDirectories(jdk.resolve("bin"));
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"25\"\n");
        writeJava(jdk.resolve("bin/java"));
        // An installed tree with a trained command-line cache in place, so its launcher uses it.
        installed = tmp.toRealPath().resolve("opt/vitrine");
        Files.createDirectories(installed.resolve("bin"));
        Files.createDirectories(installed.resolve("lib/app"));
        Files.createDirectories(installed.resolve("lib/aot"));
        Files.copy(CHECKOUT.resolve("packaging/linux/launcher.sh"), installed.resolve("bin/vitrine"));
        Files.copy(
                CHECKOUT.resolve("packaging/linux/jvm-options.sh"),
                installed.resolve("lib/jvm-options.sh"),
                StandardCopyOption.REPLACE_EXISTING);
        Files.setPosixFilePermissions(installed.resolve("bin/vitrine"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(installed.resolve("lib/app/classpath"), "vitrine-app.jar\nzstd-jni.jar\n");
        Files.writeString(installed.resolve("lib/app/classpath-s3"), "s3.jar\nsdk-core.jar\n");
        Files.writeString(installed.resolve("lib/app/classpath-gui"), "controlsfx.jar\n");
        Files.writeString(installed.resolve("lib/aot/trained-at"), installed + "\n");
        Files.writeString(installed.resolve("lib/aot/cli.aot"), "stand-in");
        Files.writeString(installed.resolve("lib/aot/cli-clps.aot"), "stand-in");
        Files.writeString(installed.resolve("lib/aot/cli-zss.aot"), "stand-in");
        Files.writeString(installed.resolve("lib/aot/cli-s3.aot"), "stand-in");
        Files.writeString(installed.resolve("lib/aot/cli-https.aot"), "stand-in");
        writeJava(Files.createDirectories(installed.resolve("runtime/bin")).resolve("java"));
    }

    private static void writeJava(Path java) throws IOException {
        Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\" >\"$ARGS_REPORT\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The arguments the checkout's launcher gives java for {@code args}. */
    private List<String> checkout(String... args) throws Exception {
        return run(CHECKOUT.resolve("vitrine"), Map.of("VITRINE_JAVA_HOME", jdk.toString()), args);
    }

    /** The arguments the installed launcher gives its runtime's java for {@code args}. */
    private List<String> installed(Map<String, String> env, String... args) throws Exception {
        return run(installed.resolve("bin/vitrine"), env, args);
    }

    private List<String> run(Path launcher, Map<String, String> env, String... args) throws Exception {
        Path report = tmp.resolve("args");
        Files.deleteIfExists(report);
        List<String> command = new ArrayList<>(List.of("bash", launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().remove("VITRINE_JVM_OPTS");
        pb.environment().put("VITRINE_NO_BUILD", "1");
        pb.environment().put("VITRINE_AOT", "0");
        pb.environment().put("ARGS_REPORT", report.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return Files.readAllLines(report);
    }

    private static void assertCommand(List<String> args, boolean quick, boolean hot) {
        assertEquals(quick, args.contains(QUICK), () -> "quick compiler only: " + args);
        assertEquals(hot, args.contains(HOT), () -> "raised optimising thresholds: " + args);
        assertTrue(args.contains(CAPPED), () -> "a command's heap is capped: " + args);
        assertFalse(args.contains("--module-path"), () -> "a command starts without JavaFX: " + args);
        assertTrue(args.contains("dev.vitrine.app.Main"), args::toString);
    }

    @Test
    void metadataCommandsUseTheQuickCompilerOnly() throws Exception {
        for (String command : List.of("info", "tree", "ls", "--version")) {
            assertCommand(checkout(command, "a.zss"), true, false);
            assertCommand(installed(Map.of(), command, "a.zss"), true, false);
        }
    }

    @Test
    void verifyAndCatRaiseTheOptimisingThresholds() throws Exception {
        Path big = largeClps();
        for (String[] args :
                List.of(new String[] {"verify", "a.zss"}, new String[] {"cat", big.toString()}, new String[] {
                    "cat", "--query", "level: ERROR", "a.zss"
                })) {
            assertCommand(checkout(args), false, true);
            assertCommand(installed(Map.of(), args), false, true);
        }
    }

    /** A sparse clp-s file of 32 MB: a size from which the optimising compiler pays off in cat. */
    private Path largeClps() throws IOException {
        Path big = tmp.resolve("big.clps");
        try (var f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(32L << 20);
        }
        return big;
    }

    /**
     * cat of a small clp-s archive (a few MB) is over before the optimising compiler's work pays off,
     * and a remote one's size is not known before it starts: both use the quick compiler alone.
     */
    @Test
    void catOfASmallOrRemoteClpsArchiveUsesTheQuickCompilerOnly() throws Exception {
        Path small = Files.write(tmp.resolve("small.clps"), new byte[4096]);
        Path big = largeClps();
        for (String[] args : List.of(
                new String[] {"cat", small.toString()},
                new String[] {"cat", "http://host/a.clps"},
                new String[] {"cat", big.toString(), "s3://bucket/b.clps"},
                new String[] {"cat", "missing.clps"})) {
            assertCommand(checkout(args), true, false);
            assertCommand(installed(Map.of(), args), true, false);
        }
    }

    /**
     * Over TLS, AES-GCM runs as plain Java until the optimising compiler has it: its methods get
     * there early in every command that uses that compiler, over https:// and s3:// only.
     */
    @Test
    void commandsOverTlsCompileTheCiphersEarly() throws Exception {
        for (String[] args : List.of(
                new String[] {"verify", "https://host/a.zss"},
                new String[] {"export", "s3://bucket/a.caf", "out"},
                new String[] {"cat", "https://host/a.zss"})) {
            assertTrue(checkout(args).contains(EARLY_CIPHERS), () -> String.join(" ", args));
            assertTrue(installed(Map.of(), args).contains(EARLY_CIPHERS), () -> String.join(" ", args));
        }
        for (String[] args : List.of(
                new String[] {"verify", "http://host/a.zss"},
                new String[] {"verify", "a.zss"},
                new String[] {"info", "https://host/a.zss"},
                new String[] {"cat", "https://host/a.clps"})) {
            assertFalse(checkout(args).contains(EARLY_CIPHERS), () -> String.join(" ", args));
            assertFalse(installed(Map.of(), args).contains(EARLY_CIPHERS), () -> String.join(" ", args));
        }
    }

    @Test
    void verifysHeapStartsLargeEnoughForItsChunkBuffers() throws Exception {
        // The JVM takes the last of repeated options.
        assertEquals("-XX:InitialHeapSize=64m", lastHeapStart(checkout("verify", "a.zss")));
        assertEquals("-XX:InitialHeapSize=64m", lastHeapStart(installed(Map.of(), "verify", "a.zss")));
        assertEquals("-XX:InitialHeapSize=16m", lastHeapStart(checkout("cat", "a.zss")));
        assertEquals("-XX:InitialHeapSize=16m", lastHeapStart(installed(Map.of(), "info", "a.zss")));
    }

    private static String lastHeapStart(List<String> args) {
        return args.stream()
                .filter(a -> a.startsWith("-XX:InitialHeapSize="))
                .reduce((a, b) -> b)
                .orElse(null);
    }

    @Test
    void aClpsQueryUsesTheQuickCompilerOnly() throws Exception {
        assertCommand(checkout("cat", "--query", "level: ERROR", "a.clps"), true, false);
        assertCommand(installed(Map.of(), "cat", "--query=level: ERROR", "a.clps"), true, false);
    }

    @Test
    void theCachesProfilesAreLeftOutOfVerifyAndCatOnly() throws Exception {
        Map<String, String> cache = Map.of("VITRINE_AOT", "1");
        assertTrue(installed(cache, "verify", "a.zss").contains(NO_REPLAY));
        assertTrue(installed(cache, "cat", "a.zss").contains(NO_REPLAY));
        List<String> info = installed(cache, "info", "a.zss");
        assertTrue(info.stream().anyMatch(a -> a.startsWith("-XX:AOTCache=")), info::toString);
        assertFalse(info.contains(NO_REPLAY), info::toString);
    }

    @Test
    void theWindowKeepsTheDefaultHeapAndCollectsWhenIdle() throws Exception {
        for (List<String> args : List.of(checkout("a.zss"), installed(Map.of(), "a.zss"))) {
            assertTrue(args.contains("--module-path"), args::toString);
            assertTrue(args.contains(IDLE_GC), args::toString);
            assertFalse(args.contains(CAPPED), args::toString);
            assertFalse(args.contains(QUICK) || args.contains(HOT), args::toString);
        }
    }

    /**
     * A cache's classes are all loaded as the JVM starts: cat of clp-s archives, verify of local
     * ZSS files, every https:// and every s3:// command start from caches trained on that alone; other commands,
     * other formats and other URLs from the whole one. (The checkout's ./vitrine names its caches the same way, from the
     * same jvm-options.sh; it trains them on first use, which a stand-in java cannot.)
     */
    @Test
    void catOfClpsVerifyOfLocalZssHttpsAndS3StartFromTheirOwnCaches() throws Exception {
        // The cache each command should start from, then the command.
        List<List<String>> cases = List.of(
                List.of("cli-clps", "cat", "a.clps"),
                List.of("cli-clps", "cat", "--query", "level: ERROR", "/x/a.clps"),
                List.of("cli-zss", "verify", "a.zss"),
                List.of("cli-zss", "verify", "--json", "a.zs", "b.zss"),
                List.of("cli", "info", "a.clps"),
                List.of("cli", "cat", "a.zss"),
                List.of("cli-clps", "cat", "http://host/a.clps"),
                List.of("cli", "verify", "a.clps"),
                List.of("cli-s3", "verify", "s3://bucket/a.zss"),
                List.of("cli-s3", "cat", "--endpoint-url", "http://127.0.0.1:9000", "s3://bucket/a.clps"),
                List.of("cli-s3", "export", "s3://bucket/run/", "out"),
                List.of("cli-https", "info", "https://host/a.zss"),
                List.of("cli-https", "cat", "HTTPS://host/a.clps"),
                List.of("cli-s3", "info", "--endpoint-url", "https://minio:9000", "s3://bucket/a.zss"),
                List.of("cli-s3", "cat", "s3://bucket/a.clps", "https://host/b.clps"));
        for (List<String> c : cases) {
            List<String> cmd = c.subList(1, c.size());
            List<String> args = installed(Map.of("VITRINE_AOT", "1"), cmd.toArray(String[]::new));
            assertTrue(
                    args.contains("-XX:AOTCache=" + installed.resolve("lib/aot/" + c.getFirst() + ".aot")),
                    cmd + ": " + args);
        }
    }

    /**
     * Every command opens and indexes each jar on its class path: the AWS SDK's are there only for s3:// and the
     * window, the window's own libraries only for the window. A cache's class path is the one it was trained
     * with, the training's included.
     */
    @Test
    void onlyS3CommandsAndTheWindowHaveTheAwsSdkOnTheirClassPath() throws Exception {
        String lib = CHECKOUT.resolve("app/target") + "/";
        String opt = installed.resolve("lib/app") + "/";
        String app = CHECKOUT.resolve("app/target/vitrine-app.jar").toString();
        String base = app + ":" + lib + "lib/*";
        assertEquals(base, classPath(checkout("info", "a.zss")));
        assertEquals(base, classPath(checkout("cat", "--query", "level: ERROR", "https://host/a.clps")));
        assertEquals(base + ":" + lib + "lib-s3/*", classPath(checkout("verify", "s3://bucket/a.zss")));
        assertEquals(base + ":" + lib + "lib-s3/*:" + lib + "lib-gui/*", classPath(checkout("a.zss")));

        String installedBase = opt + "vitrine-app.jar:" + opt + "zstd-jni.jar";
        String installedS3 = installedBase + ":" + opt + "s3.jar:" + opt + "sdk-core.jar";
        assertEquals(installedBase, classPath(installed(Map.of(), "ls", "http://host/a.caf")));
        assertEquals(installedS3, classPath(installed(Map.of(), "ls", "s3://bucket/a.caf")));
        assertEquals(installedS3 + ":" + opt + "controlsfx.jar", classPath(installed(Map.of(), "a.zss")));
        Path out = tmp.resolve("trained.aot");
        for (String[] training : List.of(
                new String[] {"cli-clps", "cli", installedBase},
                new String[] {"cli-s3", "cli", installedS3},
                new String[] {"gui", "gui", installedS3 + ":" + opt + "controlsfx.jar"})) {
            Map<String, String> env = Map.of(
                    "VITRINE_TRAIN_CACHE", training[0],
                    "VITRINE_TRAIN_MODE", training[1],
                    "VITRINE_TRAIN_AOT", out.toString());
            assertEquals(training[2], classPath(installed(env, "samples", "work")), training[0]);
        }
    }

    private static String classPath(List<String> args) {
        return args.get(args.indexOf("-cp") + 1);
    }

    /** build.sh trains the command line's cache through the launcher with no command: cli options all the same. */
    @Test
    void trainingTheCommandLinesCacheUsesTheCommandLinesOptions() throws Exception {
        Path out = tmp.resolve("cli.aot");
        List<String> args =
                installed(Map.of("VITRINE_TRAIN_MODE", "cli", "VITRINE_TRAIN_AOT", out.toString()), "samples", "work");
        assertTrue(args.contains("-XX:AOTCacheOutput=" + out), args::toString);
        assertTrue(args.contains("dev.vitrine.app.cli.StartupTraining"), args::toString);
        assertTrue(args.contains(CAPPED), args::toString);
        assertFalse(args.contains(IDLE_GC) || args.contains("--module-path"), args::toString);
    }
}
