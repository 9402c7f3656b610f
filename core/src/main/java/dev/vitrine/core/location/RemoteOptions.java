package dev.vitrine.core.location;

import dev.vitrine.core.remote.RemoteSettings;
import java.net.URI;
import java.util.List;

/**
 * What the user said about reaching remote archives.
 *
 * @param headers        "NAME: VALUE" lines sent with every HTTP(S) request (a bearer token)
 * @param noSignRequest  read public S3 buckets anonymously (the AWS CLI's --no-sign-request)
 * @param endpoint       an S3-compatible store's endpoint (the AWS CLI's --endpoint-url), or null
 *                       for the environment's (AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL, the profile's)
 * @param settings       cache, read-ahead, timeouts and retries
 */
public record RemoteOptions(List<String> headers, boolean noSignRequest, URI endpoint, RemoteSettings settings) {
    public static final RemoteOptions DEFAULT = new RemoteOptions(List.of(), false, null, RemoteSettings.DEFAULT);

    public RemoteOptions {
        headers = List.copyOf(headers);
    }
}
