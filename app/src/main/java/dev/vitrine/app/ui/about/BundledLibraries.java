package dev.vitrine.app.ui.about;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The libraries Vitrine bundles, with their licences: the build's dependency list
 * ({@code bundled.txt}, from maven-dependency-plugin) joined with {@code licences.properties}.
 * A library with no licence there shows "see its jar", and a test fails until it is named.
 */
public final class BundledLibraries {
    /** One library: its Maven coordinates (artifacts of one group and version folded into one) and licence. */
    public record Library(String name, String version, String licence) {}

    static final String UNKNOWN = "see its jar";

    private BundledLibraries() {}

    public static List<Library> list() {
        Properties licences = new Properties();
        List<String[]> coordinates = new ArrayList<>();
        try (InputStream l = BundledLibraries.class.getResourceAsStream("licences.properties");
                InputStream b = BundledLibraries.class.getResourceAsStream("bundled.txt")) {
            if (l != null) licences.load(new InputStreamReader(l, StandardCharsets.UTF_8));
            if (b != null) {
                for (String line : new String(b.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    String[] c = coordinates(line);
                    if (c != null) coordinates.add(c);
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        // group|version|licence → its artifacts, in the list's (sorted) order
        Map<String, Set<String>> folded = new LinkedHashMap<>();
        for (String[] c : coordinates) {
            if (c[0].equals("dev.vitrine")) continue; // Vitrine itself
            String licence = licences.getProperty(c[0] + ":" + c[1], licences.getProperty(c[0], UNKNOWN));
            folded.computeIfAbsent(c[0] + "|" + c[2] + "|" + licence, k -> new LinkedHashSet<>())
                    .add(c[1]);
        }
        List<Library> out = new ArrayList<>();
        for (var e : folded.entrySet()) {
            String[] k = e.getKey().split("\\|", 3);
            Set<String> artifacts = e.getValue();
            String name =
                    artifacts.size() <= 3 ? String.join(", ", artifacts) : k[0] + " (" + artifacts.size() + " jars)";
            out.add(new Library(name, k[1], k[2]));
        }
        out.sort(java.util.Comparator.comparing(l -> l.name().toLowerCase(java.util.Locale.ROOT)));
        return out;
    }

    /**
     * {group, artifact, version} of one line of the list ("   g:a:jar[:classifier]:version:scope
     * -- module m"), or null for its heading and blank lines. A classifier (JavaFX's platform
     * jars) is the same library.
     */
    static String[] coordinates(String line) {
        String t = line.strip();
        int module = t.indexOf(" -- ");
        if (module >= 0) t = t.substring(0, module);
        String[] p = t.split(":");
        if (p.length == 5) return new String[] {p[0], p[1], p[3]};
        if (p.length == 6) return new String[] {p[0], p[1], p[4]};
        return null;
    }
}
