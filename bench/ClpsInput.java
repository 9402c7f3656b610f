import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes N JSON log records (one per line, ~200 bytes each) for bench/clps.sh: ISO timestamps,
 * levels, services, nested http/user/error/job objects, ints, floats, messages with numbers and
 * ids, and arrays. Deterministic (fixed seed), so a cached file is the same file.
 *
 *   java bench/ClpsInput.java RECORDS OUT.jsonl
 */
public final class ClpsInput {
    private static final String[] LEVELS = {"INFO", "INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"};
    private static final String[] SERVICES = {"api-gateway", "auth", "billing", "search", "inventory", "orders"};
    private static final String[] METHODS = {"GET", "GET", "GET", "POST", "PUT", "DELETE"};
    private static final String[] PATHS = {"/v1/users", "/v1/orders", "/v1/orders/{id}", "/v1/cart", "/v2/search", "/health"};
    private static final String[] TAGS = {"canary", "edge", "retry", "cached", "eu-west-1", "us-east-1"};
    private static final String[] UAS = {"curl/8.4.0", "okhttp/4.12.0", "Mozilla/5.0 (X11; Linux x86_64)"};
    private static final String[] NAMES = {"alice", "bob", "carol", "dave", "erin"};

    public static void main(String[] args) throws IOException {
        long n = Long.parseLong(args[0]);
        Path out = Path.of(args[1]);
        SplittableRandom r = new SplittableRandom(42);
        long t = 1_710_408_000_000L;
        StringBuilder sb = new StringBuilder(512);
        try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            for (long i = 0; i < n; i++) {
                t += r.nextInt(0, 40);
                sb.setLength(0);
                String level = LEVELS[r.nextInt(LEVELS.length)];
                sb.append("{\"timestamp\":\"").append(iso(t)).append("\",\"level\":\"").append(level)
                        .append("\",\"service\":\"").append(SERVICES[r.nextInt(SERVICES.length)])
                        .append("\",\"host\":\"node-0").append(r.nextInt(1, 9)).append(".prod.example.com\",\"pid\":")
                        .append(r.nextInt(1000, 1100));
                int kind = r.nextInt(10);
                if (kind < 6) {
                    int status = r.nextInt(10) < 8 ? 200 : (r.nextBoolean() ? 404 : 500 + r.nextInt(4));
                    double ms = r.nextInt(1, 100_000) / 100.0;
                    String m = METHODS[r.nextInt(METHODS.length)];
                    String p = PATHS[r.nextInt(PATHS.length)];
                    sb.append(",\"message\":\"HTTP ").append(m).append(' ').append(p).append(" completed with status ")
                            .append(status).append(" in ").append(String.format(Locale.ROOT, "%.2f", ms))
                            .append(" ms\",\"http\":{\"method\":\"").append(m).append("\",\"status\":").append(status)
                            .append(",\"path\":\"").append(p).append("\",\"latency_ms\":").append(ms)
                            .append(",\"bytes\":").append(r.nextInt(100, 2_000_000))
                            .append(",\"client\":{\"ip\":\"10.").append(r.nextInt(256)).append('.').append(r.nextInt(256))
                            .append('.').append(r.nextInt(256)).append("\",\"ua\":\"").append(UAS[r.nextInt(UAS.length)])
                            .append("\"}},\"tags\":[");
                    int k = r.nextInt(4);
                    for (int j = 0; j < k; j++) {
                        sb.append(j == 0 ? "" : ",").append('"').append(TAGS[r.nextInt(TAGS.length)]).append('"');
                    }
                    sb.append(']');
                } else if (kind < 8) {
                    sb.append(",\"message\":\"User ").append(r.nextInt(1, 50_000)).append(" logged in from session ")
                            .append(Long.toHexString(r.nextLong())).append("\",\"user\":{\"id\":").append(r.nextInt(1, 50_000))
                            .append(",\"name\":\"").append(NAMES[r.nextInt(NAMES.length)]).append("\",\"admin\":")
                            .append(r.nextInt(5) == 0).append(",\"roles\":[\"reader\"").append(r.nextBoolean() ? ",\"writer\"" : "")
                            .append("]},\"mfa\":").append(r.nextInt(3) == 0 ? "null" : Boolean.toString(r.nextBoolean()));
                } else if (kind < 9) {
                    sb.append(",\"message\":\"java.lang.IllegalStateException: Connection pool exhausted (max=")
                            .append(10 << r.nextInt(3)).append(") at com.example.db.Pool.acquire(Pool.java:")
                            .append(r.nextInt(80, 200)).append(")\",\"error\":{\"type\":\"IllegalStateException\",\"code\":")
                            .append(r.nextInt(3) == 0 ? -1 : 42).append(",\"retryable\":").append(r.nextBoolean())
                            .append(",\"stack\":[\"com.example.db.Pool.acquire\",\"com.example.svc.Handler.run\"],\"cause\":null}");
                } else {
                    sb.append(",\"message\":\"job ").append(Long.toHexString(r.nextLong() >>> 16)).append(" finished batch ")
                            .append(r.nextInt(1, 500)).append("\",\"job\":{\"id\":\"job-").append(r.nextInt(1_000_000))
                            .append("\",\"attempt\":").append(r.nextInt(1, 4)).append(",\"ratio\":")
                            .append(r.nextInt(0, 10_000) / 10_000.0).append(",\"weights\":[")
                            .append(r.nextInt(100) / 100.0).append(',').append(r.nextInt(100) / 100.0)
                            .append("],\"params\":{\"batch\":").append(32 << r.nextInt(4)).append(",\"dry_run\":")
                            .append(r.nextInt(4) == 0).append("}}");
                }
                sb.append("}\n");
                w.append(sb);
            }
        }
    }

    private static String iso(long ms) {
        return java.time.Instant.ofEpochMilli(ms).toString();
    }
}
