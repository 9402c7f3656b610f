package dev.vitrine.core.format;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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

    public FormatRegistry(List<ArchiveFormat> formats) {
        this.formats = List.copyOf(formats);
    }

    public static FormatRegistry get() {
        return DEFAULT;
    }

    private static List<ArchiveFormat> load() {
        List<ArchiveFormat> list = new ArrayList<>();
        ServiceLoader.load(ArchiveFormat.class, FormatRegistry.class.getClassLoader()).forEach(list::add);
        list.sort(Comparator.comparing(ArchiveFormat::id));
        return list;
    }

    public List<ArchiveFormat> formats() {
        return formats;
    }

    public Optional<ArchiveFormat> byId(String id) {
        return formats.stream().filter(f -> f.id().equalsIgnoreCase(id)).findFirst();
    }

    /** The format that claims {@code path} most strongly, if any. */
    public Optional<ArchiveFormat> detect(Path path) throws IOException {
        if (!Files.exists(path)) throw new NoSuchFileException(path.toString(), null, "no such file or directory");
        if (Files.isDirectory(path)) return best(new Probe(path, null));
        try (ByteSource src = MappedFileSource.open(path)) {
            return best(new Probe(path, src));
        }
    }

    private Optional<ArchiveFormat> best(Probe probe) {
        ArchiveFormat best = null;
        Detection bestD = Detection.NO;
        for (ArchiveFormat f : formats) {
            Detection d;
            try {
                d = f.detect(probe);
            } catch (RuntimeException e) {
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
        ArchiveFormat f = detect(path).orElseThrow(() -> new UnknownFormatException(path));
        return f.open(path, limits);
    }

    /** Thrown when no format recognises a file. */
    public static final class UnknownFormatException extends IOException {
        public UnknownFormatException(Path path) {
            super(path.getFileName() + ": not an archive Vitrine knows (checked magic bytes, structure and file name)");
        }
    }
}
