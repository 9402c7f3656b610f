package dev.vitrine.core.remote;

import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * The order in which an https:// client offers its cipher suites: ChaCha20-Poly1305 first, then
 * every other suite Java enables, in Java's order (none is left out). The JDK's AES-GCM is fast only
 * once the optimising compiler has made it use the CPU's AES instructions, which a command of a few
 * seconds reaches late or never (the quick compiler alone never); until then ChaCha20 in plain Java
 * decrypts several times faster. A server that keeps its own preference (S3 does) still picks its
 * own; nginx, by default, takes the client's.
 */
final class CipherOrder {
    private CipherOrder() {}

    /** {@code context}'s default parameters with the ChaCha20 suites moved to the front. */
    static SSLParameters parameters(SSLContext context) {
        SSLParameters p = context.getDefaultSSLParameters();
        p.setCipherSuites(chachaFirst(p.getCipherSuites()));
        return p;
    }

    static String[] chachaFirst(String[] suites) {
        List<String> first = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (String s : suites) (s.contains("CHACHA20") ? first : rest).add(s);
        first.addAll(rest);
        return first.toArray(String[]::new);
    }
}
