import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * Benchmark helper (not a test): a TCP proxy on 127.0.0.1 that delays every request by a fixed
 * time before passing it on, to measure remote reads over a high-latency link.
 *   java bench/LatencyProxy.java LISTEN_PORT UPSTREAM_PORT DELAY_MS
 */
public class LatencyProxy {
    public static void main(String[] args) throws IOException {
        int listen = Integer.parseInt(args[0]);
        int upstream = Integer.parseInt(args[1]);
        long delay = Long.parseLong(args[2]);
        try (ServerSocket server = new ServerSocket(listen, 100, InetAddress.getLoopbackAddress())) {
            while (true) {
                Socket client = server.accept();
                Thread.ofVirtual().start(() -> serve(client, upstream, delay));
            }
        }
    }

    private static void serve(Socket client, int upstream, long delay) {
        try (client; Socket up = new Socket(InetAddress.getLoopbackAddress(), upstream)) {
            Thread back = Thread.ofVirtual().start(() -> pump(up, client, 0));
            pump(client, up, delay);
            back.join();
        } catch (IOException | InterruptedException e) {
            // the connection ended
        }
    }

    /** Copies from one socket to the other, waiting {@code delay} ms before each burst that starts a request. */
    private static void pump(Socket from, Socket to, long delay) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                if (delay > 0 && startsRequest(buf, n)) Thread.sleep(delay);
                out.write(buf, 0, n);
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
