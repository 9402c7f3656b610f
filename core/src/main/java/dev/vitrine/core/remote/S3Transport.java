package dev.vitrine.core.remote;

import java.io.IOException;
import java.io.InputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** Ranged GETs of one S3 object through the AWS SDK; the SDK signs, {@link RemoteObject} retries. */
public final class S3Transport implements RangeTransport {

    private final S3Client s3;
    private final String bucket;
    private final String key;
    private final String display;

    public S3Transport(S3Client s3, String bucket, String key) {
        this.s3 = s3;
        this.bucket = bucket;
        this.key = key;
        this.display = "s3://" + bucket + "/" + key;
    }

    @Override
    public String display() {
        return display;
    }

    @Override
    public Response get(long from, long length, String version) throws IOException {
        GetObjectRequest.Builder b =
                GetObjectRequest.builder().bucket(bucket).key(key).range("bytes=" + from + "-" + (from + length - 1));
        if (version != null && RangeTransport.isEntityTag(version)) b.ifMatch(version);
        // A header's time is in whole seconds, a store's own (a file's) finer: the second after it
        // is the earliest time the object can be said unmodified since.
        else if (version != null)
            b.ifUnmodifiedSince(java.time.Instant.from(HTTP_DATE.parse(version)).plusSeconds(1));
        ResponseInputStream<GetObjectResponse> in;
        try {
            in = s3.getObject(b.build());
        } catch (S3Exception e) {
            String code =
                    e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
            long total = -1;
            if (e.statusCode() == 416) total = unsatisfiedTotal(e);
            return new Response(
                    e.statusCode(),
                    total,
                    null,
                    0,
                    e.statusCode() == 416 ? InputStream.nullInputStream() : null,
                    code,
                    -1);
        } catch (SdkClientException e) {
            throw failure(display, e);
        }
        GetObjectResponse r = in.response();
        String range = r.contentRange();
        if (range == null)
            return new Response(200, r.contentLength() == null ? -1 : r.contentLength(), version(r), 0, in, null, -1);
        ContentRange parsed;
        try {
            parsed = ContentRange.parse(display, range);
        } catch (RemoteException e) {
            in.abort();
            throw e;
        }
        return Response.ranged(parsed, version(r), modified(r), in, -1);
    }

    /**
     * The object's ETag or, from a store that gives none (s3proxy's files put in its folder by
     * hand), its Last-Modified time: later requests are pinned to it with If-Unmodified-Since.
     */
    private static String version(GetObjectResponse r) {
        return r.eTag() != null && !r.eTag().isEmpty() ? r.eTag() : modified(r);
    }

    /** The object's Last-Modified time as HTTP writes it, or null. */
    private static String modified(GetObjectResponse r) {
        return r.lastModified() == null ? null : HTTP_DATE.format(r.lastModified());
    }

    private static final Pattern PROFILE = Pattern.compile("ProfileCredentialsProvider\\(profileName=([^,)]+)");
    /** The profile provider's own reason in the chain's text: after its "): ", up to the next provider. */
    private static final Pattern PROFILE_REASON = Pattern.compile(
            "ProfileCredentialsProvider\\(profileName=[^:]*\\): (.+?)(?:, [A-Za-z]+CredentialsProvider\\(|]$)",
            Pattern.DOTALL);

    /** AWS's S3 hosts, which differ by bucket and region, as one address when a proxy is chosen for them. */
    public static final java.net.URI AWS = java.net.URI.create("https://s3.amazonaws.com/");

    /** The JDK's words (through the SDK) when an https:// proxy answers its CONNECT with an error. */
    private static final Pattern TUNNEL_REFUSED =
            Pattern.compile("Unable to tunnel through proxy\\. Proxy returns \"HTTP/[\\d.]+ (\\d+)");

    /**
     * What a failure on the SDK's side of a request means: no usable credentials anywhere in its
     * chain is an answer (retrying cannot find them, and the chain's own text is a paragraph naming
     * six providers), anything else a transport failure, retried. A profile that is there but
     * cannot give credentials (an expired SSO session) is said in the SDK's words for it.
     */
    public static IOException failure(String display, SdkClientException e) {
        String m = e.getMessage() == null ? "" : e.getMessage();
        Matcher tunnel = TUNNEL_REFUSED.matcher(m);
        if (tunnel.find()) {
            Proxies.Proxy p = null;
            try {
                p = Proxies.environment().forTarget(AWS, display);
            } catch (RemoteException notOne) {
                // refused before any request
            }
            String status = tunnel.group(1);
            return new RemoteException(
                    display,
                    p != null
                            ? p.refused(Integer.parseInt(status))
                            : "the proxy refused the tunnel (HTTP " + status + ")",
                    e);
        }
        if (!m.startsWith("Unable to load credentials")) return new IOException(m, e);
        Matcher p = PROFILE.matcher(m);
        String profile = p.find() ? p.group(1).strip() : "default";
        Matcher why = PROFILE_REASON.matcher(m);
        if (why.find() && !why.group(1).startsWith("Profile file contained no credentials")) {
            String reason = why.group(1).strip().replaceAll("\\s+", " ");
            return new RemoteException(
                    display, "AWS credentials of profile '" + profile + "' cannot be used: " + reason, e);
        }
        String named = profile.equals("default") ? "" : " for profile '" + profile + "'";
        return new RemoteException(
                display,
                "no AWS credentials found" + named
                        + " (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE;"
                        + " --no-sign-request reads a public bucket)",
                e);
    }

    /** An empty object answers a range with 416; its size is then 0 (S3 sends no Content-Range here). */
    private static long unsatisfiedTotal(S3Exception e) {
        return e.awsErrorDetails() != null && e.awsErrorDetails().sdkHttpResponse() != null
                ? e.awsErrorDetails()
                        .sdkHttpResponse()
                        .firstMatchingHeader("Content-Range")
                        .map(v -> v.replaceAll(".*/", ""))
                        .filter(v -> v.matches("\\d{1,18}"))
                        .map(Long::parseLong)
                        .orElse(0L)
                : 0;
    }
}
