package dev.vitrine.core.location;

import dev.vitrine.core.remote.RemoteSettings;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * What the user said about reaching remote archives.
 *
 * @param headers        "NAME: VALUE" lines sent with every HTTP(S) request (a bearer token)
 * @param noSignRequest  read public S3 buckets anonymously (the AWS CLI's --no-sign-request)
 * @param endpoint       an S3-compatible store's endpoint (the AWS CLI's --endpoint-url), or null
 *                       for the environment's (AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL, the profile's)
 * @param settings       cache, read-ahead, timeouts and retries
 * @param caBundle       a PEM file of the authorities to trust for https:// and S3 instead of Java's
 *                       (--ca-bundle), or null for AWS_CA_BUNDLE's, else Java's
 */
public record RemoteOptions(
        List<String> headers, boolean noSignRequest, URI endpoint, RemoteSettings settings, Path caBundle) {
    public static final RemoteOptions DEFAULT = new RemoteOptions(List.of(), false, null, RemoteSettings.DEFAULT);

    public RemoteOptions {
        headers = List.copyOf(headers);
    }

    public RemoteOptions(List<String> headers, boolean noSignRequest, URI endpoint, RemoteSettings settings) {
        this(headers, noSignRequest, endpoint, settings, null);
    }

    /**
     * An S3 endpoint as given by {@code where} (--endpoint-url, AWS_ENDPOINT_URL, a profile): an
     * http(s) URL with a host. Refused in one line that shows it without its password.
     */
    public static URI endpoint(String where, String value) {
        String v = value.strip();
        try {
            URI u = new URI(v);
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(java.util.Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && u.getHost() != null) return u;
        } catch (java.net.URISyntaxException e) {
            // said below, without the parser's echo of the whole value
        }
        throw new IllegalArgumentException(
                where + ": " + dev.vitrine.core.text.Messages.printable(dev.vitrine.core.remote.Redact.url(v))
                        + " is not an endpoint (an http:// or https:// URL with a host)");
    }

    /** The authorities' bundle in force (the one given, else AWS_CA_BUNDLE's), or null for Java's own. */
    public Path trustedBundle() {
        return dev.vitrine.core.remote.TrustedAuthorities.bundle(caBundle);
    }
}
