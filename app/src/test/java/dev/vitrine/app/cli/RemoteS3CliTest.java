package dev.vitrine.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.remote.S3TestServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** s3:// archives through a real S3 API (s3proxy over a folder): the same output as the local copies. */
class RemoteS3CliTest {
    static final Path FIXTURES = RemoteCliTest.FIXTURES;
    static final List<String> FILES = List.of(
            "zss/generated/recs1000-deflate.zss",
            "zss/zs-v0.10/broken-files/bad-sha256.zs",
            "caf/sample-ts-reference.caf",
            "clp-s/generated/archives/sts135-multifile.clps");
    static S3TestServer s3;

    @BeforeAll
    static void start() throws IOException {
        s3 = S3TestServer.start();
        for (String f : FILES) s3.put("fixtures/" + f, FIXTURES.resolve(f));
    }

    @AfterAll
    static void stop() throws IOException {
        if (s3 != null) s3.close();
    }

    @Test
    void everyCommandPrintsWhatTheLocalCopyPrints() {
        for (String f : FILES) {
            String local = FIXTURES.resolve(f).toString();
            String url = "s3://fixtures/" + f;
            for (String c : List.of("info --json", "tree", "verify", f.endsWith(".caf") ? "ls --json" : "cat")) {
                String[] words = c.split(" ");
                String[] l = concat(words, local);
                String[] r =
                        concat(concat(words, "--endpoint-url"), s3.endpoint().toString(), url);
                CliRun lr = CliRun.of(l);
                CliRun rr = CliRun.of(r);
                assertEquals(lr.exit(), rr.exit(), c + " " + f + ": " + rr.stderr());
                assertEquals(lr.out(), rr.out().replace(url, local), c + " " + f);
                assertEquals(lr.stderr(), rr.stderr().replace(url, local), c + " " + f);
            }
        }
    }

    /** Credentials in an address, or in an endpoint that cannot be used, are refused and never printed. */
    @Test
    void secretsInAnAddressOrEndpointAreRefusedUnprinted() {
        String e = s3.endpoint().toString();
        CliRun login = CliRun.of("info", "--endpoint-url", e, "s3://AK:S3SECRET@fixtures/zss/letters-none.zss");
        assertEquals(2, login.exit());
        assertEquals(
                "vitrine: s3://AK:…@fixtures/zss/letters-none.zss: not a valid S3 address (credentials go in "
                        + "AWS_PROFILE or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, never in the address)\n",
                login.stderr());
        for (String bad : new String[] {"http://u:EPSECRET@127.0.0.1:1 x", "ftp://u:EPSECRET@127.0.0.1/", "notaurl"}) {
            CliRun r = CliRun.of("info", "--endpoint-url", bad, "s3://fixtures/zss/letters-none.zss");
            assertEquals(2, r.exit(), r.stderr());
            assertTrue(
                    r.stderr().endsWith(" is not an endpoint (an http:// or https:// URL with a host)\n"), r.stderr());
            assertTrue(!r.stderr().contains("EPSECRET") && r.stderr().lines().count() == 1, r.stderr());
        }
    }

    @Test
    void aMissingObjectIsOneLineWithExitTwo() {
        CliRun r = CliRun.of("info", "--endpoint-url", s3.endpoint().toString(), "s3://fixtures/zss/nope.zss");
        assertEquals(2, r.exit());
        assertEquals("vitrine: s3://fixtures/zss/nope.zss: no such object or prefix\n", r.stderr());
        CliRun bucket = CliRun.of("ls", "--endpoint-url", s3.endpoint().toString(), "s3://no-such-bucket");
        assertEquals(2, bucket.exit());
        assertTrue(bucket.stderr().startsWith("vitrine: s3://no-such-bucket: "), "named as typed: " + bucket.stderr());
    }

