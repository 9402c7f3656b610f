package dev.vitrine.core.format;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.location.LocalLocation;
import dev.vitrine.core.location.Location;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a format looks at to recognise an archive: its location, and (for files) a source over
 * its bytes. Folders (a log, a bundle; an S3 prefix) have no source: their entries are listed,
 * once, through the location, so a format never learns whether they are on a disk or in a bucket.
 */
public final class Probe {
    private final Location location;
    private final ByteSource source;
    private List<Location.Entry> entries;

    public Probe(Location location, ByteSource source) {
        this.location = location;
        this.source = source;
    }

    /** A probe of a local file or folder (tests, and callers that have a path). */
    public Probe(Path path, ByteSource source) {
        this(new LocalLocation(path), source);
    }

    public Location location() {
        return location;
    }

    public ByteSource source() {
        return source;
    }

    public boolean isDirectory() {
        return source == null && entries().isPresent();
    }

    public String fileName() {
        return location.name();
    }

    /** The folder's entries (listed once), or empty when this is not a folder that can be listed. */
    public Optional<List<Location.Entry>> entries() {
        if (source != null) return Optional.empty();
        if (entries == null) {
            try {
                entries = location.list();
            } catch (dev.vitrine.core.io.SourceUnavailableException e) {
                // a listing refused or dropped: said, not "no format claims it"
                throw new java.io.UncheckedIOException(e);
            } catch (IOException | RuntimeException e) {
                entries = null;
                return Optional.empty();
            }
        }
        return Optional.of(entries);
    }

    /** True when the probed folder holds an entry {@code name} of {@code kind}. */
    public boolean has(String name, Location.Kind kind) {
        return entries()
                .map(es -> es.stream().anyMatch(e -> e.name().equals(name) && e.kind() == kind))
                .orElse(false);
    }

    /** True when the file begins with {@code magic}. */
    public boolean startsWith(byte[] magic) {
        if (source == null || source.size() < magic.length) return false;
        try {
            return java.util.Arrays.equals(source.read(0, magic.length), magic);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    public boolean hasExtension(String ext) {
        return fileName().toLowerCase(java.util.Locale.ROOT).endsWith("." + ext);
    }
}
