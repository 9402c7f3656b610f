package dev.vitrine.app.instance;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One window per user: `vitrine FILE` first tries to hand FILE to a running window through a
 * Unix-domain socket only this user can reach ({@code $XDG_RUNTIME_DIR/vitrine/instance.sock},
 * else a 0700 folder of ours in the temp folder), and exits; when none answers it becomes the
 * one that listens. A socket left by a window that died is removed and taken over. No JavaFX
 * here: the hand-over happens before the toolkit would start.
 */
public final class SingleInstance {
    /** What a second `vitrine` asks the running window to open (absolute paths; URLs as typed). */
    public record Request(List<Path> files, List<String> urls) {}

    private static final String MAGIC = "vitrine-open-1";
    private static final int MAX_REQUEST = 1 << 20;
    private static final long REPLY_TIMEOUT_MS = 5_000;
    private static volatile Server claimed;

    private SingleInstance() {}

    /** The socket for this user: in $XDG_RUNTIME_DIR (a per-user 0700 folder), else in a private temp folder. */
    public static Path defaultSocket() throws IOException {
        String runtime = System.getenv("XDG_RUNTIME_DIR");
        if (runtime != null && !runtime.isBlank() && Files.isDirectory(Path.of(runtime)))
            return socketIn(Path.of(runtime));
        return privateFolder(
                        Path.of(System.getProperty("java.io.tmpdir"), "vitrine-" + System.getProperty("user.name")))
                .resolve("instance.sock");
    }

    /** The socket in the runtime folder {@code runtime}: {@code runtime/vitrine/instance.sock}, its folder 0700. */
    public static Path socketIn(Path runtime) throws IOException {
        return privateFolder(runtime.resolve("vitrine")).resolve("instance.sock");
    }

