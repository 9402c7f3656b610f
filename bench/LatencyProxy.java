import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Benchmark helper (not a test): a TCP proxy on 127.0.0.1 that delays every request by a fixed
 * time before passing it on, to measure remote reads over a high-latency link. With COUNTS, it
 * keeps the running totals "requests bytes" (bytes sent back, headers included) in that file,
 * for servers without an access log (s3proxy): a benchmark subtracts the totals before a run.
 *   java bench/LatencyProxy.java LISTEN_PORT UPSTREAM_PORT DELAY_MS [COUNTS]
 */
public class LatencyProxy {
    static final AtomicLong requests = new AtomicLong();
    static final AtomicLong bytes = new AtomicLong();
    static Path counts;

    public static void main(String[] args) throws IOException {
        int listen = Integer.parseInt(args[0]);
        int upstream = Integer.parseInt(args[1]);
        long delay = Long.parseLong(args[2]);
        counts = args.length > 3 ? Path.of(args[3]) : null;
        if (counts != null) Thread.ofPlatform().daemon().start(LatencyProxy::writeCounts);
        try (ServerSocket server = new ServerSocket(listen, 100, InetAddress.getLoopbackAddress())) {
            while (true) {
                Socket client = server.accept();
                Thread.ofVirtual().start(() -> serve(client, upstream, delay));
            }
        }
    }

    /** Every 20 ms, the totals so far (written to a temporary name, then moved: never read half written). */
    private static void writeCounts() {
        Path tmp = counts.resolveSibling(counts.getFileName() + ".tmp");
        try {
            while (true) {
                Thread.sleep(20);
                Files.writeString(
                        tmp,
                        requests.get() + " " + bytes.get() + "\n",
                        StandardCharsets.US_ASCII,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE);
                Files.move(tmp, counts, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException | InterruptedException e) {
            // the benchmark is over
        }
    }

    private static void serve(Socket client, int upstream, long delay) {
        try (client; Socket up = new Socket(InetAddress.getLoopbackAddress(), upstream)) {
            Thread back = Thread.ofVirtual().start(() -> pump(up, client, 0, true));
            pump(client, up, delay, false);
            back.join();
        } catch (IOException | InterruptedException e) {
            // the connection ended
        }
    }

    /** Copies from one socket to the other, waiting {@code delay} ms before each burst that starts a request. */
    private static void pump(Socket from, Socket to, long delay, boolean answers) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                if (!answers && startsRequest(buf, n)) {
                    requests.incrementAndGet();
                    if (delay > 0) Thread.sleep(delay);
                }
                out.write(buf, 0, n);
                if (answers) bytes.addAndGet(n);
            }
            to.shutdownOutput();
        } catch (IOException | InterruptedException e) {
            // one side closed
        }
    }

    private static boolean startsRequest(byte[] b, int n) {
        return n >= 4 && (b[0] == 'G' && b[1] == 'E' && b[2] == 'T' || b[0] == 'H' && b[1] == 'E' && b[2] == 'A');
    }
}
