package dev.vitrine.app.cli;

import dev.vitrine.core.io.FileTrees;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A training run for the JVM's ahead-of-time cache (JDK 25, {@code -XX:AOTCacheOutput}): the
 * launcher runs this once after a build, and later commands start from the classes, linking
 * and method profiles it recorded instead of loading and warming up from scratch (about half
 * a second of every short command). It runs the real commands, in this one JVM, on the bundled
 * samples and on files it writes to a scratch folder, so the cache holds what real use loads.
 *
 * <p>Usage: {@code StartupTraining SAMPLES_DIR SCRATCH_DIR [clps|zss|s3]}. With {@code clps}, only
 * {@code cat} of a clp-s archive runs, local with and without queries and over http://; with {@code zss}, only
 * {@code verify} of the ZSS and ZS samples; with {@code s3}, the commands on s3:// objects; with {@code https},
 * those on https:// archives: the caches those commands start from (a cache's
 * classes are all loaded as the JVM starts, so a smaller one starts sooner). Output goes nowhere;
 * the scratch folder is emptied at the end. Failing commands are fine (broken samples are part
 * of it).
 */
public final class StartupTraining {
    private StartupTraining() {}

    public static void main(String[] args) throws IOException {
        dev.vitrine.core.io.ZstdNative.prepare();
        String only = args.length == 3 ? args[2] : "";
        if (args.length != 2 && !List.of("clps", "zss", "s3", "https").contains(only)) {
            System.err.println("usage: StartupTraining SAMPLES_DIR SCRATCH_DIR [clps|zss|s3|https]");
            System.exit(2);
        }
        Path samples = Path.of(args[0]);
        Path scratch = Files.createDirectories(Path.of(args[1]));
        try {
            if (only.equals("clps")) {
                clpsCat(samples);
                // cat of an http:// clp-s archive starts from this cache too: the HTTP client's classes
                http(samples, List.of("cat"), "app-logs.clps");
                run("cat", "--help");
            } else if (only.equals("s3")) {
                s3(samples, scratch);
            } else if (only.equals("https")) {
                https(samples, scratch);
            } else if (only.equals("zss")) {
                for (Path f : zssSamples(samples)) run("verify", f.toString());
                run("verify", "--help");
            } else {
                train(samples, scratch);
            }
        } finally {
            deleteTree(scratch);
        }
    }

    private static List<Path> zssSamples(Path samples) throws IOException {
        List<Path> zss = new ArrayList<>();
        try (Stream<Path> s = Files.list(samples)) {
            s.filter(p -> p.toString().endsWith(".zss") || p.toString().endsWith(".zs"))
                    .sorted()
                    .forEach(zss::add);
        }
        return zss;
    }

    private static void train(Path samples, Path scratch) throws IOException {
        List<Path> zss = zssSamples(samples);
        // A file big enough for the hot loops (block scan, CRC, record splitting) to be profiled.
        Path records = scratch.resolve("records.txt");
        writeRecords(records, 100_000);
        Path big = scratch.resolve("big.zss");
        run("create", "zss", "--codec", "none", records.toString(), big.toString());
        zss.add(big);
        // Deflate blocks are what most ZSS files hold: their verify's inflate and hash loops profiled too.
        Path deflate = scratch.resolve("big-deflate.zss");
        run("create", "zss", "--codec", "deflate", records.toString(), deflate.toString());
        zss.add(deflate);

        for (Path f : zss) {
            String p = f.toString();
            run("info", p);
            run("verify", p);
            run("tree", p);
            run("cat", p);
        }
        String p = big.toString();
        run("info", "--json", p);
        run("verify", "--json", p);
        run("cat", "--length-prefixed", "uleb128", p);
        run("cat", "--prefix", "key-0001", p);
        run("cat", "--start", "key-0002", "--stop", "key-0003", p);

        clps(samples);
        caf(scratch);
        http(samples, List.of("info", "verify", "cat"), "weather-none.zss", "app-logs.clps");
        run("--help");
        run("verify", "--help");
    }

    /**
     * clp-s: a local cat, and one query of each class the search answers differently (the KQL
     * parser, the dictionary check, column paths, arrays, timestamps, wildcard keys, a folded NOT
     * chain, a key no schema has): a query's classes loaded cold cost more than the search itself
     * on a small archive.
     */
    private static void clps(Path samples) {
        Path clps = samples.resolve("app-logs.clps");
        if (Files.exists(clps)) {
            run("info", clps.toString());
            run("verify", clps.toString());
        }
        clpsCat(samples);
    }

    /** {@code cat} of a local clp-s archive, with a query of each class ({@link #clps}). */
    private static void clpsCat(Path samples) {
        Path clps = samples.resolve("app-logs.clps");
        if (Files.exists(clps)) {
            String c = clps.toString();
            // Rendering is most of a big archive's cat: enough records for its methods' profiles to be
            // complete, so they compile to their final form early instead of after a first slow pass.
            for (int i = 0; i < 10; i++) run("cat", c);
            for (String q : List.of(
                    "level: ERROR AND http.status >= 500",
                    "message: \"*timed out*\"",
                    "*: \"bob\"",
                    "timestamp >= timestamp(\"2024-03-14T09:40:00Z\")",
                    "tags: \"retry\" AND http.method: POST",
                    "NOT http.latency_ms < 500.5",
                    "NOT http.bytes: 100 AND NOT http.bytes: 6107 AND NOT http.bytes: 12114",
                    "level: NO_SUCH_LEVEL",
                    "no.such.key: 1")) run("cat", "--query", q, c);
        }
    }

