package dev.vitrine.app.cli;

import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.remote.RemoteSettings;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options every reading command takes for archives named by URL. */
final class RemoteArgs {

    @Option(
            names = "--header",
            paramLabel = "'NAME: VALUE'",
            description =
                    "Send this HTTP header with every request to an http(s):// archive (repeatable), e.g. a bearer token.")
    List<String> headers = new ArrayList<>();

    @Option(
            names = "--no-sign-request",
            description = "Read s3:// archives anonymously (public buckets), as the AWS CLI does.")
    boolean noSignRequest;

    @Option(
            names = "--endpoint-url",
            paramLabel = "URL",
            description = "The endpoint of an S3-compatible store (MinIO, Ceph, R2); otherwise AWS_ENDPOINT_URL_S3, "
                    + "AWS_ENDPOINT_URL or the profile's endpoint_url.")
    URI endpoint;

    @Option(
            names = "--ca-bundle",
            paramLabel = "FILE",
            description = "Trust the certificate authorities in this PEM file for https:// and s3:// instead of Java's "
                    + "(a store behind a private authority); otherwise AWS_CA_BUNDLE's, as the AWS CLI does.")
    java.nio.file.Path caBundle;

    RemoteOptions options() {
        for (String h : headers) {
            String problem = dev.vitrine.core.remote.HttpTransport.headerProblem(h);
            if (problem != null) throw new IllegalArgumentException("--header " + problem);
        }
        return new RemoteOptions(headers, noSignRequest, endpoint, RemoteSettings.DEFAULT, caBundle);
    }
}
