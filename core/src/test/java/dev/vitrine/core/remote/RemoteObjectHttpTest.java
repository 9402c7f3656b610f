package dev.vitrine.core.remote;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Remote reads against a real nginx: requests, bytes, pinning, faults through a TCP proxy. */
class RemoteObjectHttpTest {
    private static final int BLOCK = 64 << 10;
    private static final RemoteSettings SETTINGS = RemoteSettings.DEFAULT
            .withBlockBytes(BLOCK)
            .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(10));

    @TempDir
    static Path root;

    static NginxServer nginx;
    static byte[] data;

    @BeforeAll
    static void start() throws IOException {
        assumeTrue(NginxServer.available(), "nginx is not installed (.ci/run installs nginx-light)");
        data = new byte[3 * 1024 * 1024 + 123];
        new Random(7).nextBytes(data);
        Files.write(root.resolve("a.bin"), data);
        nginx = NginxServer.serve(root);
    }

    @AfterAll
    static void stop() throws IOException {
        if (nginx != null) nginx.close();
    }

    @BeforeEach
    void clear() throws IOException {
        nginx.clearLog();
    }

    private static RemoteObject open(String url) throws IOException {
        return RemoteObject.open(new HttpTransport(URI.create(url), List.of(), SETTINGS), SETTINGS);
    }

    /**
     * Settings for a scan that passes what it read: a cache limit of its own (caches are shared
     * by limit), far over the object ({@code extraBlocks} tells tests' limits apart); read-ahead
     * of 8 blocks in requests of 4.
     */
    private static RemoteSettings scanSettings(int extraBlocks) {
        return new RemoteSettings(
                BLOCK,
                (8 << 20) + extraBlocks * BLOCK,
                8 * BLOCK,
                4 * BLOCK,
                4,
                2,
                SETTINGS.connectTimeout(),
                SETTINGS.responseTimeout(),
                SETTINGS.idleTimeout(),
                SETTINGS.wholeBodyBytes());
    }

    /** Reads the block at {@code at} (up to {@code end}) into {@code got}, then says it passed it. */
    private static void readAndPass(RemoteObject o, byte[] got, int at, int end) throws IOException {
        int n = Math.min(BLOCK, end - at);
        o.read(at, got, at, n);
        o.passed(at + n);
    }

    /** Body bytes nginx sent since the log was cleared. */
    private static long fetched() throws IOException {
        return nginx.requests().stream().mapToLong(NginxServer.Request::bytes).sum();
    }

    @Test
    void openIsOneRangedGetThatGivesSizeVersionAndFirstBlock() throws IOException {
        try (RemoteObject o = open(nginx.url("a.bin"))) {
            assertEquals(data.length, o.size());
            assertTrue(o.version() != null && o.version().startsWith("\""), "nginx's strong ETag pins the object");
            byte[] head = new byte[64];
            o.read(0, head, 0, 64);
            assertArrayEquals(Arrays.copyOf(data, 64), head);
            List<NginxServer.Request> rs = nginx.requests();
            assertEquals(1, rs.size(), "the header came with the opening request: " + rs);
            assertEquals("GET", rs.getFirst().method());
            assertEquals("bytes=0-" + (BLOCK - 1), rs.getFirst().range());
            assertEquals(206, rs.getFirst().status());
        }
    }

    @Test
    void closingTheObjectStopsItsClientsThreads() throws IOException {
        // a client thread left in a native poll holds every command's exit back by 300 ms
        // Told apart by identity: another test's client may still be ending its own as this one starts.
        java.util.Set<Thread> before = selectors();
        java.util.Set<Thread> mine = new java.util.HashSet<>();
        try (RemoteObject o = open(nginx.url("a.bin"))) {
            o.read(0, new byte[16], 0, 16);
            mine.addAll(selectors());
            mine.removeAll(before);
            assertEquals(1, mine.size(), "the client's selector runs while the object is open");
        }
        assertTrue(mine.stream().noneMatch(Thread::isAlive), "no selector thread outlives the object");
    }

    /** An address that cannot be opened (here a missing object) leaves no client thread running either. */
    @Test
    void aFailedOpenLeavesNoClientThreadBehind() throws IOException {
        long before = selectorThreads();
        var l = dev.vitrine.core.location.Locations.of(
                nginx.url("no-such.bin"), dev.vitrine.core.location.RemoteOptions.DEFAULT);
        assertEquals(
                "no such object (HTTP 404)",
                assertThrows(RemoteException.class, l::stat).reason());
        // other tests' clients may still be closing: the count may fall, never rise
        assertTrue(selectorThreads() <= before, "a selector thread outlives the failed open");
    }

    private static long selectorThreads() {
        return selectors().size();
    }

    private static java.util.Set<Thread> selectors() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().contains("SelectorManager"))
                .collect(java.util.stream.Collectors.toSet());
    }

    @Test
    void anyRangeReadsTheRightBytes() throws IOException {
        try (RemoteObject o = open(nginx.url("a.bin"))) {
            Random r = new Random(11);
            for (int i = 0; i < 50; i++) {
                int len = 1 + r.nextInt(300_000);
                long off = r.nextLong(data.length - len + 1);
                byte[] got = new byte[len];
                o.read(off, got, 0, len);
                assertArrayEquals(
                        Arrays.copyOfRange(data, (int) off, (int) off + len), got, "at " + off + " for " + len);
            }
            byte[] tail = new byte[123];
            o.read(data.length - 123, tail, 0, 123);
            assertArrayEquals(Arrays.copyOfRange(data, data.length - 123, data.length), tail);
        }
    }

    @Test
    void readersOfOneBlockShareOneRequest() throws Exception {
        try (RemoteObject o = open(nginx.url("a.bin"));
                var pool = Executors.newFixedThreadPool(8)) {
            List<Future<byte[]>> reads = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                Callable<byte[]> c = () -> {
                    byte[] b = new byte[100];
                    o.read(5 * BLOCK + 10, b, 0, 100);
                    return b;
                };
                reads.add(pool.submit(c));
            }
            for (Future<byte[]> f : reads)
                assertArrayEquals(Arrays.copyOfRange(data, 5 * BLOCK + 10, 5 * BLOCK + 110), f.get());
            long forBlock5 = nginx.requests().stream()
                    .filter(r -> r.range().startsWith("bytes=" + 5 * BLOCK + "-"))
                    .count();
            assertEquals(1, forBlock5, "eight readers of one block, one request: " + nginx.requests());
        }
    }

    @Test
    void aSequentialScanFetchesEachByteAboutOnceInFewRequests() throws IOException {
        try (RemoteObject o = open(nginx.url("a.bin"))) {
            byte[] all = new byte[data.length];
            for (int off = 0; off < data.length; off += 10_000) {
                int n = Math.min(10_000, data.length - off);
                o.read(off, all, off, n);
            }
            assertArrayEquals(data, all);
            long bytes = fetched();
            assertTrue(bytes <= data.length * 1.1, "fetched " + bytes + " bytes of " + data.length);
            int blocks = (data.length + BLOCK - 1) / BLOCK;
            assertTrue(
                    nginx.requests().size() < blocks / 2,
                    "read-ahead merges blocks: " + nginx.requests().size() + " requests for " + blocks + " blocks");
            assertEquals(o.stats().requests(), nginx.requests().size(), "the stats count what the server saw");
        }
    }

    /**
     * A front-to-back reader that says what it has passed (a verify) holds its read-ahead and the
     * blocks it is reading, not every block it read: a cache larger than the object stays nearly
     * empty, as a mapped file's pages are released behind a verify. Each byte is still fetched once.
     */
    @Test
    void aScanThatSaysWhatItPassedReusesThoseBuffersBeforeTheCacheGrows() throws IOException {
        RemoteSettings s = scanSettings(3);
        byte[] got = new byte[data.length];
        try (RemoteObject o = RemoteObject.open(new HttpTransport(URI.create(nginx.url("a.bin")), List.of(), s), s)) {
            for (int at = 0; at < data.length; at += BLOCK) readAndPass(o, got, at, data.length);
        }
        assertArrayEquals(data, got);
        RemoteObject.CacheUse use = RemoteObject.cacheUse(s);
        assertTrue(
                use.peak() <= 24L * BLOCK,
                "read-ahead and blocks in use, not the object (" + data.length + "): " + use);
        assertEquals(data.length, fetched(), "each byte fetched once");
    }

    /**
     * Two front-to-back readers of one object side by side (a clp-s table stream and a
     * dictionary): each one's passing leaves the other's blocks, read ahead but not yet read,
     * alone. Taking the farther reader's offset for both made those blocks the first reused,
     * and the nearer reader fetched them again.
     */
    @Test
    void twoScansSideBySidePassOnlyTheirOwnBlocks() throws IOException {
        RemoteSettings s = scanSettings(5);
        byte[] got = new byte[data.length];
        int half = data.length / 2 / BLOCK * BLOCK;
        try (RemoteObject o = RemoteObject.open(new HttpTransport(URI.create(nginx.url("a.bin")), List.of(), s), s)) {
            for (int at = 0; at < half; at += BLOCK) {
                readAndPass(o, got, at, half);
                readAndPass(o, got, half + at, data.length);
            }
            for (int at = 2 * half; at < data.length; at += BLOCK) readAndPass(o, got, at, data.length);
        }
        assertArrayEquals(data, got);
        assertEquals(
                data.length,
                fetched(),
                "each byte fetched once, in " + nginx.requests().size() + " requests");
    }

    @Test
    void anObjectReplacedWhileReadIsReportedNotMixed() throws IOException {
        Path f = root.resolve("changing.bin");
        Files.write(f, data);
        try (RemoteObject o = open(nginx.url("changing.bin"))) {
            byte[] other = data.clone();
            other[40 * BLOCK / 2] ^= 1;
            Files.write(f, other);
            Files.setLastModifiedTime(f, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
            byte[] b = new byte[10];
            RemoteException e = assertThrows(RemoteException.class, () -> o.read(20 * BLOCK, b, 0, 10));
            assertEquals("changed while being read", e.reason());
            assertEquals(nginx.url("changing.bin") + ": changed while being read", e.getMessage());
        }
    }

    @Test
    void errorsAreOneLineReasons() throws IOException {
        assertEquals(
                "no such object (HTTP 404)",
                assertThrows(RemoteException.class, () -> open(nginx.url("nope.bin")))
                        .reason());
        assertEquals(
                "access denied (HTTP 403)",
                assertThrows(RemoteException.class, () -> open(nginx.url("secret/a.bin")))
                        .reason());
        assertEquals(
                "too many redirects (HTTP 302)",
                assertThrows(RemoteException.class, () -> open(nginx.url("loop/x")))
                        .reason());
        int closedPort = TestServers.freePort();
        assertEquals(
                "connection refused",
                assertThrows(RemoteException.class, () -> open("http://127.0.0.1:" + closedPort + "/a.bin"))
                        .reason());
        try (RemoteObject o = open(nginx.url("moved/a.bin"))) {
            assertEquals(data.length, o.size(), "redirects are followed");
        }
    }

    /** A redirected address is followed once: the ranges after the first go where it led. */
    @Test
    void aRedirectIsFollowedOnceNotForEveryRange() throws IOException {
        byte[] all = new byte[data.length];
        try (RemoteObject o = open(nginx.url("moved/a.bin"))) {
            for (int at = 0; at < all.length; at += 700_000) o.read(at, all, at, Math.min(700_000, all.length - at));
        }
        assertArrayEquals(data, all);
        List<NginxServer.Request> rs = nginx.requests();
        assertEquals(1, rs.stream().filter(q -> q.status() == 302).count(), rs.toString());
        assertTrue(rs.size() > 2, "several ranges: " + rs);
    }

    /**
     * Where a redirect leads to another host (a release's storage, a CDN), no login follows: the
     * JDK's client drops Authorization on such a redirect, and the ranges asked there directly
     * after it do not send it either. Two JDK HTTP servers: one redirects, one serves ranges.
     */
    @Test
    void aLoginIsNotSentWhereARedirectLedElsewhere() throws Exception {
        List<String> logins = java.util.Collections.synchronizedList(new ArrayList<>());
        var storage = rangeServer(path -> false, logins);
        AtomicInteger redirects = new AtomicInteger();
        var site =
                redirectServer(n -> "http://127.0.0.1:" + storage.getAddress().getPort() + "/a.bin", redirects);
        try {
            assertArrayEquals(
                    data, readAll("http://127.0.0.1:" + site.getAddress().getPort() + "/a.bin"));
            assertEquals(1, redirects.get());
            assertTrue(logins.size() > 2 && logins.stream().allMatch(l -> l.equals("null")), logins.toString());
        } finally {
            site.stop(0);
            storage.stop(0);
        }
    }

    /** Where a redirect led stops answering (a presigned URL that expired): the address is asked anew. */
    @Test
    void anExpiredDestinationSendsTheReadBackToTheAddress() throws Exception {
        AtomicInteger firstServed = new AtomicInteger();
        List<String> ranges = java.util.Collections.synchronizedList(new ArrayList<>());
        var storage = rangeServer(path -> path.startsWith("/v1/") && firstServed.incrementAndGet() > 2, ranges);
        AtomicInteger redirects = new AtomicInteger();
        var site = redirectServer(
                n -> "http://127.0.0.1:" + storage.getAddress().getPort() + "/v" + n + "/a.bin", redirects);
        try {
            assertArrayEquals(
                    data, readAll("http://127.0.0.1:" + site.getAddress().getPort() + "/a.bin"));
            // asked anew by each request that met the refusal (several may be in flight), not for every range
            assertTrue(
                    redirects.get() >= 2 && redirects.get() < ranges.size() - 2,
                    redirects.get() + " redirects for " + ranges.size() + " ranges");
        } finally {
            site.stop(0);
            storage.stop(0);
        }
    }

    /** {@code data} read through a transport with a login header, in pieces of 700 KB. */
    private static byte[] readAll(String url) throws IOException {
        var transport = new HttpTransport(URI.create(url), List.of("Authorization: Bearer SECRET"), SETTINGS);
        byte[] all = new byte[data.length];
        try (RemoteObject o = RemoteObject.open(transport, SETTINGS)) {
            for (int at = 0; at < all.length; at += 700_000) o.read(at, all, at, Math.min(700_000, all.length - at));
        }
        return all;
    }

    /** The JDK's HTTP server answering ranges of {@code data}, 403 where {@code refuse} says, noting each login. */
    private static com.sun.net.httpserver.HttpServer rangeServer(
            java.util.function.Predicate<String> refuse, List<String> logins) throws IOException {
        var server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", x -> {
            logins.add(String.valueOf(x.getRequestHeaders().getFirst("Authorization")));
            if (refuse.test(x.getRequestURI().getPath())) {
                x.sendResponseHeaders(403, -1);
                x.close();
                return;
            }
            String[] range = x.getRequestHeaders()
                    .getFirst("Range")
                    .replace("bytes=", "")
                    .split("-");
            int from = Integer.parseInt(range[0]);
            int to = Math.min(data.length - 1, Integer.parseInt(range[1]));
            x.getResponseHeaders().add("Content-Range", "bytes " + from + "-" + to + "/" + data.length);
            x.getResponseHeaders().add("ETag", "\"v1\"");
            x.sendResponseHeaders(206, to - from + 1);
            x.getResponseBody().write(data, from, to - from + 1);
            x.close();
        });
        server.start();
        return server;
    }

    /** The JDK's HTTP server redirecting its n-th request (from 1) to {@code to.apply(n)}. */
    private static com.sun.net.httpserver.HttpServer redirectServer(
            java.util.function.IntFunction<String> to, AtomicInteger count) throws IOException {
        var server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", x -> {
            x.getResponseHeaders().add("Location", to.apply(count.incrementAndGet()));
            x.sendResponseHeaders(302, -1);
            x.close();
        });
        server.start();
        return server;
    }

    /** A server that takes connections and never answers: "timed out" after two tries, not six. */
    @Test
    void aServerThatNeverAnswersIsTriedTwice() throws Exception {
        RemoteSettings quick =
                SETTINGS.withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(1), Duration.ofSeconds(1));
        AtomicInteger connections = new AtomicInteger();
        List<java.net.Socket> held = java.util.Collections.synchronizedList(new ArrayList<>());
        try (java.net.ServerSocket silent =
                new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        held.add(silent.accept());
                        connections.incrementAndGet();
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            String url = "http://127.0.0.1:" + silent.getLocalPort() + "/a.bin";
            RemoteException e = assertThrows(
                    RemoteException.class,
                    () -> RemoteObject.open(new HttpTransport(URI.create(url), List.of(), quick), quick));
            assertEquals("timed out", e.reason());
            assertEquals(2, connections.get());
        } finally {
            for (java.net.Socket s : held) s.close();
        }
    }

    @Test
    void aDroppedBodyIsResumedWhereItStopped() throws IOException {
        try (FaultProxy proxy = new FaultProxy(nginx.port());
                RemoteObject o = open(proxy.url("a.bin"))) {
            proxy.dropAfter(150_000, 2);
            byte[] got = new byte[1_000_000];
            o.read(BLOCK, got, 0, got.length);
            assertArrayEquals(Arrays.copyOfRange(data, BLOCK, BLOCK + got.length), got);
            assertTrue(
                    o.stats().retries() >= 1,
                    "the drop was retried: " + o.stats().retries());
        }
    }

    @Test
    void aStalledBodyIsDroppedAfterTheIdleTimeoutAndResumed() throws IOException {
        RemoteSettings quick =
                SETTINGS.withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(1));
        try (FaultProxy proxy = new FaultProxy(nginx.port());
                RemoteObject o =
                        RemoteObject.open(new HttpTransport(URI.create(proxy.url("a.bin")), List.of(), quick), quick)) {
            proxy.stallAfter(100_000, 1);
            byte[] got = new byte[500_000];
            o.read(2 * BLOCK, got, 0, got.length);
            assertArrayEquals(Arrays.copyOfRange(data, 2 * BLOCK, 2 * BLOCK + got.length), got);
            assertTrue(o.stats().retries() >= 1, "the stalled body was dropped and resumed");
        }
    }

    @Test
    void serviceUnavailableTwiceThenSuccess() throws IOException {
        try (FaultProxy proxy = new FaultProxy(nginx.port())) {
            proxy.fail503(2);
            try (RemoteObject o = open(proxy.url("a.bin"))) {
                assertEquals(data.length, o.size());
                proxy.fail503(2);
                byte[] got = new byte[100];
                o.read(30 * BLOCK, got, 0, 100);
                assertArrayEquals(Arrays.copyOfRange(data, 30 * BLOCK, 30 * BLOCK + 100), got);
                assertEquals(2, o.stats().retries());
            }
        }
    }

    @Test
    void cancelReadsStopsTheRequestsInFlightAndKeepsTheObjectReadable() throws Exception {
        try (FaultProxy proxy = new FaultProxy(nginx.port());
                RemoteObject o = open(proxy.url("a.bin"))) {
            proxy.stallAfter(4000, 1000); // every body from now on stops half way, the connection kept open
            var failed = new java.util.concurrent.CompletableFuture<Throwable>();
            Thread reader = Thread.ofVirtual().start(() -> {
                byte[] b = new byte[BLOCK];
                try {
                    for (int i = 0; i < 40; i++) o.read((long) i * BLOCK, b, 0, BLOCK); // sequential: read-ahead
                    failed.complete(null);
                } catch (Throwable t) {
                    failed.complete(t);
                }
            });
            long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (proxy.requests() < 3 && System.nanoTime() < until) Thread.sleep(20);
            assertTrue(proxy.requests() >= 3, "the reader has requests in flight: " + proxy.requests());

            o.cancelReads();
            Throwable t = failed.get(5, java.util.concurrent.TimeUnit.SECONDS); // well before the 10 s idle timeout
            assertTrue(t instanceof java.io.InterruptedIOException, "the waiting reader is told: " + t);
            reader.join();
            int after = proxy.requests();
            long bytes = o.stats().bytes();
            Thread.sleep(500);
            assertEquals(after, proxy.requests(), "no request goes out after the cancel (no retry, no read-ahead)");
            assertEquals(bytes, o.stats().bytes(), "nothing more is downloaded");

            proxy.stallAfter(0, 0);
            byte[] got = new byte[100];
            o.read(7L * BLOCK, got, 0, 100);
            assertArrayEquals(Arrays.copyOfRange(data, 7 * BLOCK, 7 * BLOCK + 100), got, "later reads still work");
        }
    }

    /**
     * A reader that reads a header a few bytes at a time, then one large span (a clp-s dictionary
     * read whole) fetches that span and nothing after it: the span is all it asked for, and 16 MB
     * past a dictionary were fetched for a query that then needed nothing more.
     */
    @Test
    void oneLargeReadAfterSmallOnesFetchesNothingPastIt() throws IOException {
        try (RemoteObject o = open(nginx.url("a.bin"))) {
            byte[] head = new byte[64];
            for (int at = 0; at < 1024; at += head.length) o.read(at, head, 0, head.length);
            byte[] span = new byte[20 * BLOCK];
            o.read(1024, span, 0, span.length);
            assertArrayEquals(Arrays.copyOfRange(data, 1024, 1024 + span.length), span);
            int lastBlock = (1024 + span.length - 1) / BLOCK;
            long bytes = fetched();
            assertEquals((lastBlock + 1L) * BLOCK, bytes, "the span's blocks, nothing after them");
        }
    }

    /**
     * A reader that says it will read a span front to back (a clp-s stream it decodes) has the
     * span asked for at once, in one request here: read a piece at a time without saying so, the
     * read-ahead learns it is sequential only read by read, a request (a round trip) each time.
     */
    @Test
    void aSpanAReaderSaysItWillReadIsAskedForAtOnce() throws IOException {
        try (RemoteObject o = open(nginx.url("a.bin"))) {
            nginx.clearLog();
            int at = 16 * BLOCK, length = 32 * BLOCK;
            o.willRead(at, length);
            byte[] piece = new byte[16 << 10];
            for (int off = at; off < at + length; off += piece.length) {
                o.read(off, piece, 0, piece.length);
                assertArrayEquals(Arrays.copyOfRange(data, off, off + piece.length), piece);
            }
            // (the read-ahead may go on past the span, as for any sequential reader)
            assertEquals(
                    List.of("bytes=" + at + "-" + (at + length - 1)),
                    nginx.requests().stream()
                            .map(NginxServer.Request::range)
                            .filter(r -> Long.parseLong(r.substring("bytes=".length(), r.indexOf('-'))) < at + length)
                            .toList());
        }
    }

    @Test
    void twoSequentialReadersInterleavedEachGetReadAhead() throws IOException {
        // a verify frames blocks, checks chunks and hashes at several offsets at once
        try (RemoteObject o = open(nginx.url("a.bin"))) {
            int half = 24 * BLOCK;
            byte[] a = new byte[16 << 10];
            byte[] b = new byte[16 << 10];
            for (int at = 0; at + a.length <= half; at += a.length) {
                o.read(at, a, 0, a.length);
                o.read(half + at, b, 0, b.length);
                assertArrayEquals(Arrays.copyOfRange(data, half + at, half + at + b.length), b);
            }
            int requests = nginx.requests().size();
            // 48 requests (one a block) when the two are taken for random reads; about 20 when each is followed
            assertTrue(requests <= 30, "the read-ahead follows both streams: " + requests + " requests");
        }
    }

    /**
     * A block buffer the process cannot allocate (the cache's off-heap buffers count against a
     * direct memory smaller than its limit) fails the read that asked for it, and leaves nothing
     * pending: the next read of those blocks gets them, instead of waiting for ever for a fetch
     * that never started.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aBufferThatCannotBeAllocatedLeavesNoReaderWaiting() throws IOException {
        RemoteSettings s = SETTINGS.withCacheBytes((4 << 20) + 7 * BLOCK); // a cache of its own
        BlockCache cache = RemoteObject.cache(s);
        try (RemoteObject o = RemoteObject.open(new HttpTransport(URI.create(nginx.url("a.bin")), List.of(), s), s)) {
            long held = RemoteObject.cacheUse(s).held(); // the first block, read when opened
            AtomicInteger allowed = new AtomicInteger(1); // one buffer more, then none, then as usual
            cache.allocator = size -> {
                if (allowed.getAndDecrement() == 0)
                    throw new OutOfMemoryError("Cannot reserve " + size + " bytes of direct buffer memory");
                return BlockCache.OFF_HEAP.apply(size);
            };
            byte[] got = new byte[4 * BLOCK];
            assertThrows(OutOfMemoryError.class, () -> o.read(BLOCK, got, 0, got.length));
            assertEquals(
                    held + BLOCK,
                    RemoteObject.cacheUse(s).held(),
                    "the buffer allocated is kept for reuse, the one that could not be is not counted");

            o.read(BLOCK, got, 0, got.length);
            assertArrayEquals(Arrays.copyOfRange(data, BLOCK, 5 * BLOCK), got, "read again, the blocks come");
        } finally {
            cache.allocator = BlockCache.OFF_HEAP;
        }
    }

    /**
     * An error while a body is read (the HTTP client cannot allocate a buffer) fails the blocks
     * of that request: the reader waiting for them is told at once, with the reason, instead of
     * waiting for ever.
     */
    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anErrorWhileABodyIsReadFailsTheReaderWaitingForIt() throws IOException {
        AtomicBoolean failBodies = new AtomicBoolean();
        RangeTransport http = new HttpTransport(URI.create(nginx.url("a.bin")), List.of(), SETTINGS);
        RangeTransport failing = new RangeTransport() { // the real transport; only its bodies fail, when told to
                    @Override
                    public String display() {
                        return http.display();
                    }

                    @Override
                    public Response get(long from, long length, String version) throws IOException {
                        Response r = http.get(from, length, version);
                        if (!failBodies.get()) return r;
                        java.io.InputStream failingBody = new java.io.FilterInputStream(r.body()) {
                            @Override
                            public int read(byte[] b, int off, int len) {
                                throw new OutOfMemoryError("Java heap space");
                            }
                        };
                        return new Response(
                                r.status(),
                                r.total(),
                                r.version(),
                                r.start(),
                                failingBody,
                                r.errorCode(),
                                r.retryAfterMillis());
                    }

                    @Override
                    public void close() {
                        http.close();
                    }
                };
        try (RemoteObject o = RemoteObject.open(failing, SETTINGS)) {
            failBodies.set(true);
            byte[] got = new byte[100];
            RemoteException e = assertThrows(RemoteException.class, () -> o.read(20L * BLOCK, got, 0, got.length));
            assertTrue(e.reason().contains("OutOfMemoryError"), "the reason is given: " + e.getMessage());

            failBodies.set(false);
            o.read(20L * BLOCK, got, 0, got.length);
            assertArrayEquals(Arrays.copyOfRange(data, 20 * BLOCK, 20 * BLOCK + 100), got, "later reads still work");
        }
    }
}
