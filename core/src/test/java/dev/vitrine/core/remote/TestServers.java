package dev.vitrine.core.remote;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** What the real servers of the remote tests share: free loopback ports, waiting, stopping by PID. */
final class TestServers {
    private TestServers() {}

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Waits until something listens on {@code port}, or fails with what the process said. */
    static void awaitListening(int port, Process p, Path log) throws IOException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                if (!p.isAlive()) break;
                try {
                    Thread.sleep(50);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        String said = log != null && Files.exists(log) ? Files.readString(log) : "";
        stop(p);
        throw new IOException("server did not start on port " + port + ": " + said);
    }

    /** Stops a server by its PID: TERM, then KILL if it lingers. */
    static void stop(Process p) {
        if (p == null) return;
        p.toHandle().descendants().forEach(ProcessHandle::destroy);
        p.destroy();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, tool))) return true;
        }
        return Files.isExecutable(Path.of("/usr/sbin", tool));
    }
}
