package dev.vitrine.core.remote;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made by the JDK's keytool, for TLS
 * servers in tests: its key store (PKCS12) and the certificate alone as PEM (a CA bundle).
 */
public record TestCertificates(Path keyStore, String password, Path pem) {

    public static TestCertificates make(Path dir) throws IOException, InterruptedException {
        Path keys = dir.resolve("server.p12");
        Path pem = dir.resolve("server.pem");
        String pass = "secret1";
        keytool(
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-dname",
                "CN=localhost",
                "-ext",
                "SAN=ip:127.0.0.1,dns:localhost",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                keys.toString(),
                "-storepass",
                pass,
                "-keypass",
                pass);
        keytool(
                "-exportcert",
                "-rfc",
                "-alias",
                "server",
                "-keystore",
                keys.toString(),
                "-storepass",
                pass,
                "-file",
                pem.toString());
        return new TestCertificates(keys, pass, pem);
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) throw new IOException("keytool failed: " + out);
    }

    /** A server-side TLS context presenting this certificate. */
    public SSLContext serverContext() throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            ks.load(in, password.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, password.toCharArray());
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        return ctx;
    }
}
