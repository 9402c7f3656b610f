package dev.vitrine.core.remote;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ranged GETs over plain HTTP(S) with the JDK's client: HTTP/2 where an https server offers
 * it, redirects followed, connect and response timeouts, and the user's own headers (a bearer
 * token) on every request. Never HEAD: presigned URLs are signed for GET only.
 */
public final class HttpTransport implements RangeTransport {
    private static final Pattern UNSATISFIED = Pattern.compile("bytes \\*/(\\d+)");

    static {
        // The client reads a body in buffers of this size (16 KB by default), each passed on
        // through several queues and threads: over loopback, a remote verify of 1 GB spent 1.5 to
        // 3 s more CPU with 16 KB than with 256 KB (under the collector's half-region limit for
        // large objects at a 1 GB heap). Read once, when the client's classes load; a user's own
        // setting wins.
        if (System.getProperty("jdk.httpclient.bufsize") == null)
            System.setProperty("jdk.httpclient.bufsize", String.valueOf(256 << 10));
    }

    private final URI uri;
    private final String display;
    private final List<String[]> headers;
    /** The client requests go through: at first one offering a single key share ({@link OneKeyShare}). */
    private volatile HttpClient client;
    /** Makes a client offering every key exchange group, or null once made (or when the first one does). */
    private java.util.function.Supplier<HttpClient> widened;
    /** The first client, once replaced by the widened one: still closed with this transport. */
    private volatile HttpClient narrow;
    /** The proxy requests go through, or null: a failure to reach it is said as the proxy's. */
    private final Proxies.Proxy proxy;
    /** Gives the proxies their users and passwords, or null when they name none. */
    private final Proxies.Login login;

    private final Duration responseTimeout;

    /**
     * @param headers "NAME: VALUE" lines sent with every request
     */
    public HttpTransport(URI uri, List<String> headers, RemoteSettings settings) throws RemoteException {
        this(uri, headers, settings, null);
    }

