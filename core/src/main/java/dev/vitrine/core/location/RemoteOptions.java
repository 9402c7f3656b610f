package dev.vitrine.core.location;

import dev.vitrine.core.remote.RemoteSettings;
import java.util.List;

/**
 * What the user said about reaching remote archives.
 *
 * @param headers        "NAME: VALUE" lines sent with every HTTP(S) request (a bearer token)
 * @param noSignRequest  read public S3 buckets anonymously (the AWS CLI's --no-sign-request)
 * @param settings       cache, read-ahead, timeouts and retries
 */
public record RemoteOptions(List<String> headers, boolean noSignRequest, RemoteSettings settings) {
    public static final RemoteOptions DEFAULT = new RemoteOptions(List.of(), false, RemoteSettings.DEFAULT);

    public RemoteOptions {
        headers = List.copyOf(headers);
    }
}
