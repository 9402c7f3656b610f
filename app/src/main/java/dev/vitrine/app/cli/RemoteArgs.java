package dev.vitrine.app.cli;

import dev.vitrine.core.location.RemoteOptions;
import dev.vitrine.core.remote.RemoteSettings;
import java.net.URI;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** The options every reading command takes for archives named by URL. */
final class RemoteArgs {
    private List<String> headers = List.of();
    private boolean noSignRequest;
    private String endpointTyped;
    private java.nio.file.Path caBundle;

    /** Adds the options to {@code spec}. */
    RemoteArgs(CommandSpec spec) {
        Specs.add(
                spec,
                Specs.repeatable(
                        "--header",
                        "'NAME: VALUE'",
                        "Send this HTTP header with every request to an http(s):// archive (repeatable), e.g. a bearer token.",
                        v -> headers = v),
                Specs.flag(
                        "--no-sign-request",
                        "Read s3:// archives anonymously (public buckets), as the AWS CLI does.",
                        v -> noSignRequest = v),
                Specs.option(
                        "--endpoint-url",
                        "URL",
                        String.class,
                        "The endpoint of an S3-compatible store (MinIO, Ceph, R2); otherwise AWS_ENDPOINT_URL_S3, "
                                + "AWS_ENDPOINT_URL or the profile's endpoint_url.",
                        v -> endpointTyped = v),
                Specs.option(
                        "--ca-bundle",
                        "FILE",
                        java.nio.file.Path.class,
                        "Trust the certificate authorities in this PEM file for https:// and s3:// instead of Java's "
                                + "(a store behind a private authority); otherwise AWS_CA_BUNDLE's, as the AWS CLI does.",
                        v -> caBundle = v));
    }

    RemoteOptions options() {
        for (String h : headers) {
            String problem = dev.vitrine.core.remote.HttpTransport.headerProblem(h);
            if (problem != null) throw new IllegalArgumentException("--header " + problem);
        }
        URI endpoint = endpointTyped == null ? null : RemoteOptions.endpoint("--endpoint-url", endpointTyped);
        return new RemoteOptions(headers, noSignRequest, endpoint, RemoteSettings.DEFAULT, caBundle);
    }
}
