package dev.vitrine.app.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What `vitrine [options] [FILE...]` asked the window for. Without files, the bundled samples
 * folder is opened. {@code --screenshot OUT.png [--size WxH]} renders the window without a
 * display, saves it and exits; {@code --verify}, {@code --dark} and {@code --show fields|records|index|TAB-ID}
 * {@code --select OFFSET} set up what the picture shows (the last selects the node under a byte,
 * as a click in the hex view would); {@code --time-window FROM:TO} (seconds from the first
 * message) zooms a timeline to that window. {@code --new-window} starts a window of its own
 * instead of handing the files to the one already running. {@code --no-sign-request} reads public
 * s3:// buckets anonymously, as on the command line.
 */
public record LaunchOptions(
        List<Path> files,
        List<String> urls,
        Path screenshot,
        int width,
        int height,
        boolean verify,
        boolean dark,
        String show,
        long select,
        double[] timeWindow,
        boolean newWindow,
        boolean noSignRequest) {

    public static final int DEFAULT_WIDTH = 1360;
    public static final int DEFAULT_HEIGHT = 860;

    public static LaunchOptions parse(String[] args) {
        List<Path> files = new ArrayList<>();
        List<String> urls = new ArrayList<>();
        Path shot = null;
        int w = DEFAULT_WIDTH, h = DEFAULT_HEIGHT;
        boolean verify = false, dark = false, newWindow = false, noSignRequest = false;
        String show = null;
        long select = -1;
        double[] timeWindow = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--screenshot" -> shot = Path.of(value(args, ++i, a));
                case "--size" -> {
                    String s = value(args, ++i, a);
                    String[] p = s.toLowerCase(java.util.Locale.ROOT).split("x");
                    try {
                        if (p.length != 2) throw new NumberFormatException();
                        w = Integer.parseInt(p[0]);
                        h = Integer.parseInt(p[1]);
                        if (w < 200 || h < 150 || w > 10000 || h > 10000) throw new NumberFormatException();
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(
                                "--size wants WIDTHxHEIGHT, e.g. 1360x860 (got '" + s + "')");
                    }
                }
                case "--verify" -> verify = true;
                case "--select" -> {
                    String v = value(args, ++i, a);
                    try {
                        select = dev.vitrine.app.ui.hex.OffsetParser.parse(v);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(
                                "--select wants a byte offset, e.g. 14503 or 0x38a7 (got '" + v + "')");
                    }
                }
                case "--time-window" -> {
                    String v = value(args, ++i, a);
                    String[] p = v.split(":");
                    try {
                        if (p.length != 2) throw new NumberFormatException();
                        timeWindow = new double[] {Double.parseDouble(p[0]), Double.parseDouble(p[1])};
                        if (!(timeWindow[0] < timeWindow[1])) throw new NumberFormatException();
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException(
                                "--time-window wants FROM:TO in seconds from the first message, e.g. 2.5:2.75 (got '"
                                        + v + "')");
                    }
                }
                case "--dark" -> dark = true;
                case "--new-window" -> newWindow = true;
                case "--no-sign-request" -> noSignRequest = true;
                case "--show" -> {
                    show = value(args, ++i, a);
                    if (!show.matches("[a-z][a-z-]*")) {
                        throw new IllegalArgumentException(
                                "--show wants fields, records, index or another tab's id such as index-keys (got '"
                                        + show + "')");
                    }
                }
                default -> {
                    if (a.startsWith("--")) {
                        throw new IllegalArgumentException(
                                "unknown option " + a
                                        + " (the window takes --new-window, --no-sign-request, --screenshot, --size, --verify, --dark, --show, --select, --time-window)");
                    }
                    if (dev.vitrine.core.location.Locations.isUrl(a)) urls.add(a);
                    else files.add(localPath(a));
                }
            }
        }
        return new LaunchOptions(
                List.copyOf(files),
                List.copyOf(urls),
                shot,
                w,
                h,
                verify,
                dark,
                show,
                select,
                timeWindow,
                newWindow,
                noSignRequest);
    }

    /** A path as typed, or the file a file: URI names; an address of a scheme not read is refused by name. */
    private static Path localPath(String a) {
        try {
            var l = dev.vitrine.core.location.Locations.of(a, dev.vitrine.core.location.RemoteOptions.DEFAULT);
            return l instanceof dev.vitrine.core.location.LocalLocation local ? local.path() : Path.of(a);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(a + ": " + e.getMessage());
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) throw new IllegalArgumentException(option + " needs a value");
        return args[i];
    }

    /** The files to open: those given, else the samples folder (when it exists). */
    public List<Path> filesOrSamples() {
        if (!files.isEmpty() || !urls.isEmpty()) return files;
        Path samples = samplesFolder();
        return samples != null && Files.isDirectory(samples) ? List.of(samples) : List.of();
    }

    /**
     * The bundled samples folder: {@code $vitrine.home/samples} (the launcher passes
     * {@code -Dvitrine.home}), else {@code $VITRINE_HOME/samples}, else beside the build's jar
     * ({@code app/target/x.jar → samples}).
     */
    public static Path samplesFolder() {
        String home = System.getProperty("vitrine.home");
        if (home == null || home.isBlank()) home = System.getenv("VITRINE_HOME");
        if (home != null && !home.isBlank()) return Path.of(home, "samples");
        try {
            Path jar = Path.of(LaunchOptions.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path p = jar; p != null; p = p.getParent()) {
                Path s = p.resolve("samples");
                if (Files.isDirectory(s)) return s;
            }
        } catch (Exception e) {
            // no code source (unusual class loader): no samples
        }
        return null;
    }
}
