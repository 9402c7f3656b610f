package dev.vitrine.core.remote;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * s3proxy (Maven Central, test scope) serving the S3 API over a local folder, as its own process
 * on 127.0.0.1 and a free port, stopped by PID. With its filesystem provider a bucket is a
 * folder of {@link #root()}, so fixtures are copied in without an upload client.
 */
public final class S3TestServer implements AutoCloseable {
    public static final String IDENTITY = "vitrine-test";
    public static final String CREDENTIAL = "vitrine-test-secret";

    private final Path root;
    private final Path work;
    private final Process process;
    private final int port;

    private S3TestServer(Path root, Path work, Process process, int port) {
        this.root = root;
        this.work = work;
        this.process = process;
        this.port = port;
    }

    public static S3TestServer start() throws IOException {
        Path work = Files.createTempDirectory("vitrine-s3proxy-");
        Path root = Files.createDirectories(work.resolve("buckets"));
        int port = TestServers.freePort();
        Path props = work.resolve("s3proxy.properties");
        Files.writeString(
                props,
                String.join(
                                "\n",
                                "s3proxy.endpoint=http://127.0.0.1:" + port,
                                "s3proxy.authorization=aws-v2-or-v4",
                                "s3proxy.identity=" + IDENTITY,
                                "s3proxy.credential=" + CREDENTIAL,
                                "jclouds.provider=filesystem-nio2",
                                "jclouds.identity=" + IDENTITY,
                                "jclouds.credential=" + CREDENTIAL,
                                "jclouds.filesystem.basedir=" + root)
                        + "\n");
        String java = ProcessHandle.current().info().command().orElse("java");
        Path log = work.resolve("s3proxy.log");
        Process p = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        "org.gaul.s3proxy.Main",
                        "--properties",
                        props.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        TestServers.awaitListening(port, p, log);
        return new S3TestServer(root, work, p, port);
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The folder behind the buckets: {@code root().resolve(BUCKET)} is a bucket. */
    public Path root() {
        return root;
    }

    @Override
    public void close() throws IOException {
        TestServers.stop(process);
        try (var files = Files.walk(work)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(f -> f.toFile().delete());
        }
    }
}
