package dev.vitrine.core.format;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileKinds;
import dev.vitrine.core.io.SourceUnavailableException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.LocalLocation;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.location.OpenedLocation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** All formats on the class path, and detection: magic first, structure next, name last. */
public final class FormatRegistry {
    private static final FormatRegistry DEFAULT = new FormatRegistry(load());

    private final List<ArchiveFormat> formats;

    /** The formats as detection asks them: those that read only a file's head first (see {@link ArchiveFormat#readsOnlyTheHead}). */
    private final List<ArchiveFormat> probeOrder;

    public FormatRegistry(List<ArchiveFormat> formats) {
        this.formats = List.copyOf(formats);
        List<ArchiveFormat> order = new ArrayList<>(formats);
        order.sort(Comparator.comparing(f -> !f.readsOnlyTheHead())); // stable: ties keep their order
        this.probeOrder = List.copyOf(order);
    }

    public static FormatRegistry get() {
        return DEFAULT;
    }

    private static List<ArchiveFormat> load() {
        List<ArchiveFormat> list = new ArrayList<>();
        ServiceLoader.load(ArchiveFormat.class, FormatRegistry.class.getClassLoader())
                .forEach(list::add);
        list.sort(Comparator.comparing(ArchiveFormat::id));
        return list;
    }

    public List<ArchiveFormat> formats() {
        return formats;
    }

    public Optional<ArchiveFormat> byId(String id) {
        return formats.stream().filter(f -> f.id().equalsIgnoreCase(id)).findFirst();
    }

    /**
     * The format that claims {@code path} most strongly, if any. Only regular files and folders
     * are looked at: a FIFO, device or socket is refused before anything reads from it (opening
     * a FIFO would wait for a writer forever). The file system's own reason is thrown as is
     * (no such file, permission denied, too many levels of symbolic links, name too long).
     */
    public Optional<ArchiveFormat> detect(Path path) throws IOException {
        return detect(new LocalLocation(path));
    }

    /**
     * The same for any location. A remote object is probed through the byte source its first
     * request opened, which the opening format then reads on: one request serves both.
     */
    public Optional<ArchiveFormat> detect(Location location) throws IOException {
        Location.Stat stat = location.stat();
        if (stat.isFolder()) return best(new Probe(location, null));
        requireFile(location, stat);
        try (ByteSource src = location.open()) {
            return best(new Probe(location, src));
        }
    }

    /** A FIFO, device or socket is refused with the file system's own words before it is opened. */
    private static void requireFile(Location location, Location.Stat stat) throws IOException {
        if (!stat.isFile() && location.localPath().isPresent())
            FileKinds.requireRegularFile(location.localPath().get());
    }

    /**
     * The format that claims the probe most strongly. A probe that could not read its bytes (a
     * server that answers other ranges than asked, drops every body, or a file that shrank) says
     * so: that, not "not an archive Vitrine knows", is why nothing claimed it.
     */
    private Optional<ArchiveFormat> best(Probe probe) throws IOException {
        ArchiveFormat best = null;
        Detection bestD = Detection.NO;
        for (ArchiveFormat f : probeOrder) {
            if (bestD == Detection.BY_MAGIC) break; // nothing claims more strongly
            Detection d;
            try {
                d = f.detect(probe);
            } catch (RuntimeException e) {
                SourceUnavailableException gone = SourceUnavailableException.in(e);
                if (gone != null) throw gone;
                d = Detection.NO;
            }
            if (d.compareTo(bestD) > 0) {
                best = f;
                bestD = d;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Detects and opens, or explains in one line why not. */
    public Archive open(Path path, Limits limits) throws IOException {
        return open(new LocalLocation(path), limits);
    }

    /** Detects and opens any location, or explains in one line why not. */
    public Archive open(Location location, Limits limits) throws IOException {
        Location.Stat stat = location.stat();
        if (!stat.isFolder()) requireFile(location, stat);
        // a file's source is opened once: detection reads through it, then the format takes it over
        try (OpenedLocation opened = new OpenedLocation(location, stat.isFolder() ? null : location.open())) {
            ByteSource src = stat.isFolder() ? null : opened.peek();
            Optional<ArchiveFormat> f = best(new Probe(opened, src));
            if (f.isEmpty()) {
                if (stat.isFolder()) throw new UnclaimedFolderException(location.name());
                throw new UnknownFormatException(location.name());
            }
            return f.get().open(opened, limits);
        }
    }

    /**
     * Thrown when no format recognises a file. {@link #reason()} is the reason alone; the
     * message puts the file's name in front of it (the window's form; the command line puts the
     * path as typed there instead).
     */
    public static class UnknownFormatException extends IOException implements dev.vitrine.core.io.Reasoned {
        private final String reason;

        public UnknownFormatException(Path path) {
            this(
                    path.getFileName() == null
                            ? path.toString()
                            : path.getFileName().toString());
        }

        public UnknownFormatException(String name) {
            this(name, "not an archive Vitrine knows (checked magic bytes, structure and file name)");
        }

        UnknownFormatException(String name, String reason) {
            super(name + ": " + reason);
            this.reason = reason;
        }

        @Override
        public String reason() {
            return reason;
        }
    }

    /** Thrown for a folder when no format claims folders like it ({@link Probe#isDirectory()}). */
    public static final class UnclaimedFolderException extends UnknownFormatException {
        public UnclaimedFolderException(Path path) {
            this(
                    path.getFileName() == null
                            ? path.toString()
                            : path.getFileName().toString());
        }

        public UnclaimedFolderException(String name) {
            super(name, "is a folder; no format Vitrine knows claims this folder");
        }
    }
}
