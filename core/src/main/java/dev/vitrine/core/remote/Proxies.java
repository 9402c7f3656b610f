package dev.vitrine.core.remote;

import java.net.Authenticator;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.PasswordAuthentication;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The HTTP proxies the environment names, read as curl and the AWS CLI read them, so a machine
 * behind a company proxy reaches its archives as its other tools do: {@code https_proxy} for
 * https:// (and S3 over TLS), {@code http_proxy} for http://, {@code all_proxy} for either, each
 * also in capitals (lower case first). {@code no_proxy} lists hosts reached directly: a name
 * with its sub-domains ({@code example.com}, {@code .example.com}), an address, a network
 * ({@code 10.0.0.0/8}), {@code host:port}, or {@code *} for all. When no_proxy is not set,
 * loopback addresses are reached directly, as Java's own default does. Only http:// proxies can
 * be used (the JDK's client speaks no SOCKS, nor TLS to a proxy): another is refused by name.
 */
public final class Proxies {
    /** A proxy from the environment, and the variable that named it. */
    public record Proxy(String variable, String scheme, String host, int port, String user, String password) {
        /** The JDK's and the SDK's clients speak to http:// proxies only. */
        public boolean usable() {
            return scheme.equals("http");
        }

        public InetSocketAddress address() {
            return InetSocketAddress.createUnresolved(host, port);
        }

        /** A refusal this proxy answered with {@code status}, with what to do about it. */
        public String refused(int status) {
            String p = "the proxy " + describe();
            if (status == 407 || status == 401) {
                return user == null
                        ? p + " asks for a user and password (HTTP " + status
                                + "; give them in the variable: http://USER:PASSWORD@HOST:PORT)"
                        : p + " refused the user and password given (HTTP " + status + ")";
            }
            return p + " refused to connect to the server (HTTP " + status + ")";
        }

        /** "http://proxy:3128": the address without the user or the password. */
        public URI origin() {
            return URI.create(scheme + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port);
        }

        /** "http://proxy:3128 (from https_proxy)": never the user or the password. */
        public String describe() {
            return origin() + " (from " + variable + ")";
        }
    }

    /** curl's port for a proxy that names none. */
    private static final int DEFAULT_PORT = 1080;

    private final Map<String, String> env;
    /** no_proxy's entries in lower case, or null when it is not set. */
    private final List<String> direct;

    private Proxies(Map<String, String> env) {
        this.env = env;
        String[] no = variable("no_proxy");
        this.direct = no == null ? null : entries(no[1]);
    }

    private static final class Environment {
        static final Proxies PROXIES = new Proxies(System.getenv());
    }

    /** The proxies of this process's environment. */
    public static Proxies environment() {
        return Environment.PROXIES;
    }

    /** The proxies {@code env} names (tests, and a window given another environment). */
    public static Proxies of(Map<String, String> env) {
        return new Proxies(Map.copyOf(env));
    }

    /** Whether the environment names any proxy: if not, the clients are left as they are made. */
    public boolean any() {
        return variable("http_proxy") != null || variable("https_proxy") != null || variable("all_proxy") != null;
    }

    /**
     * The proxy through which {@code target} is reached, or null when it is reached directly.
     *
     * @param display the address said in an error (a proxy variable that is not an address)
     */
    public Proxy forTarget(URI target, String display) throws RemoteException {
        String host = target.getHost();
        if (host == null || bypassed(host, target.getPort())) return null;
        boolean tls = "https".equalsIgnoreCase(target.getScheme());
        String[] v = variable(tls ? "https_proxy" : "http_proxy");
        if (v == null) v = variable("all_proxy");
        return v == null ? null : parse(v[0], v[1], display);
    }

    /** As {@link #forTarget}, refusing a proxy the clients cannot use. */
    public Proxy usableFor(URI target, String display) throws RemoteException {
        Proxy p = forTarget(target, display);
        if (p != null && !p.usable())
            throw new RemoteException(
                    display, "the proxy " + p.describe() + " is not an http:// proxy, the only kind Vitrine can use");
        return p;
    }

    /** A selector for the JDK's HTTP client: each address (redirects too) through its own proxy, or directly. */
    public ProxySelector selector() {
        return new ProxySelector() {
            @Override
            public List<java.net.Proxy> select(URI uri) {
                Proxy p;
                try {
                    p = forTarget(uri, uri.toString());
                } catch (RemoteException e) {
                    p = null; // the first address was checked with usableFor: a redirect's goes direct
                }
                if (p == null || !p.usable()) return List.of(java.net.Proxy.NO_PROXY);
                return List.of(new java.net.Proxy(java.net.Proxy.Type.HTTP, p.address()));
            }

            @Override
            public void connectFailed(URI uri, SocketAddress sa, java.io.IOException e) {
                // nothing to learn: the request's own error says what failed
            }
        };
    }

    /**
     * The proxy's user and password when it asks for them (HTTP 407), or null when no proxy names
     * a user. The JDK refuses Basic authentication to a proxy for https:// tunnels unless told:
     * named credentials are the user's say-so, as curl takes them.
     */
    public Login authenticator() {
        List<Proxy> withUser = new ArrayList<>();
        for (String name : List.of("http_proxy", "https_proxy", "all_proxy")) {
            String[] v = variable(name);
            if (v == null) continue;
            try {
                Proxy p = parse(v[0], v[1], v[0]);
                if (p.user() != null) withUser.add(p);
            } catch (RemoteException e) {
                // said when an address is opened through it
            }
        }
        if (withUser.isEmpty()) return null;
        if (System.getProperty("jdk.http.auth.tunneling.disabledSchemes") == null)
            System.setProperty("jdk.http.auth.tunneling.disabledSchemes", "");
        return new Login(withUser);
    }

    /**
     * Gives a proxy its user and password. The JDK's client, given one, fails a request it has
     * nothing for ("No credentials provided"): who asked last tells a proxy's refusal from a
     * server's own 401.
     */
    public static final class Login extends Authenticator {
        private final List<Proxy> proxies;
        private volatile RequestorType lastAsked;

        private Login(List<Proxy> proxies) {
            this.proxies = proxies;
        }

        /** Who asked for credentials last: a proxy, a server, or null when none did. */
        public RequestorType lastAsked() {
            return lastAsked;
        }

        @Override
        protected PasswordAuthentication getPasswordAuthentication() {
            lastAsked = getRequestorType();
            if (getRequestorType() != RequestorType.PROXY) return null;
            for (Proxy p : proxies) {
                if (p.host().equalsIgnoreCase(getRequestingHost()) && p.port() == getRequestingPort())
                    return new PasswordAuthentication(
                            p.user(),
                            p.password() == null ? new char[0] : p.password().toCharArray());
            }
            return null;
        }
    }

    /**
     * no_proxy's names as regular expressions matched against a whole host name (the AWS SDK's
     * form, for hosts not known when its client is made); networks, which no expression says, are
     * left out.
     */
    public List<String> directPatterns() {
        if (direct == null) return List.of("localhost", "127\\..*", "\\[?::1\\]?");
        List<String> out = new ArrayList<>();
        for (String e : direct) {
            if (e.equals("*")) out.add(".*");
            else if (!e.contains("/")) out.add("(.*\\.)?" + Pattern.quote(hostOf(e)));
        }
        return out;
    }

    /** Whether {@code host} (and {@code port}, -1 for the scheme's) is reached without a proxy. */
    boolean bypassed(String host, int port) {
        String h = bare(host);
        if (direct == null) return h.equals("localhost") || h.endsWith(".localhost") || loopback(h);
        for (String e : direct) {
            if (e.equals("*")) return true;
            if (e.contains("/")) {
                if (inNetwork(h, e)) return true;
                continue;
            }
            String name = hostOf(e);
            int entryPort = portOf(e);
            if (entryPort >= 0 && entryPort != port) continue;
            if (h.equals(name) || h.endsWith("." + name)) return true;
            InetAddress a = literal(h);
            InetAddress b = literal(name);
            if (a != null && a.equals(b)) return true;
        }
        return false;
    }

    /**
     * The variable {@code lower} as the environment sets it, lower case first: its name as spelt
     * there (said in messages) and its value; null when neither spelling is set.
     */
    private String[] variable(String lower) {
        for (String name : List.of(lower, lower.toUpperCase(Locale.ROOT))) {
            String v = env.get(name);
            if (v != null && !v.isBlank()) return new String[] {name, v.strip()};
        }
        return null;
    }

    private static Proxy parse(String variable, String value, String display) throws RemoteException {
        String text = value.contains("://") ? value : "http://" + value;
        URI u;
        try {
            u = new URI(text);
        } catch (URISyntaxException e) {
            u = null;
        }
        if (u == null || u.getHost() == null)
            throw new RemoteException(display, variable + " does not name a proxy (" + Redact.url(value) + ")");
        UserInfo login = UserInfo.of(u);
        String user = login == null ? null : login.user();
        String password = login == null ? null : login.password();
        String scheme = u.getScheme().toLowerCase(Locale.ROOT);
        return new Proxy(
                variable, scheme, bare(u.getHost()), u.getPort() < 0 ? DEFAULT_PORT : u.getPort(), user, password);
    }

    private static List<String> entries(String value) {
        List<String> out = new ArrayList<>();
        for (String e : value.split("[,\\s]+")) {
            e = e.strip().toLowerCase(Locale.ROOT);
            while (e.startsWith(".") || e.startsWith("*.")) e = e.substring(e.indexOf('.') + 1);
            while (e.endsWith(".")) e = e.substring(0, e.length() - 1);
            if (!e.isEmpty()) out.add(e);
        }
        return out;
    }

    /** A host in lower case without an IPv6 literal's brackets or a trailing dot. */
    private static String bare(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) h = h.substring(1, h.length() - 1);
        while (h.endsWith(".")) h = h.substring(0, h.length() - 1);
        return h;
    }

    /** An entry's host: "host:port" and "[v6]:port" lose the port, a bare IPv6 address stays whole. */
    private static String hostOf(String entry) {
        if (entry.startsWith("[")) {
            int close = entry.indexOf(']');
            return close < 0 ? entry : entry.substring(1, close);
        }
        int colon = entry.indexOf(':');
        return colon >= 0 && colon == entry.lastIndexOf(':') ? entry.substring(0, colon) : entry;
    }

    private static int portOf(String entry) {
        int colon = entry.lastIndexOf(':');
        boolean v6 = entry.indexOf(':') != colon && !entry.startsWith("[");
        if (colon < 0 || v6) return -1;
        try {
            return Integer.parseInt(entry.substring(colon + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static boolean loopback(String host) {
        InetAddress a = literal(host);
        return a != null && a.isLoopbackAddress();
    }

    /** The address a literal names, without any lookup; null for a name. */
    private static InetAddress literal(String host) {
        if (host.isEmpty() || !(Character.digit(host.charAt(0), 16) >= 0 || host.contains(":"))) return null;
        try {
            return InetAddress.ofLiteral(host);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Whether the literal address {@code host} lies in the network {@code cidr} ("10.0.0.0/8"). */
    private static boolean inNetwork(String host, String cidr) {
        int slash = cidr.indexOf('/');
        InetAddress a = literal(host);
        InetAddress net = literal(cidr.substring(0, slash));
        int bits;
        try {
            bits = Integer.parseInt(cidr.substring(slash + 1));
        } catch (NumberFormatException e) {
            return false;
        }
        if (a == null || net == null) return false;
        byte[] x = a.getAddress();
        byte[] y = net.getAddress();
        if (x.length != y.length || bits < 0 || bits > x.length * 8) return false;
        for (int i = 0; i < bits; i++) {
            int mask = 0x80 >>> (i % 8);
            if ((x[i / 8] & mask) != (y[i / 8] & mask)) return false;
        }
        return true;
    }
}