    /**
     * @param headers "NAME: VALUE" lines sent with every request
     * @param trust   TLS trusting a bundle of authorities ({@link TrustedAuthorities}), or null for Java's own
     */
    public HttpTransport(URI uri, List<String> headers, RemoteSettings settings, javax.net.ssl.SSLContext trust)
            throws RemoteException {
        // The login goes in a header of its own (withLogin): an address still naming it would make the
        // JDK's client take a redirect to the same host as one to another origin, and drop that header.
        this.uri = withoutLogin(uri);
        this.display = Redact.url(uri.toString());
        // the environment's proxies (https_proxy, no_proxy...), read as curl reads them
        Proxies proxies = Proxies.environment();
        this.proxy = proxies.usableFor(uri, display); // a SOCKS one is refused by name
        List<String[]> given = headers.stream().map(HttpTransport::header).toList();
        this.headers = withLogin(uri, given);
        this.responseTimeout = settings.responseTimeout();
        boolean tls = "https".equalsIgnoreCase(uri.getScheme());
        // first: it tells the JDK (a property read once, when the client's classes first load) to let
        // a proxy's Basic login through an https:// tunnel
        this.login = proxies.any() ? proxies.authenticator() : null;
        java.util.function.BiFunction<javax.net.ssl.SSLContext, javax.net.ssl.SSLParameters, HttpClient> build =
                (context, parameters) -> {
                    HttpClient.Builder b = HttpClient.newBuilder()
                            .connectTimeout(settings.connectTimeout())
                            .followRedirects(HttpClient.Redirect.NORMAL)
                            // HTTP/2 is negotiated by TLS ALPN; over plain http an h2c upgrade only costs a round trip
                            .version(tls ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
                            .sslContext(context)
                            .sslParameters(parameters);
                    if (proxies.any()) b.proxy(proxies.selector());
                    if (login != null) b.authenticator(login);
                    return b.build();
                };
        if (tls) {
            javax.net.ssl.SSLContext context = trust != null ? trust : TrustedAuthorities.context(null, display);
            javax.net.ssl.SSLContext one = OneKeyShare.narrowed(context);
            javax.net.ssl.SSLParameters parameters = CipherOrder.parameters(context); // each client copies them
            this.client = build.apply(one != null ? one : context, parameters);
            if (one != null) this.widened = () -> build.apply(context, parameters);
        } else {
            // plain http sets TLS up only if a redirect leads to https: the trust store is not read at every start
            this.client = build.apply(trust != null ? trust : LazyTls.context(), LazyTls.parameters());
        }
    }

    /**
     * {@code headers} and, when the address names a user ({@code https://USER:PASSWORD@host/…}),
     * their Basic login, sent with the first request as curl sends it (the JDK's client ignores
     * the user in an address). A user's own Authorization header wins; the JDK's client drops it
     * on a redirect to another host.
     */
    private static List<String[]> withLogin(URI uri, List<String[]> headers) {
        UserInfo login = UserInfo.of(uri);
        if (login == null || headers.stream().anyMatch(h -> h[0].equalsIgnoreCase("Authorization"))) return headers;
        String pair = login.user() + ":" + (login.password() == null ? "" : login.password());
        String token =
                java.util.Base64.getEncoder().encodeToString(pair.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        List<String[]> out = new java.util.ArrayList<>(headers);
        out.add(new String[] {"Authorization", "Basic " + token});
        return List.copyOf(out);
    }

    private static URI withoutLogin(URI u) {
        if (u.getRawUserInfo() == null) return u;
        String authority = u.getRawAuthority();
        return URI.create(u.getScheme() + "://" + authority.substring(authority.lastIndexOf('@') + 1)
                + (u.getRawPath() == null ? "" : u.getRawPath())
                + (u.getRawQuery() == null ? "" : "?" + u.getRawQuery()));
    }

    /** Headers this transport sets itself on every request. */
    private static final java.util.Set<String> OURS =
            java.util.Set.of("range", "if-match", "if-unmodified-since", "accept-encoding");
    /** Headers the JDK's client sets itself and refuses from callers. */
    private static final java.util.Set<String> CLIENT_OWN =
            java.util.Set.of("host", "connection", "content-length", "expect", "upgrade");

    /**
     * Why a "NAME: VALUE" line cannot be sent with the requests, or null when it can. Never
     * quotes the value: a header given by hand is usually a token.
     */
    public static String headerProblem(String line) {
        int colon = line.indexOf(':');
        if (colon <= 0) return "is not 'NAME: VALUE'";
        String name = line.substring(0, colon).strip();
        if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) return "'" + name + "' is not a header name";
        for (char c : line.substring(colon + 1).toCharArray()) {
            if (c < 0x20 && c != '\t' || c == 0x7f)
                return "'" + name + "': its value holds a line break or another control character";
        }
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (OURS.contains(lower)) return "'" + name + "': Vitrine sets this header itself";
        if (CLIENT_OWN.contains(lower)) return "'" + name + "': the HTTP client sets this header itself";
        return null;
    }

    private static String[] header(String line) {
        String problem = headerProblem(line);
        if (problem != null) throw new IllegalArgumentException("header " + problem);
        int colon = line.indexOf(':');
        return new String[] {
            line.substring(0, colon).strip(), line.substring(colon + 1).strip()
        };
    }

    @Override
    public String display() {
        return display;
    }

    /**
     * Where the address's redirects led on the last answer (a release download's storage host, a
     * presigned object behind a CDN), asked directly from then on: each range otherwise paid the
     * redirect's round trip again. Null until a redirected range is answered, and again when the
     * destination stops answering (an expired presigned URL): the address is then asked anew.
     */
    private volatile URI landed;
    /** Whether {@link #landed} is another origin, to which no login is sent (as the redirect itself sends none). */
    private volatile boolean landedElsewhere;

    @Override
    public Response get(long from, long length, String version) throws IOException {
        URI target = landed;
        if (target == null) return get(uri, from, length, version);
        Response r;
        try {
            r = get(target, from, length, version);
        } catch (IOException e) {
            landed = null; // retried from the address, which may redirect elsewhere now
            throw e;
        }
        int status = r.status();
        if (status == 401 || status == 403 || status == 404 || status == 410) {
            landed = null;
            r.discard();
            return get(uri, from, length, version);
        }
        return r;
    }

    private Response get(URI target, long from, long length, String version) throws IOException {
        boolean direct = target != uri;
        HttpRequest.Builder b = HttpRequest.newBuilder(target)
                .GET()
                .timeout(responseTimeout)
                .header("Range", "bytes=" + from + "-" + (from + length - 1))
                .header("Accept-Encoding", "identity"); // the stored bytes, never a compressed copy of a range
        // a weak ETag never matches If-Match, so it is compared on the answer instead
        if (version != null && !version.startsWith("W/"))
            b.header(version.startsWith("\"") ? "If-Match" : "If-Unmodified-Since", version);
        for (String[] h : headers) {
            if (!(direct && landedElsewhere && h[0].equalsIgnoreCase("Authorization"))) b.header(h[0], h[1]);
        }
        HttpResponse<InputStream> r;
        try {
            r = send(b.build());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("cancelled");
        } catch (IOException | RuntimeException e) {
            // a CA bundle read only when a redirect led to https, and found unreadable
            RemoteException bundle = dev.vitrine.core.io.Causes.find(e, RemoteException.class);
            if (bundle != null) throw bundle;
            if (e instanceof IOException io && (login != null || proxy != null)) throw throughProxy(io);
            throw e;
        }
        if (r.statusCode() == 407 && proxy != null) {
            if (r.body() != null) r.body().close(); // a refused tunnel has none
            throw new RemoteException(display, proxy.refused(407));
        }
        HttpHeaders h = r.headers();
        String modified = h.firstValue("Last-Modified").orElse(null);
        String etag = h.firstValue("ETag").orElse(modified);
        long retryAfter =
                h.firstValue("Retry-After").map(HttpTransport::retryAfter).orElse(-1L);
        int status = r.statusCode();
        String encoding = h.firstValue("Content-Encoding").orElse("identity").strip();
        if ((status == 206 || status == 200) && !encoding.isEmpty() && !encoding.equalsIgnoreCase("identity")) {
            // A server (or a proxy before it) that compresses anyway sends other bytes than the object's.
            r.body().close();
            throw new RemoteException(
                    display, "server sent the object encoded (Content-Encoding: " + encoding + "), not its bytes");
        }
        if (status == 206) {
            ContentRange range;
            try {
                range = ContentRange.parse(
                        display, h.firstValue("Content-Range").orElse(""));
            } catch (RemoteException e) {
                r.body().close();
                throw e;
            }
            if (!direct && !r.uri().equals(uri)) {
                landedElsewhere = !sameOrigin(uri, r.uri());
                landed = r.uri();
            }
            return Response.ranged(range, etag, modified, r.body(), retryAfter);
        }
        if (status == 200) {
            return new Response(
                    200, h.firstValueAsLong("Content-Length").orElse(-1), etag, 0, r.body(), null, retryAfter);
        }
        r.body().close();
        if (status == 416) {
            // the object is shorter than the range asked: Content-Range then says its size
            Matcher m = UNSATISFIED.matcher(h.firstValue("Content-Range").orElse(""));
            long total = m.matches() && m.group(1).length() <= 18 ? Long.parseLong(m.group(1)) : -1;
            return new Response(416, total, etag, 0, InputStream.nullInputStream(), null, retryAfter);
        }
        if (status >= 300 && status < 400) {
            String refused =
                    redirectRefused(r.uri(), status, h.firstValue("Location").orElse(null));
            if (refused != null) throw new RemoteException(display, refused);
        }
        return new Response(status, -1, etag, 0, null, null, retryAfter);
    }

    private static final Pattern SCHEME = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]{0,15}):.*", Pattern.DOTALL);

    /**
     * Why the client handed back a redirect instead of following it, or null when it followed
     * as many as it does (a loop). The scheme is named only when it is a plain word: a Location is
     * the server's text, and may hold anything.
     */
    private static String redirectRefused(URI from, int status, String location) {
        if (status == 304) return "server answered HTTP 304 (Not Modified), which only a conditional request may get";
        if (location == null || location.isBlank()) return "redirect without a Location (HTTP " + status + ")";
        Matcher m = SCHEME.matcher(location.strip());
        String scheme = m.matches() ? m.group(1).toLowerCase(Locale.ROOT) : from.getScheme();
        if (!handles(scheme)) {
            return "redirect to " + (m.matches() ? "a " + scheme + ":// address" : "an address that is not a URL")
                    + " refused: only http:// and https:// are read (HTTP " + status + ")";
        }
        if (scheme.equals("http") && "https".equalsIgnoreCase(from.getScheme()))
            return "redirect from https:// to http:// refused (HTTP " + status + ")";
        return null;
    }

    /**
     * Sends {@code request}; a handshake refused while the client offers a single key share is
     * tried again, once, by a client offering them all, which serves every request from then on.
     */
    private HttpResponse<InputStream> send(HttpRequest request) throws IOException, InterruptedException {
        HttpClient c = client;
        try {
            return c.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            if (!OneKeyShare.mayBeOurs(e) || !widen(c)) throw e;
            return client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        }
    }

    /** Replaces {@code failed} by the client offering every group; false when that one failed already. */
    private synchronized boolean widen(HttpClient failed) {
        if (client != failed) return true; // another request widened it meanwhile
        if (widened == null) return false;
        narrow = failed;
        client = widened.get();
        widened = null;
        return true;
    }

    private static boolean sameOrigin(URI a, URI b) {
        return a.getScheme().equalsIgnoreCase(b.getScheme())
                && String.valueOf(a.getHost()).equalsIgnoreCase(String.valueOf(b.getHost()))
                && a.getPort() == b.getPort();
    }

    /**
     * A failure through a proxy: one to reach the proxy itself, a refused login, or one the proxy answered to its
     * tunnel (the JDK's "Tunnel failed"), is the proxy's, said with its address; others (a body
     * cut short) stay as they were, to be retried.
     */
    private IOException throughProxy(IOException e) {
        String all = String.valueOf(e.getMessage());
        if (all.contains("No credentials provided") && login != null) { // a proxy's login, or a server's
            return new RemoteException(
                    display,
                    login.lastAsked() == java.net.Authenticator.RequestorType.PROXY && proxy != null
                            ? proxy.refused(407)
                            : RemoteException.statusReason(401, null),
                    e);
        }
        if (proxy == null) return e;
        String reason = RemoteException.transportReason(e);
        if (reason.equals("connection refused")
                || reason.equals("name not resolved")
                || reason.startsWith("timed out connecting"))
            return new RemoteException(display, reason + " at the proxy " + proxy.describe(), e);
        Matcher tunnel = TUNNEL_FAILED.matcher(all);
        if (tunnel.find()) return new RemoteException(display, proxy.refused(Integer.parseInt(tunnel.group(1))), e);
        return e;
    }

    /** The JDK's words when a proxy answers its CONNECT with an error. */
    private static final Pattern TUNNEL_FAILED = Pattern.compile("Tunnel failed, got: (\\d+)");

    /**
     * Retry-After in milliseconds, uncapped ({@link Backoff} judges it): a number of seconds, or
     * an HTTP date (from now; a date past is 0); -1 when it is neither.
     */
    static long retryAfter(String v) {
        String s = v.strip();
        if (s.matches("\\d{1,12}")) return Long.parseLong(s) * 1000;
        if (s.matches("\\d+")) return Long.MAX_VALUE / 2;
        try {
            java.time.Instant at = java.time.Instant.from(HTTP_DATE.parse(s));
            return Math.max(
                    0, java.time.Duration.between(java.time.Instant.now(), at).toMillis());
        } catch (java.time.format.DateTimeParseException e) {
            return -1;
        }
    }

    /**
     * Stops the client's selector thread. Left running, it sits in a native poll, and the JVM's
     * exit waits up to 300 ms for such threads: a third of a remote {@code info}'s time.
     */
    @Override
    public void close() {
        for (HttpClient c : new HttpClient[] {narrow, client}) {
            if (c == null) continue;
            c.shutdownNow();
            try {
                c.awaitTermination(Duration.ofMillis(200));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Whether a scheme is one this transport reads. */
    public static boolean handles(String scheme) {
        String s = scheme == null ? "" : scheme.toLowerCase(Locale.ROOT);
        return s.equals("http") || s.equals("https");
    }
}
