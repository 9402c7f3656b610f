package dev.vitrine.app.ui;

import dev.vitrine.core.format.FormatRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What dropping or naming paths opens: files as they are; a folder either as an archive (a
 * multi-file format claims it) or as the archives directly inside it, files and claimed
 * folders alike (others skipped quietly, e.g. a README or a plain subfolder). Blocking (lists folders, probes files): run it in the background.
 */
public record OpenPlan(List<Path> archives, List<Path> skipped, List<String> messages, Map<Path, Path> foundIn) {
    /** Most archives opened from one folder. */
    public static final int MAX_FROM_FOLDER = 40;

    /**
     * What Open Recent keeps for an archive of this plan: the folder it was found in when a
     * folder was opened (so its 40 archives do not push every other entry out), else itself.
     */
    public Path recentFor(Path archive) {
        return foundIn.getOrDefault(archive, archive);
    }

    public static OpenPlan of(List<Path> paths, FormatRegistry registry) {
        List<Path> archives = new ArrayList<>();
        List<Path> skipped = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        Map<Path, Path> foundIn = new HashMap<>();
        for (Path p : paths) {
            if (!Files.isDirectory(p)) {
                archives.add(p);
                continue;
            }
            try {
                if (registry.detect(p).isPresent()) {
                    archives.add(p);
                    continue;
                }
                List<Path> inside;
                try (Stream<Path> s = Files.list(p)) {
                    // Files, and folders a format claims (a log folder among the samples); links not followed.
                    inside = s.filter(f -> Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                                    || Files.isDirectory(f, java.nio.file.LinkOption.NOFOLLOW_LINKS))
                            .sorted()
                            .toList();
                }
                int taken = 0;
                for (Path f : inside) {
                    if (f.getFileName().toString().startsWith(".")) continue;
                    boolean known;
                    try {
                        known = registry.detect(f).isPresent();
                    } catch (IOException e) {
                        known = false;
                    }
                    if (known && taken < MAX_FROM_FOLDER) {
                        archives.add(f);
                        foundIn.put(f, p);
                        taken++;
                    } else {
                        skipped.add(f);
                    }
                }
                if (taken == 0) messages.add(p.getFileName() + ": no archives Vitrine knows in this folder");
            } catch (IOException e) {
                messages.add(p.getFileName() + ": " + dev.vitrine.core.text.Messages.reason(e));
            }
        }
        return new OpenPlan(List.copyOf(archives), List.copyOf(skipped), List.copyOf(messages), Map.copyOf(foundIn));
    }
}
