package dev.vitrine.core.remote;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * s3proxy (Maven Central, test scope) serving the S3 API over a local folder, as its own process
 * on 127.0.0.1 and a free port, stopped by PID. With its filesystem provider a bucket is a
 * folder of {@link #root()}, so fixtures are copied in without an upload client. Starting one
 * also points the SDK's default credential and region chains at it (system properties, which
 * the SDK reads before the environment and ~/.aws).
 */
public final class S3TestServer implements AutoCloseable {
    public static final String IDENTITY = "vitrine-test";
    public static final String CREDENTIAL = "vitrine-test-secret";

    private final Path root;
    private final Path work;
    private final Process process;
    private final int port;
    private final String scheme;

    private S3TestServer(Path root, Path work, Process process, int port, String scheme) {
        this.root = root;
        this.work = work;
        this.process = process;
        this.port = port;
        this.scheme = scheme;
    }

    /** A server whose {@code bucket} (or bucket/prefix) holds a copy of {@code folder}'s tree. */
    public static S3TestServer serving(String bucket, Path folder) throws IOException {
        S3TestServer s = start();
        try {
            return s.put(bucket, folder);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** Copies a file, or a folder's tree, to {@code key} ("bucket" or "bucket/prefix/..."). */
    public S3TestServer put(String key, Path from) throws IOException {
        Path to = root.resolve(key);
        try (var files = Files.walk(from)) {
            for (Path f : files.sorted().toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(t);
                else {
                    Files.createDirectories(t.getParent());
                    Files.copy(f, t);
                }
            }
        }
        return this;
    }

    public static S3TestServer start() throws IOException {
        return start(null);
    }

    /** One serving https:// only, with {@code tls}'s certificate (null: plain http://). */
    public static S3TestServer start(TestCertificates tls) throws IOException {
        System.setProperty("aws.accessKeyId", IDENTITY);
        System.setProperty("aws.secretAccessKey", CREDENTIAL);
        System.setProperty("aws.region", "us-east-1");
        Path work = Files.createTempDirectory("vitrine-s3proxy-");
        Path root = Files.createDirectories(work.resolve("buckets"));
        int port = TestServers.freePort();
        Path props = work.resolve("s3proxy.properties");
        Files.writeString(
                props,
                String.join(
                                "\n",
                                tls == null
                                        ? "s3proxy.endpoint=http://127.0.0.1:" + port
                                        : "s3proxy.secure-endpoint=https://127.0.0.1:" + port
                                                + "\ns3proxy.keystore-path=" + tls.keyStore()
                                                + "\ns3proxy.keystore-password=" + tls.password(),
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
        return new S3TestServer(root, work, p, port, tls == null ? "http" : "https");
    }

    public URI endpoint() {
        return URI.create(scheme + "://127.0.0.1:" + port);
    }

    /** The folder behind the buckets: {@code root().resolve(BUCKET)} is a bucket. */
    public Path root() {
        return root;
    }

    @Override
    public void close() throws IOException {
        TestServers.stop(process);
        dev.vitrine.core.testing.TempTrees.delete(work);
    }
}
