package dev.vitrine.app.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The smallest HTTP server that answers ranged GETs from one folder, on loopback, for the
 * start-up training only (the commands' and the window's): http:// archives then start with the
 * JDK's HTTP client and Vitrine's remote reads in the ahead-of-time cache, as local ones do; and
 * s3:// ones with the AWS SDK's, as an S3 GetObject of a range is the same GET. Not a server for
 * anything else (one request per connection, no keep-alive, no paths outside the folder).
 */
public final class TrainingServer implements AutoCloseable {
    private static final Pattern RANGE = Pattern.compile("(?i)^range:\\s*bytes=(\\d+)-(\\d+)\\s*$");

    /** The bucket an S3 client names (s3://training/NAME at {@link #endpoint()}): the same folder. */
    public static final String BUCKET = "training";

    private final Path root;
    private final ServerSocket server;

    public TrainingServer(Path root) throws IOException {
        this(root, null);
    }

    /** Over TLS with {@code tls}'s key when given: https:// addresses and an https:// S3 endpoint. */
    public TrainingServer(Path root, javax.net.ssl.SSLContext tls) throws IOException {
        this.root = root;
        this.server = tls == null
                ? new ServerSocket(0, 16, InetAddress.getLoopbackAddress())
                : tls.getServerSocketFactory().createServerSocket(0, 16, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("training-http").start(this::serve);
    }

    public String url(String name) {
        return endpoint() + "/" + name;
    }

    /** The server as an S3 endpoint (path-style, anonymous or any credentials). */
    public String endpoint() {
        return (server instanceof javax.net.ssl.SSLServerSocket ? "https" : "http") + "://127.0.0.1:"
                + server.getLocalPort();
    }

    private void serve() {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                answer(s);
            } catch (IOException e) {
                // a closed server or a client gone: the next one, or the end
            }
        }
    }

    private void answer(Socket s) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
        String request = in.readLine();
        long from = 0;
        long to = Long.MAX_VALUE;
        for (String line; (line = in.readLine()) != null && !line.isEmpty(); ) {
            Matcher m = RANGE.matcher(line);
            if (m.matches()) {
                from = Long.parseLong(m.group(1));
                to = Long.parseLong(m.group(2));
            }
        }
        OutputStream out = s.getOutputStream();
        // "GET /NAME", or an S3 client's path-style "GET /training/NAME?x-id=GetObject"
        String name = request == null
                ? ""
                : request.replaceFirst("^GET /(?:" + BUCKET + "/)?([^ /?]+)(?:\\?[^ ]*)? .*$", "$1");
        Path file = root.resolve(name);
        if (name.contains("/") || name.startsWith(".") || !Files.isRegularFile(file)) {
            out.write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            return;
        }
        byte[] all = Files.readAllBytes(file);
        int a = (int) Math.min(from, all.length);
        int b = (int) Math.min(to, all.length - 1L);
        out.write(("HTTP/1.1 206 Partial Content\r\nContent-Length: " + (b - a + 1) + "\r\nContent-Range: bytes " + a
                        + "-" + b + "/" + all.length + "\r\nETag: \"training\"\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.write(all, a, b - a + 1);
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