    /**
     * No credentials anywhere the SDK's chain looks (a fresh JVM with an empty environment and home,
     * the instance metadata lookup off): one line saying so and what to set, at once, where the
     * SDK's own text named six providers and the first request was retried as a dropped connection.
     */
    @ParameterizedTest
    @CsvSource({"'', ''", "nightly, ' for profile ''nightly'''"})
    void noCredentialsSaysWhatToSet(String profile, String forProfile, @TempDir Path home) throws Exception {
        String url = "s3://fixtures/" + FILES.getFirst();
        assertEquals(
                List.of("vitrine: " + url + ": no AWS credentials found" + forProfile
                        + " (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE;"
                        + " --no-sign-request reads a public bucket)"),
                errorsWithoutCredentials(url, home, profile));
    }

    /** A profile whose SSO session has expired (its token cached with a past expiry): said in the SDK's words for it. */
    @Test
    void anExpiredSsoSessionSaysToLogInAgain(@TempDir Path home) throws Exception {
        java.nio.file.Files.createDirectories(home.resolve(".aws/sso/cache"));
        java.nio.file.Files.writeString(
                home.resolve(".aws/config"),
                String.join(
                        "\n",
                        "[profile dev]",
                        "sso_session = corp",
                        "sso_account_id = 111122223333",
                        "sso_role_name = Reader",
                        "region = us-east-1",
                        "[sso-session corp]",
                        "sso_start_url = https://corp.example.com/start",
                        "sso_region = us-east-1",
                        ""));
        // the SDK finds a session's token in the cache under the SHA-1 of the session's name
        byte[] sha1 = java.security.MessageDigest.getInstance("SHA-1").digest("corp".getBytes(StandardCharsets.UTF_8));
        java.nio.file.Files.writeString(
                home.resolve(".aws/sso/cache/" + java.util.HexFormat.of().formatHex(sha1) + ".json"),
                "{\"startUrl\": \"https://corp.example.com/start\", \"region\": \"us-east-1\","
                        + " \"accessToken\": \"x\", \"expiresAt\": \"2020-01-01T00:00:00Z\"}");
        String url = "s3://fixtures/" + FILES.getFirst();
        List<String> lines = errorsWithoutCredentials(url, home, "dev");
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(
                lines.getFirst().startsWith("vitrine: " + url + ": AWS credentials of profile 'dev' cannot be used: ")
                        && lines.getFirst().contains("aws sso login"),
                lines.getFirst());
    }

    /**
     * AWS_DEFAULT_REGION, the AWS CLI's variable, names the region requests are signed for (the
     * SDK reads AWS_REGION only); AWS_REGION, set too, wins. Seen in the signature's scope by a
     * socket that takes the request and answers 403.
     */
    @Test
    void theCliRegionVariableIsTheSigningRegion(@TempDir Path home) throws Exception {
        assertEquals("eu-west-3", signingRegion(home, Map.of("AWS_DEFAULT_REGION", "eu-west-3")));
        assertEquals(
                "ap-south-1",
                signingRegion(home, Map.of("AWS_DEFAULT_REGION", "eu-west-3", "AWS_REGION", "ap-south-1")));
    }

    private static String signingRegion(Path home, Map<String, String> vars) throws Exception {
        try (var store = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            var seen = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try (var c = store.accept()) {
                    var in = new java.io.BufferedReader(new java.io.InputStreamReader(c.getInputStream()));
                    String auth = "";
                    for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine())
                        if (line.toLowerCase(java.util.Locale.ROOT).startsWith("authorization:")) auth = line;
                    c.getOutputStream()
                            .write(("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n" + "Connection: close\r\n\r\n")
                                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    return auth;
                } catch (java.io.IOException e) {
                    return "none: " + e;
                }
            });
            CliRun r = CliRun.inNewJvm(
                    home,
                    env -> {
                        awsOnly(env, home);
                        env.put("AWS_ACCESS_KEY_ID", "AKIDEXAMPLE");
                        env.put("AWS_SECRET_ACCESS_KEY", "example-secret");
                        env.putAll(vars);
                    },
                    "info",
                    "--endpoint-url",
                    "http://127.0.0.1:" + store.getLocalPort(),
                    "s3://bucket/a.zss");
            assertEquals(2, r.exit(), r.stderr());
            var m = java.util.regex.Pattern.compile("Credential=AKIDEXAMPLE/\\d{8}/([a-z0-9-]+)/s3/aws4_request")
                    .matcher(seen.get(30, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(m.find(), seen.get());
            return m.group(1);
        }
    }

