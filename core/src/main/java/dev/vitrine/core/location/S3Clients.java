package dev.vitrine.core.location;

import dev.vitrine.core.remote.Proxies;
import dev.vitrine.core.remote.RemoteException;
import dev.vitrine.core.remote.S3Transport;
import dev.vitrine.core.remote.TrustedAuthorities;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.TrustManager;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.urlconnection.ProxyConfiguration;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.profiles.ProfileFile;
import software.amazon.awssdk.profiles.ProfileFileSystemSetting;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * S3 clients as AWS users expect them: the SDK's default credential chain (environment,
 * ~/.aws profiles chosen with AWS_PROFILE, SSO, web identity) and region chain, an endpoint from
 * AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL or the profile's endpoint_url (then path-style, as
 * S3-compatible stores need), anonymous with --no-sign-request. Loaded only for s3:// addresses.
 */
final class S3Clients {
    private S3Clients() {}

    private record Key(boolean anonymous, URI endpoint, java.nio.file.Path bundle) {}

    /** One client per way of signing and endpoint: clients are costly to make, cheap to share. */
    private static final Map<Key, S3Client> CLIENTS = new HashMap<>();

    /** The client for {@code options}; a CA bundle that cannot be read is said for {@code display}. */
    static S3Client get(RemoteOptions options, String display) throws RemoteException {
        return client(key(options), options, display);
    }

    private static synchronized S3Client client(Key k, RemoteOptions options, String display) throws RemoteException {
        S3Client known = CLIENTS.get(k);
        if (known != null) return known;
        TrustManager[] trust = k.bundle() == null ? null : TrustedAuthorities.managers(k.bundle(), display);
        S3Client made = build(options, k.anonymous(), k.endpoint(), trust, proxy(k.endpoint(), display));
        CLIENTS.put(k, made);
        return made;
    }

    /**
     * Makes the client for {@code options}, sending nothing, and sets TLS up for an https://
     * endpoint (AWS's are): the AWS SDK's classes and the chains' files (profiles, region) take
     * about a second to load cold. A client that cannot be made is made again, and the reason
     * said, when it is used. Blocking: {@link Locations#prepare} runs it in the background.
     */
    static void prepare(RemoteOptions options) {
        try {
            Key k = key(options);
            client(k, options, "s3://");
            if (k.endpoint() == null || "https".equalsIgnoreCase(k.endpoint().getScheme()))
                TrustedAuthorities.prepare(options.trustedBundle());
        } catch (RemoteException | RuntimeException | LinkageError ignored) {
            // said where the client is used
        }
    }

    /** Whether the client for {@code options} is made already (tests). */
    static synchronized boolean made(RemoteOptions options) {
        return CLIENTS.containsKey(key(options));
    }

    private static Key key(RemoteOptions options) {
        URI endpoint =
                options.endpoint() != null ? options.endpoint() : endpoint().orElse(null);
        // an http:// endpoint (MinIO or s3proxy on a private network) never uses the bundle: not read
        boolean plain = endpoint != null && "http".equalsIgnoreCase(endpoint.getScheme());
        return new Key(options.noSignRequest(), endpoint, plain ? null : options.trustedBundle());
    }

    /**
     * The environment's proxy for this endpoint, set as the SDK takes it, or null to leave the
     * SDK its defaults when the environment names none. The SDK reads
     * HTTPS_PROXY itself but not every spelling curl and the AWS CLI accept, nor networks in
     * NO_PROXY: the one reading of {@link Proxies} decides here too.
     */
    private static ProxyConfiguration proxy(URI endpoint, String display) throws RemoteException {
        Proxies proxies = Proxies.environment();
        if (!proxies.any()) return null;
        var direct = ProxyConfiguration.builder()
                .useEnvironmentVariablesValues(false)
                .useSystemPropertyValues(false);
        // AWS's own hosts differ by bucket and region: the proxy is AWS's, no_proxy's names are
        // left to the SDK to match against each host
        URI target = endpoint != null ? endpoint : S3Transport.AWS;
        Proxies.Proxy p = proxies.usableFor(target, display);
        if (p == null) return direct.build();
        direct.endpoint(p.origin());
        if (p.user() != null) {
            direct.username(p.user()).password(p.password() == null ? "" : p.password());
            // the SDK sends its login with requests, not with an https:// tunnel's CONNECT, which
            // the JDK's connection answers from the default authenticator
            java.net.Authenticator.setDefault(proxies.authenticator());
        }
        if (endpoint == null) direct.nonProxyHosts(new java.util.HashSet<>(proxies.directPatterns()));
        return direct.build();
    }

    private static S3Client build(
            RemoteOptions options, boolean anonymous, URI endpoint, TrustManager[] trust, ProxyConfiguration proxy) {
        var s = options.settings();
        var http = UrlConnectionHttpClient.builder()
                .connectionTimeout(s.connectTimeout())
                .socketTimeout(s.idleTimeout());
        if (proxy != null) http.proxyConfiguration(proxy);
        if (trust != null) {
            http.tlsTrustManagersProvider(() -> trust);
        } else if (endpoint != null && "http".equalsIgnoreCase(endpoint.getScheme())) {
            // the SDK's client makes its TLS context as it is built: no trust store read for an endpoint without TLS
            http.tlsTrustManagersProvider(TrustedAuthorities::javaOwnWhenUsed);
        }
        var b = S3Client.builder()
                .httpClientBuilder(http)
                // RemoteObject retries with resume; the SDK's own retries would multiply them
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .retryStrategy(AwsRetryStrategy.doNotRetry())
                        .build())
                .region(region())
                // A bucket in another region than the client's answers 301 or "wrong region" (400): the
                // SDK then asks again in the bucket's region, as the AWS CLI does, instead of failing.
                .crossRegionAccessEnabled(true);
        if (anonymous) b.credentialsProvider(AnonymousCredentialsProvider.create());
        if (endpoint != null) b.endpointOverride(endpoint).forcePathStyle(true);
        return b.build();
    }

    /**
     * The SDK's region chain (aws.region, AWS_REGION, the profile's region, then the instance's,
     * which off EC2 waits a second for the metadata service), with the AWS CLI's AWS_DEFAULT_REGION
     * read after AWS_REGION, as users of the CLI set it; the SDK does not read it.
     */
    private static Region region() {
        String cli = System.getenv("AWS_DEFAULT_REGION");
        boolean sdkVariable = System.getProperty("aws.region") != null || System.getenv("AWS_REGION") != null;
        if (!sdkVariable && cli != null && !cli.isBlank()) return Region.of(cli.strip());
        try {
            return new DefaultAwsRegionProviderChain().getRegion();
        } catch (RuntimeException e) {
            return Region.US_EAST_1; // no region configured: a bucket elsewhere is found by cross-region access
        }
    }

    /** The endpoint of an S3-compatible store, as the AWS CLI finds it. */
    static Optional<URI> endpoint() {
        for (String v : new String[] {"AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"}) {
            String e = System.getenv(v);
            if (e != null && !e.isBlank()) return Optional.of(RemoteOptions.endpoint(v, e));
        }
        try {
            String profile = Optional.ofNullable(System.getenv("AWS_PROFILE"))
                    .orElse(ProfileFileSystemSetting.AWS_PROFILE.defaultValue());
            return ProfileFile.defaultProfileFile()
                    .profile(profile)
                    .flatMap(p -> p.property("endpoint_url"))
                    .map(u -> RemoteOptions.endpoint("the profile's endpoint_url", u));
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
