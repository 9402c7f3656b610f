package dev.vitrine.core.location;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;

/** Turns what a user typed (a path, an http(s):// URL, an s3:// address) into a {@link Location}. */
public final class Locations {
    private Locations() {}

    /** True when {@code typed} is a URL Vitrine reads rather than a local path. */
    public static boolean isUrl(String typed) {
        String t = typed.toLowerCase(Locale.ROOT);
        return t.startsWith("http://") || t.startsWith("https://") || t.startsWith("s3://");
    }

    /**
     * The location {@code typed} names.
     *
     * @throws IllegalArgumentException with a one-line reason when it is neither a valid path nor a valid URL
     */
    public static Location of(String typed, RemoteOptions options) {
        String lower = typed.toLowerCase(Locale.ROOT);
        if (lower.startsWith("s3://")) return S3Location.parse(typed, options);
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
        try {
            return new LocalLocation(Path.of(typed), typed);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("not a valid path (" + e.getReason() + ")");
        }
    }
}
