package dev.vitrine.core.remote;

import java.io.IOException;
import java.io.InputStream;

/**
 * One way of asking a server for a byte range of one object (plain HTTP(S), S3). It knows
 * nothing of caching or retries: {@link RemoteObject} and {@link BlockFetcher} do those, the same
 * for every transport.
 */
public interface RangeTransport extends AutoCloseable {

    /** The object's address as the user typed it, without secrets: used in every message. */
    String display();

    /**
     * A GET of bytes {@code [from, from + length)}, pinned to {@code version} when it is not
     * null (HTTP {@code If-Match}): a changed object answers {@link Response#changed()}.
     * Transport failures throw; HTTP statuses are returned for the caller to judge.
     */
    Response get(long from, long length, String version) throws IOException;

    @Override
    default void close() {}

    /** Whether {@code version} is an entity tag, not a Last-Modified date ("Sun, 6 Nov 1994 08:49:37 GMT"). */
    static boolean isEntityTag(String version) {
        return !LAST_MODIFIED.matcher(version).matches();
    }

    /** HTTP's dates, as Last-Modified, If-Unmodified-Since and Retry-After write them. */
    java.time.format.DateTimeFormatter HTTP_DATE =
            java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.withZone(java.time.ZoneOffset.UTC);

    java.util.regex.Pattern LAST_MODIFIED =
            java.util.regex.Pattern.compile("[A-Z][a-z]{2}, \\d{1,2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT");

    /**
     * Whether a later answer ({@code now}, {@code nowModified}) may be the object the first one
     * named ({@code pinned}, {@code pinnedModified}): tags are compared when both answers have one,
     * else Last-Modified dates when both have one (a server may add or drop a tag between answers).
     * A pinned object whose later answer shares no validator with the first is taken as changed: a
     * server that stopped naming its version may also ignore the pin, and a mix of two objects
     * must never be read.
     */
    static boolean sameVersion(String pinned, String pinnedModified, String now, String nowModified) {
        if (pinned == null) return true;
        if (now != null && isEntityTag(pinned) && isEntityTag(now)) return pinned.equals(now);
        if (pinnedModified != null && nowModified != null) return pinnedModified.equals(nowModified);
        return now != null && !isEntityTag(pinned) && !isEntityTag(now) && pinned.equals(now);
    }

    /**
     * What a ranged GET answered.
     *
     * @param status    HTTP status (206 for a range, 200 when the server ignored Range)
     * @param total     the object's size from {@code Content-Range}, or the body length for a 200; -1 if unknown
     * @param version   the object's ETag (or, lacking one, its Last-Modified), null if none
     * @param start     where the body starts in the object
     * @param body      the body; the caller closes it
     * @param errorCode the store's own error code (S3's "AccessDenied", "SlowDown"), or null
     * @param retryAfterMillis the server's Retry-After in milliseconds, or -1
     * @param end       where the body ends in the object (inclusive, from {@code Content-Range}), or -1 if unknown
     * @param lastModified the answer's Last-Modified, null if none (compared when a tag is missing)
     */
    record Response(
            int status,
            long total,
            String version,
            long start,
            InputStream body,
            String errorCode,
            long retryAfterMillis,
            long end,
            String lastModified) {

        /** An answer whose end is not known (not a range, or a transport that does not say). */
        public Response(
                int status,
                long total,
                String version,
                long start,
                InputStream body,
                String errorCode,
                long retryAfterMillis) {
            this(status, total, version, start, body, errorCode, retryAfterMillis, -1, null);
        }

        /** The 206 answer {@code range} says, with {@code body}. */
        static Response ranged(
                ContentRange range, String version, String lastModified, InputStream body, long retryAfterMillis) {
            return new Response(
                    206,
                    range.total(),
                    version,
                    range.start(),
                    body,
                    null,
                    retryAfterMillis,
                    range.end(),
                    lastModified);
        }

        public boolean partial() {
            return status == 206;
        }

        /** The pinned version no longer matches (HTTP 412 Precondition Failed). */
        public boolean changed() {
            return status == 412;
        }

        /** Worth trying again after a pause: 5xx, 429, S3's SlowDown. */
        public boolean retryable() {
            return status >= 500 || status == 429 || "SlowDown".equals(errorCode);
        }

        /** This answer with its body watched for stalls ({@link IdleWatch}), as every body read is. */
        Response watched(RemoteSettings settings) {
            return body == null
                    ? this
                    : new Response(
                            status,
                            total,
                            version,
                            start,
                            IdleWatch.watch(body, settings),
                            errorCode,
                            retryAfterMillis,
                            end,
                            lastModified);
        }

        public void discard() {
            if (body != null) {
                try {
                    body.close();
                } catch (IOException ignored) {
                    // nothing more to read from a body we do not want
                }
            }
        }
    }
}