    /** CAF: pack a folder of small files, then list, verify, export and read one back. */
    private static void caf(Path scratch) throws IOException {
        Path folder = Files.createDirectories(scratch.resolve("folder/sub"));
        for (int i = 0; i < 500; i++) {
            Files.writeString(folder.resolve("file-" + i + ".txt"), "entry " + i + "\n".repeat(1 + i % 50));
        }
        Path caf = scratch.resolve("files.caf");
        run("create", "caf", scratch.resolve("folder").toString(), caf.toString());
        for (int i = 0; i < 2; i++) {
            run("info", caf.toString());
            run("info", "--json", caf.toString());
            run("ls", caf.toString());
            run("ls", "--json", caf.toString());
            run("verify", caf.toString());
            run("verify", "--json", caf.toString());
            run("cat", caf.toString(), "sub/file-7.txt");
        }
        run("export", caf.toString(), scratch.resolve("out").toString());
    }

    /**
     * The commands on http:// archives: the JDK's HTTP client and the remote reads (s3:// stays out:
     * its SDK loads only for it).
     */
    private static void http(Path samples, List<String> commands, String... names) throws IOException {
        try (TrainingServer http = new TrainingServer(samples)) {
            for (String name : names) {
                for (String command : commands) run(command, http.url(name));
            }
        }
    }

    /**
     * The commands on s3:// objects, for the cache s3:// commands start from: the AWS SDK's client,
     * its signing and default chains (1,500 classes, a second of every s3:// command loaded cold).
     * Credentials and region as system properties, first in the SDK's chains, so the user's own
     * (environment, profiles) are never read here.
     */
    private static void s3(Path samples, Path scratch) throws IOException {
        System.setProperty("aws.accessKeyId", "training");
        System.setProperty("aws.secretAccessKey", "training");
        System.setProperty("aws.region", "us-east-1");
        try (TrainingServer s3 = new TrainingServer(samples)) {
            for (String name : List.of("weather-none.zss", "app-logs.clps")) {
                String url = "s3://" + TrainingServer.BUCKET + "/" + name;
                for (String command : List.of("info", "verify", "tree", "cat"))
                    run(command, "--endpoint-url", s3.endpoint(), url);
            }
        }
        // AWS's own endpoints are https://: the SDK's client over TLS too
        TrainingTls tls = tls(scratch);
        if (tls != null) {
            try (TrainingServer s3 = new TrainingServer(samples, tls.server())) {
                for (String command : List.of("info", "cat"))
                    run(
                            command,
                            "--ca-bundle",
                            tls.bundle().toString(),
                            "--endpoint-url",
                            s3.endpoint(),
                            "s3://" + TrainingServer.BUCKET + "/weather-none.zss");
            }
        }
        run("info", "--help");
    }

    /**
     * The commands on https:// archives, for the cache those start from: the JDK's TLS (handshake,
     * certificate path checks, a PEM bundle read; 0.3 s of an https:// command loaded cold), over
     * the commands and formats an http:// one trains.
     */
    private static void https(Path samples, Path scratch) throws IOException {
        TrainingTls tls = tls(scratch);
        if (tls == null) return;
        try (TrainingServer https = new TrainingServer(samples, tls.server())) {
            String bundle = tls.bundle().toString();
            for (String name : List.of("weather-none.zss", "weather-lzma.zs", "app-logs.clps"))
                for (String command : List.of("info", "verify", "tree", "cat"))
                    run(command, "--ca-bundle", bundle, https.url(name));
            run("info", "--json", "--ca-bundle", bundle, https.url("weather-none.zss"));
            // The platform's authorities (or AWS_CA_BUNDLE's) read too: they refuse this certificate.
            run("info", https.url("weather-none.zss"));
        }
        run("info", "--help");
    }

    /** The training's TLS key and certificate, or null (said) when this runtime cannot make them. */
    private static TrainingTls tls(Path scratch) {
        try {
            return TrainingTls.make(scratch);
        } catch (IOException | java.security.GeneralSecurityException e) {
            System.err.println("StartupTraining: no https:// training: " + e.getMessage());
            return null;
        }
    }

    private static void writeRecords(Path out, int n) throws IOException {
        StringBuilder sb = new StringBuilder(n * 40);
        for (int i = 0; i < n; i++) {
            sb.append(String.format("key-%09d\tvalue %d of the training records%n", i, i * 7919L % 100_000));
        }
        Files.writeString(out, sb, StandardCharsets.UTF_8);
    }

    private static final boolean TRACE = Boolean.getBoolean("vitrine.trace");

    private static void run(String... args) {
        long t0 = System.nanoTime();
        VitrineCli.run(args, OutputStream.nullOutputStream(), new PrintWriter(OutputStream.nullOutputStream()));
        if (TRACE) System.err.printf("%6.0f ms %s%n", (System.nanoTime() - t0) / 1e6, String.join(" ", args));
    }

    private static void deleteTree(Path root) {
        try {
            FileTrees.delete(root);
        } catch (IOException e) {
            System.err.println("StartupTraining: could not empty " + root + ": " + e.getMessage());
        }
    }
}
