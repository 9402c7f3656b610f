package dev.vitrine.app.cli;

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
 * A key and a self-signed certificate for 127.0.0.1, made by the runtime's own keytool for the
 * start-up training's https:// server: the commands then start with the JDK's TLS (its handshake,
 * certificate checks and a PEM bundle read) in the cache, as they meet it on every https:// and
 * AWS S3 address. An RSA key, as the certificates of AWS's endpoints are.
 *
 * @param server the TLS context the training server answers with
 * @param bundle the certificate as a PEM file, given to the commands with --ca-bundle
 */
record TrainingTls(SSLContext server, Path bundle) {
    private static final char[] PASSWORD = "training".toCharArray();

    /** Made in {@code dir}; throws when the runtime has no keytool or it fails (training goes on without TLS). */
    static TrainingTls make(Path dir) throws IOException, GeneralSecurityException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Path store = dir.resolve("training-tls.p12");
        Path pem = dir.resolve("training-tls.pem");
        Files.deleteIfExists(store);
        String pass = new String(PASSWORD);
        keytool(List.of(
                keytool.toString(),
                "-genkeypair",
                "-alias",
                "training",
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-dname",
                "CN=127.0.0.1",
                "-ext",
                "SAN=ip:127.0.0.1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                pass,
                "-keypass",
                pass));
        keytool(List.of(
                keytool.toString(),
                "-exportcert",
                "-rfc",
                "-alias",
                "training",
                "-keystore",
                store.toString(),
                "-storepass",
                pass,
                "-file",
                pem.toString()));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        return new TrainingTls(ctx, pem);
    }

    private static void keytool(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] said = p.getInputStream().readAllBytes();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0)
                throw new IOException("keytool failed: " + new String(said).strip());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("keytool interrupted");
        }
    }
}
