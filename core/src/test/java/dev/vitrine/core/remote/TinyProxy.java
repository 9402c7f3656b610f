package dev.vitrine.core.remote;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Debian's tinyproxy (package tinyproxy-bin), an HTTP proxy with CONNECT for https://, on
 * 127.0.0.1 and a free port, from a config the test writes, with a user and password if asked;
 * its log tells the tests which requests went through it. Stopped by its PID.
 */
public final class TinyProxy implements AutoCloseable {
    private final Path dir;
    private final Process process;
    private final int port;

    private TinyProxy(Path dir, Process process, int port) {
        this.dir = dir;
        this.process = process;
        this.port = port;
    }

    public static boolean available() {
        return TestServers.onPath("tinyproxy");
    }

    /** A proxy for everyone. */
    public static TinyProxy start() throws IOException {
        return start(null, null);
    }

    /** A proxy that asks for {@code user} and {@code password} (none when null). */
    public static TinyProxy start(String user, String password) throws IOException {
        Path dir = Files.createTempDirectory("vitrine-tinyproxy-");
        int port = TestServers.freePort();
        Path log = dir.resolve("tinyproxy.log");
        StringBuilder conf = new StringBuilder()
                .append("Port ")
                .append(port)
                .append('\n')
                .append("Listen 127.0.0.1\n")
                .append("Timeout 60\n")
                .append("LogFile \"")
                .append(log)
                .append("\"\n")
                .append("LogLevel Connect\n")
                .append("MaxClients 50\n")
                .append("DisableViaHeader Yes\n");
        // no ConnectPort line: CONNECT to any port (the test servers' are free ones, not 443)
        if (user != null)
            conf.append("BasicAuth ").append(user).append(' ').append(password).append('\n');
        Path confFile = Files.writeString(dir.resolve("tinyproxy.conf"), conf);
        String tinyproxy = Files.isExecutable(Path.of("/usr/bin/tinyproxy")) ? "/usr/bin/tinyproxy" : "tinyproxy";
        Process p = new ProcessBuilder(tinyproxy, "-d", "-c", confFile.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.log").toFile())
                .start();
        TestServers.awaitListening(port, p, dir.resolve("stdout.log"));
        return new TinyProxy(dir, p, port);
    }

    /** "http://127.0.0.1:PORT", with "USER:PASSWORD@" when given: what http_proxy holds. */
    public String address(String login) {
        return "http://" + (login == null ? "" : login + "@") + "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** The requests it passed on: "GET http://…" for http://, "CONNECT host:port" for a tunnel. */
    public List<String> requests() throws IOException {
        Path log = dir.resolve("tinyproxy.log");
        if (!Files.exists(log)) return List.of();
        // its log is Latin-1 at worst: read as bytes, never failing on one
        String text = new String(Files.readAllBytes(log), java.nio.charset.StandardCharsets.ISO_8859_1);
        return text.lines()
                .filter(l -> l.contains("]: Request (file descriptor"))
                .map(l -> l.substring(l.indexOf("): ") + 3))
                .toList();
    }

    @Override
    public void close() throws IOException {
        TestServers.stop(process);
        dev.vitrine.core.testing.TempTrees.delete(dir);
    }
}