    /** A new JVM's environment with no AWS variable (set after this) and its home at {@code home} (no ~/.aws). */
    private static void awsOnly(Map<String, String> env, Path home) {
        env.keySet().removeIf(k -> k.startsWith("AWS_"));
        env.put("HOME", home.toString());
    }

    /**
     * The error lines of `info URL` in a fresh JVM whose environment has no AWS variable but
     * {@code profile}, whose home is {@code home}, with the instance metadata lookup off.
     */
    private static List<String> errorsWithoutCredentials(String url, Path home, String profile) throws Exception {
        CliRun r = CliRun.inNewJvm(
                home,
                env -> {
                    awsOnly(env, home);
                    env.put("AWS_EC2_METADATA_DISABLED", "true");
                    if (!profile.isEmpty()) env.put("AWS_PROFILE", profile);
                },
                "info",
                "--endpoint-url",
                s3.endpoint().toString(),
                url);
        assertEquals(2, r.exit(), r.stderr());
        // (the test class path has two SLF4J providers, s3proxy's and ours, which SLF4J reports first)
        return r.stderr().lines().filter(l -> !l.startsWith("SLF4J")).toList();
    }

    /** A store behind a private authority: --ca-bundle trusts it, and the output is the local copy's. */
    @Test
    void aCaBundleTrustsAStoreBehindAPrivateAuthority(@TempDir Path dir) throws Exception {
        var certificates = dev.vitrine.core.remote.TestCertificates.make(dir);
        try (S3TestServer tls = S3TestServer.start(certificates)) {
            String f = FILES.getFirst();
            tls.put("fixtures/" + f, FIXTURES.resolve(f));
            String url = "s3://fixtures/" + f;
            String endpoint = tls.endpoint().toString();
            CliRun untrusted = CliRun.of("info", "--endpoint-url", endpoint, url);
            assertEquals(2, untrusted.exit());
            assertEquals(
                    "vitrine: " + url
                            + ": TLS certificate not trusted (self-signed, or signed by an authority this Java does not know)\n",
                    untrusted.stderr());
            CliRun trusted =
                    CliRun.of("info", "--ca-bundle", certificates.pem().toString(), "--endpoint-url", endpoint, url);
            assertEquals(0, trusted.exit(), trusted.stderr());
            String local = FIXTURES.resolve(f).toString();
            assertEquals(CliRun.of("info", local).out(), trusted.out().replace(url, local));
        }
    }

    /** An http:// endpoint never reads the CA bundle: one meant for AWS (AWS_CA_BUNDLE) does not stop it. */
    @Test
    void aPlainEndpointDoesNotReadTheCaBundle(@TempDir Path dir) throws Exception {
        Path notPem = java.nio.file.Files.writeString(dir.resolve("not-a-bundle.txt"), "hello");
        String url = "s3://fixtures/" + FILES.getFirst();
        CliRun r = CliRun.of(
                "info",
                "--ca-bundle",
                notPem.toString(),
                "--endpoint-url",
                s3.endpoint().toString(),
                url);
        assertEquals(0, r.exit(), r.stderr());
    }

    private static String[] concat(String[] a, String... more) {
        String[] out = java.util.Arrays.copyOf(a, a.length + more.length);
        System.arraycopy(more, 0, out, a.length, more.length);
        return out;
    }
}