    /**
     * {@code dir}, created 0700 if missing; refused unless it is a real folder (not a link) that
     * this user owns and nobody else may enter: in a shared temp folder another user could have
     * made it first, to receive or answer the hand-over.
     */
    static Path privateFolder(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.createDirectory(
                        dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // made meanwhile: judged below like any other
            }
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) throw new IOException(dir + ": not a folder of ours");
        UserPrincipal me = dir.getFileSystem()
                .getUserPrincipalLookupService()
                .lookupPrincipalByName(System.getProperty("user.name"));
        if (!Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).equals(me))
            throw new IOException(dir + ": owned by another user");
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
        if (perms.stream()
                .anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS")))
            throw new IOException(dir + ": others may enter it");
        return dir;
    }

    /**
     * Hands {@code files} and {@code urls} to the window listening on {@code socket}: true once
     * it has taken them. Otherwise (none listening, a stale socket, no answer) claims the socket
     * for this process, so that later starts hand over to it, and returns false. Anything
     * unexpected (no private folder, no Unix sockets) returns false without claiming: the
     * window then simply starts on its own.
     */
    public static boolean handOverOrClaim(Path socket, List<Path> files, List<String> urls) {
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                if (handOver(socket, files, urls)) return true;
            } catch (IOException e) {
                // nobody listening: claim it below
            }
            try {
                claimed = Server.bind(socket);
                return false;
            } catch (java.net.BindException e) {
                // another start claimed it between our attempts: hand over to that one
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
        }
        return false;
    }

    /** The socket this process listens on, or null (--new-window, a screenshot, or it could not claim one). */
    public static Server claimed() {
        return claimed;
    }

    /** Sends the request; true when a window answered that it took it, false when it did not answer in time. */
    static boolean handOver(Path socket, List<Path> files, List<String> urls) throws IOException {
        if (!Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) throw new IOException("no socket");
        SocketChannel ch;
        try {
            ch = SocketChannel.open(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            // refused: the window that made it is gone
            Files.deleteIfExists(socket);
            throw e;
        }
        try (ch) {
            StringBuilder b = new StringBuilder(MAGIC).append('\0');
            for (Path f : files) b.append("f\0").append(f.toAbsolutePath()).append('\0');
            for (String u : urls) b.append("u\0").append(u).append('\0');
            ByteBuffer out = ByteBuffer.wrap(b.toString().getBytes(StandardCharsets.UTF_8));
            while (out.hasRemaining()) ch.write(out);
            ch.shutdownOutput();
            // A window that hangs must not hang this start too.
            CompletableFuture<String> reply = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(readAll(ch, 16), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "";
                }
            });
            try {
                return reply.get(REPLY_TIMEOUT_MS, TimeUnit.MILLISECONDS).equals("ok\n");
            } catch (Exception e) {
                return false;
            }
        }
    }

    private static byte[] readAll(SocketChannel ch, int max) throws IOException {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        ByteBuffer buf = ByteBuffer.allocate(8192);
        while (ch.read(buf) >= 0) {
            buf.flip();
            got.write(buf.array(), 0, buf.limit());
            buf.clear();
            if (got.size() > max) throw new IOException("request too large");
        }
        return got.toByteArray();
    }

    /** A request's bytes, or null when they are not one (another program, a different version). */
    static Request parse(byte[] bytes) {
        String[] t = new String(bytes, StandardCharsets.UTF_8).split("\0", -1);
        if (t.length < 1 || !t[0].equals(MAGIC)) return null;
        List<Path> files = new ArrayList<>();
        List<String> urls = new ArrayList<>();
        for (int i = 1; i + 1 < t.length; i += 2) {
            switch (t[i]) {
                case "f" -> {
                    Path p = Path.of(t[i + 1]);
                    if (!p.isAbsolute()) return null;
                    files.add(p);
                }
                case "u" -> urls.add(t[i + 1]);
                default -> {
                    return null;
                }
            }
        }
        return new Request(List.copyOf(files), List.copyOf(urls));
    }

    /** The listening side: takes requests on a daemon thread and gives them to the window. */
    public static final class Server implements AutoCloseable {
        private final ServerSocketChannel channel;
        private final Path socket;
        private final List<Request> waiting = new ArrayList<>();
        private Consumer<Request> handler;

        private Server(ServerSocketChannel channel, Path socket) {
            this.channel = channel;
            this.socket = socket;
        }

        /** Listens on {@code socket} (readable and writable by this user alone). */
        public static Server bind(Path socket) throws IOException {
            ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                ch.bind(UnixDomainSocketAddress.of(socket));
                Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            } catch (IOException e) {
                ch.close();
                throw e;
            }
            Server s = new Server(ch, socket);
            // Ended by a signal (logout, kill), the window still removes its socket.
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "vitrine-instance-close"));
            Thread t = new Thread(s::serve, "vitrine-instance");
            t.setDaemon(true);
            t.start();
            return s;
        }

        /** Gives requests to {@code h} (on this server's thread), those that came before it first. */
        public synchronized void onRequest(Consumer<Request> h) {
            handler = h;
            for (Request r : waiting) h.accept(r);
            waiting.clear();
        }

        private void serve() {
            while (channel.isOpen()) {
                try (SocketChannel c = channel.accept()) {
                    if (!sameUser(c)) continue;
                    Request r = parse(readAll(c, MAX_REQUEST));
                    if (r == null) continue;
                    deliver(r);
                    c.write(ByteBuffer.wrap("ok\n".getBytes(StandardCharsets.US_ASCII)));
                } catch (IOException e) {
                    // one bad client; closed channel ends the loop
                }
            }
        }

        private synchronized void deliver(Request r) {
            if (handler != null) handler.accept(r);
            else waiting.add(r);
        }

        /** The folder is private already; the peer's user is checked too where the system tells it. */
        private static boolean sameUser(SocketChannel c) {
            try {
                var peer = c.getOption(jdk.net.ExtendedSocketOptions.SO_PEERCRED);
                return peer.user().getName().equals(System.getProperty("user.name"));
            } catch (IOException | UnsupportedOperationException e) {
                return true;
            }
        }

        private final java.util.concurrent.atomic.AtomicBoolean closed =
                new java.util.concurrent.atomic.AtomicBoolean();

        /** Stops listening and removes the socket, once: a later window may have made one at the same path. */
        @Override
        public void close() {
            if (!closed.compareAndSet(false, true)) return;
            try {
                channel.close();
                Files.deleteIfExists(socket);
            } catch (IOException e) {
                // gone already
            }
        }
    }
}
