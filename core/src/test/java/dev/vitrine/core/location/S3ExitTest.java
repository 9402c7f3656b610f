package dev.vitrine.core.location;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.remote.RemoteSettings;
import dev.vitrine.core.remote.S3TestServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Reading from S3 leaves no thread waiting in native code for good: the JVM's exit waits up to
 * 0.3 s for such threads, which an s3:// command paid at every end when its fetches ran on
 * virtual threads (their blocking sockets start the JDK's pollers). Checked in a JVM of its own,
 * since this one's other tests may have started those pollers themselves.
 */
class S3ExitTest {

    @Test
    void anS3ReadStartsNoPoller() throws Exception {
        try (S3TestServer s3 = S3TestServer.start()) {
            byte[] data = new byte[300_000];
            new java.util.Random(9).nextBytes(data);
            Files.write(Files.createDirectories(s3.root().resolve("exits")).resolve("o.bin"), data);
            ProcessBuilder pb = new ProcessBuilder(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED",
                    "-cp",
                    System.getProperty("java.class.path"),
                    S3ExitTest.class.getName(),
                    s3.endpoint().toString());
            pb.environment().put("AWS_ACCESS_KEY_ID", S3TestServer.IDENTITY);
            pb.environment().put("AWS_SECRET_ACCESS_KEY", S3TestServer.CREDENTIAL);
            pb.environment().put("AWS_REGION", "us-east-1");
            pb.redirectErrorStream(true);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), out);
            assertEquals(
                    "read 300000 bytes; pollers: []",
                    out.lines().reduce((a, b) -> b).orElse(""));
        }
    }

    /** In the new JVM: reads the object whole, then names the JDK's poller threads still alive. */
    public static void main(String[] args) throws Exception {
        var options = new RemoteOptions(
                List.of(), false, URI.create(args[0]), RemoteSettings.DEFAULT.withBlockBytes(64 << 10));
        int n;
        try (ByteSource src = Locations.of("s3://exits/o.bin", options).open()) {
            n = src.read(0, (int) src.size()).length;
        }
        List<String> pollers = Thread.getAllStackTraces().keySet().stream()
                .map(Thread::getName)
                .filter(name -> name.contains("Poller"))
                .sorted()
                .toList();
        System.out.println("read " + n + " bytes; pollers: " + pollers);
    }
}
