package dev.vitrine.core.location;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileKinds;
import dev.vitrine.core.io.MappedFileSource;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A file or folder on this machine: bytes memory-mapped, exactly as before the seam existed. */
public final class LocalLocation implements Location {
    private final Path path;
    private final String display;

    public LocalLocation(Path path, String display) {
        this.path = path;
        this.display = display;
    }

    public LocalLocation(Path path) {
        this(path, path.toString());
    }

    public Path path() {
        return path;
    }

    @Override
    public String display() {
        return display;
    }

    @Override
    public String name() {
        Path n = path.getFileName();
        return n == null ? path.toString() : n.toString();
    }

    @Override
    public Stat stat() throws IOException {
        BasicFileAttributes a = FileKinds.attributes(path);
        return new Stat(a.isDirectory() ? Kind.FOLDER : a.isRegularFile() ? Kind.FILE : Kind.OTHER, a.size());
    }

    @Override
    public ByteSource open() throws IOException {
        return MappedFileSource.open(path);
    }

    @Override
    public List<Entry> list() throws IOException {
        List<Entry> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(path)) {
            for (Path p : ds) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                Kind k = a.isSymbolicLink()
                        ? Kind.LINK
                        : a.isDirectory() ? Kind.FOLDER : a.isRegularFile() ? Kind.FILE : Kind.OTHER;
                out.add(new Entry(p.getFileName().toString(), k, a.size()));
            }
        }
        out.sort(Comparator.comparing(Entry::name));
        return out;
    }

    @Override
    public Location resolve(String relative) {
        Path p = path.resolve(relative).normalize();
        if (!p.startsWith(path.normalize())) throw new IllegalArgumentException(relative + ": outside " + display);
        String sep = display.endsWith("/") ? "" : "/";
        return new LocalLocation(p, display + sep + relative);
    }

    @Override
    public Optional<Path> localPath() {
        return Optional.of(path);
    }

    @Override
    public String toString() {
        return display;
    }
}
