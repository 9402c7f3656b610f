package dev.vitrine.core.location;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/** Turns what a user typed (a path, an http(s):// URL, an s3:// address) into a {@link Location}. */
public final class Locations {
    private Locations() {}

    /** True when {@code typed} is a URL Vitrine reads rather than a local path. */
    public static boolean isUrl(String typed) {
        String t = typed.toLowerCase(Locale.ROOT);
        return t.startsWith("http://") || t.startsWith("https://") || t.startsWith("s3://");
    }

    /**
     * Starts making what reading {@code typed} will need, when that is costly and sends nothing,
     * on a background thread: for an s3:// address the S3 client (a second of loading the AWS SDK
     * cold), for an https:// one TLS (its authorities read, its handshake's classes loaded). Call
     * as soon as an address is known (the window's arguments, an address being typed); completes
     * when done, at once for anything else.
     */
    public static java.util.concurrent.CompletableFuture<Void> prepare(String typed, RemoteOptions options) {
        String t = typed.strip().toLowerCase(Locale.ROOT);
        Runnable work = t.startsWith("s3://")
                ? () -> S3Clients.prepare(options)
                : t.startsWith("https://")
                        ? () -> dev.vitrine.core.remote.TrustedAuthorities.prepare(options.trustedBundle())
                        : null;
        if (work == null) return java.util.concurrent.CompletableFuture.completedFuture(null);
        var done = new java.util.concurrent.CompletableFuture<Void>();
        Thread.ofPlatform().daemon().name("vitrine-prepare").start(() -> {
            work.run();
            done.complete(null);
        });
        return done;
    }

    /**
     * The location {@code typed} names.
     *
     * @throws IllegalArgumentException with a one-line reason when it is neither a valid path nor a valid URL
     */
    public static Location of(String typed, RemoteOptions options) {
        String lower = typed.toLowerCase(Locale.ROOT);
        if (lower.startsWith("s3://")) {
            if (!AwsSdk.PRESENT)
                throw new IllegalArgumentException(
                        "s3:// needs the AWS SDK, which is not on the class path (the vitrine launcher puts it there)");
            return S3Location.parse(typed, options);
        }
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            URI uri;
            try {
                uri = new URI(typed);
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("not a valid URL (" + e.getReason() + ")");
            }
            if (uri.getHost() == null) throw new IllegalArgumentException("not a valid URL (no host)");
            return new HttpLocation(uri, options);
        }
        Path path = null;
        InvalidPathException invalid = null;
        try {
            path = Path.of(typed);
        } catch (InvalidPathException e) {
            invalid = e;
        }
        // A name that is there is a path, whatever it looks like; one that is not may be an address.
        boolean there = path != null && Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        if (!there && lower.startsWith("file:")) return fileUri(typed);
        if (invalid != null) throw new IllegalArgumentException("not a valid path (" + invalid.getReason() + ")");
        // ftp://host/a.zss is no local path a user meant: say what is read instead of "no such file or directory"
        if (!there && OTHER_SCHEME.matcher(typed).lookingAt())
            throw new IllegalArgumentException(
                    "not an address Vitrine reads (http://, https://, s3:// or a local path)");
        return new LocalLocation(path, typed);
    }

    private static final Pattern OTHER_SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://");

    /** A file: URI (as file managers and browsers hand them out) names a local file: its path, decoded. */
    private static Location fileUri(String typed) {
        URI uri;
        try {
            uri = new URI(typed);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid URL (" + e.getReason() + ")");
        }
        String host = uri.getAuthority();
        if (host != null && !host.equalsIgnoreCase("localhost"))
            throw new IllegalArgumentException("not a local file (a file: URI of host " + host + ")");
        if (uri.getPath() == null || uri.getPath().isEmpty())
            throw new IllegalArgumentException("not a valid file: URI (no path)");
        try {
            return new LocalLocation(Path.of(uri.getPath()), typed);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("not a valid path (" + e.getReason() + ")");
        }
    }

    /**
     * Whether the AWS SDK can be loaded: the launchers leave it off the class path of commands
     * that name no s3:// address (see packaging/linux/jvm-options.sh), so a JVM started another
     * way may lack it. Asked once, on the first s3:// address.
     */
    private static final class AwsSdk {
        static final boolean PRESENT = present();

        private static boolean present() {
            try {
                Class.forName("software.amazon.awssdk.services.s3.S3Client", false, Locations.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
    }
}
