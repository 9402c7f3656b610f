package dev.vitrine.core.location;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.remote.HttpTransport;
import dev.vitrine.core.remote.Redact;
import dev.vitrine.core.remote.RemoteException;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * An object behind an http(s):// URL. HTTP has no folders, so only single-file archives open
 * this way; folder archives open from s3:// prefixes.
 */
final class HttpLocation implements Location {
    private final URI uri;
    private final RemoteOptions options;
    private RemoteObjects.Opened opened;
    private String notice;

    HttpLocation(URI uri, RemoteOptions options) {
        this.uri = uri;
        this.options = options;
    }

    @Override
    public String display() {
        return Redact.url(uri.toString());
    }

    @Override
    public String name() {
        String p = uri.getPath() == null ? "" : uri.getPath();
        while (p.endsWith("/")) p = p.substring(0, p.length() - 1);
        int slash = p.lastIndexOf('/');
        String n = slash >= 0 ? p.substring(slash + 1) : p;
        return n.isEmpty() ? uri.getHost() : n;
    }

    /** The first ranged GET: its answer is kept for {@link #open()}, so a stat costs no extra request. */
    @Override
    public synchronized Stat stat() throws IOException {
        if (opened == null) opened = connect();
        return new Stat(Kind.FILE, opened.size());
    }

    private RemoteObjects.Opened connect() throws IOException {
        RemoteObjects.Opened o = RemoteObjects.open(
                new HttpTransport(uri, options.headers(), options.settings(), trust()), options.settings(), name());
        if (o.notice() != null) notice = o.notice();
        return o;
    }

    /** TLS trusting the user's bundle of authorities, or null for Java's own. */
    private javax.net.ssl.SSLContext trust() throws IOException {
        java.nio.file.Path bundle = options.trustedBundle();
        return bundle == null ? null : dev.vitrine.core.remote.TrustedAuthorities.contextFor(uri, bundle, display());
    }

    @Override
    public synchronized List<String> notices() {
        return notice == null ? List.of() : List.of(notice);
    }

    @Override
    public synchronized ByteSource open() throws IOException {
        RemoteObjects.Opened o = opened != null ? opened : connect();
        opened = null;
        return RemoteObjects.source(o, name(), options.settings());
    }

    @Override
    public List<Entry> list() throws IOException {
        throw new RemoteException(
                display(), "HTTP has no folder listings (open a folder archive from an s3:// prefix)");
    }

    @Override
    public Location resolve(String relative) {
        String base = uri.toString();
        return new HttpLocation(URI.create(base + (base.endsWith("/") ? "" : "/") + relative), options);
    }

    @Override
    public String toString() {
        return display();
    }
}
