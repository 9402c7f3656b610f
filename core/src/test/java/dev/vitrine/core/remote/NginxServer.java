package dev.vitrine.core.remote;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Debian's nginx serving a folder on 127.0.0.1 and a free port, from a config the test writes;
 * its access log tells the tests how many requests and bytes a command cost.
 */
public final class NginxServer implements AutoCloseable {
    /** One line of the access log. */
    public record Request(String method, String uri, String range, int status, long bytes) {}

    private final Path dir;
    private final Path log;
    private final Process process;
    private final int port;

    private NginxServer(Path dir, Path log, Process process, int port) {
        this.dir = dir;
        this.log = log;
        this.process = process;
        this.port = port;
    }

    public static boolean available() {
        return TestServers.onPath("nginx");
    }

    /** Serves {@code root} until closed. */
    public static NginxServer serve(Path root) throws IOException {
        Path dir = Files.createTempDirectory("vitrine-nginx-");
        int port = TestServers.freePort();
        Path log = dir.resolve("access.log");
        String conf = """
                daemon off;
                master_process off;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;
                events { worker_connections 256; }
                http {
                    log_format vitrine '$request_method $uri "$http_range" $status $body_bytes_sent';
                    access_log %2$s vitrine;
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                    types { application/octet-stream bin; }
                    default_type application/octet-stream;
                    server {
                        listen 127.0.0.1:%3$d;
                        root %4$s;
                        location /moved/ { rewrite ^/moved/(.*)$ /$1 redirect; }
                        location /loop/ { rewrite ^ /loop/again redirect; }
                        location /secret/ { return 403; }
                        location /private/ {
                            auth_basic "vitrine";
                            auth_basic_user_file %1$s/htpasswd;
                            alias %4$s/;
                        }
                    }
                }
                """.formatted(dir, log, port, root.toAbsolutePath());
        // /private/ serves the same files to user "bob", password "pa@ss word" only
        Files.writeString(dir.resolve("htpasswd"), "bob:{PLAIN}pa@ss word\n");
        Path confFile = dir.resolve("nginx.conf");
        Files.writeString(confFile, conf);
        String nginx = Files.isExecutable(Path.of("/usr/sbin/nginx")) ? "/usr/sbin/nginx" : "nginx";
        Process p = new ProcessBuilder(
                        nginx,
                        "-p",
                        dir.toString(),
                        "-c",
                        confFile.toString(),
                        "-e",
                        dir.resolve("error.log").toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.log").toFile())
                .start();
        TestServers.awaitListening(port, p, dir.resolve("error.log"));
        return new NginxServer(dir, log, p, port);
    }

    public String url(String path) {
        return "http://127.0.0.1:" + port + "/" + path;
    }

    public int port() {
        return port;
    }

    /**
     * The requests served so far. nginx writes a request's line once its response is sent, which
     * can be just after the client has read the last byte: the log is read once it has been still
     * for a moment, or a test would miss its last request (or count the one before it cleared).
     */
    public List<Request> requests() throws IOException {
        settle();
        List<Request> out = new ArrayList<>();
        if (!Files.exists(log)) return out;
        for (String line : Files.readAllLines(log)) {
            String[] a = line.split(" ");
            int q1 = line.indexOf('"');
            int q2 = line.indexOf('"', q1 + 1);
            String range = line.substring(q1 + 1, q2);
            String[] tail = line.substring(q2 + 2).split(" ");
            out.add(new Request(
                    a[0], a[1], range.equals("-") ? "" : range, Integer.parseInt(tail[0]), Long.parseLong(tail[1])));
        }
        return out;
    }

    /** Forgets the requests so far, so a test counts only what comes next. */
    public void clearLog() throws IOException {
        settle();
        Files.write(log, new byte[0]);
    }

    /** Waits until the log has not grown for 50 ms (at most 2 s: a test may be reading on). */
    private void settle() throws IOException {
        long deadline = System.nanoTime() + 2_000_000_000L;
        long size = -1;
        long stillSince = 0;
        while (System.nanoTime() < deadline) {
            long now = Files.exists(log) ? Files.size(log) : 0;
            if (now != size) {
                size = now;
                stillSince = System.nanoTime();
            } else if (System.nanoTime() - stillSince >= 50_000_000L) {
                return;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        TestServers.stop(process);
        dev.vitrine.core.testing.TempTrees.delete(dir);
    }
}
