package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.Human;
import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.io.FileTrees;
import dev.vitrine.core.model.FileListing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Dragging files out of the table: the selected entries are exported (by the core exporter, so
 * the same path policy holds) into a fresh folder of our own temp folder, and the top-level
 * items of that folder go on the dragboard. The plan is pure arithmetic, so the drag can start
 * at once while the bytes are written in the background. No toolkit.
 */
public final class DragOut {
    /** More than this is not dragged (the drop would outrun the copy): use Export instead. */
    public static final long MAX_BYTES = 256L << 20;

    public static final int MAX_FILES = 10_000;

    private static final AtomicLong SEQUENCE = new AtomicLong();
    private static Path root;

    private DragOut() {}

    /**
     * What a drag of {@code entries} into {@code folder} will put on the dragboard.
     *
     * @param topLevel paths directly under {@code folder}, one per first name segment, in order
     * @param refused  names export refuses (they are left out of the drag)
     * @param tooLarge why the selection is not dragged, or null
     */
    public record Plan(
            Path folder,
            List<FileListing.Entry> entries,
            List<Path> topLevel,
            List<String> refused,
            long bytes,
            String tooLarge) {
        public boolean draggable() {
            return tooLarge == null && !topLevel.isEmpty();
        }
    }

    public static Plan plan(List<FileListing.Entry> selected, Path folder, long maxBytes, int maxFiles) {
        long bytes = 0;
        for (FileListing.Entry e : selected) bytes += Math.max(0, e.size());
        if (selected.size() > maxFiles || bytes > maxBytes) {
            String why = Human.count(selected.size()) + (selected.size() == 1 ? " file, " : " files, ")
                    + Human.size(bytes) + ": too much to drag out (at most " + Human.count(maxFiles, "file") + " and "
                    + Human.size(maxBytes) + "); use Export selected…";
            return new Plan(folder, List.of(), List.of(), List.of(), bytes, why);
        }
        List<FileListing.Entry> kept = new ArrayList<>();
        Set<String> relatives = new HashSet<>();
        Set<Path> top = new LinkedHashSet<>();
        List<String> refused = new ArrayList<>();
        for (FileListing.Entry e : selected) {
            switch (EntryPathPolicy.decide(e.name())) {
                case EntryPathPolicy.Refused r -> refused.add(e.name());
                case EntryPathPolicy.Safe s -> {
                    // The exporter refuses the second of two entries cleaning to one path; so do we.
                    if (!relatives.add(s.relative())) {
                        refused.add(e.name());
                        continue;
                    }
                    kept.add(e);
                    top.add(folder.resolve(s.segments().getFirst()));
                }
            }
        }
        return new Plan(folder, List.copyOf(kept), List.copyOf(top), List.copyOf(refused), bytes, null);
    }

    /**
     * Our temp folder for drags, made once per run (private to this user where the file system
     * allows) and removed when the program ends. Blocking: call it in the background.
     */
    public static synchronized Path root() throws IOException {
        if (root == null) {
            Path r = Files.createTempDirectory("vitrine-drag-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> FileTrees.deleteQuietly(r), "vitrine-drag-cleanup"));
            root = r;
        }
        return root;
    }

    /** A name for the next drag's folder under {@code root}; nothing is created. */
    public static Path freshFolder(Path root) {
        return root.resolve("drag-" + SEQUENCE.incrementAndGet());
    }
}
