package dev.vitrine.core.remote;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Python HTTP server on loopback for the behaviours nginx does not have: its http.server
 * ignores Range, a script of servers/ misbehaves on purpose. Started on a free port, stopped by
 * {@link #close}.
 */
public final class PythonServer implements AutoCloseable {
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    private final Process process;
    private final int port;

    private PythonServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    public static boolean available() {
        return Files.isExecutable(PYTHON);
    }

    /**
     * Runs {@code python3 ARGS...}, where the argument "PORT" becomes the free port chosen, and
     * waits until it listens.
     */
    public static PythonServer start(String... args) throws IOException, InterruptedException {
        int port = TestPorts.free();
        List<String> command = new ArrayList<>(List.of(PYTHON.toString()));
        for (String a : args) command.add(a.equals("PORT") ? String.valueOf(port) : a);
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        for (int i = 0; i < 200 && p.isAlive(); i++) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return new PythonServer(p, port);
            } catch (IOException e) {
                Thread.sleep(50);
            }
        }
        p.destroy();
        throw new IOException(String.join(" ", command) + " did not start");
    }

    public String url(String path) {
        return "http://127.0.0.1:" + port + "/" + path;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor(10, TimeUnit.SECONDS);
    }
}
