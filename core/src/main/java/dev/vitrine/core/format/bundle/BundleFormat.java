package dev.vitrine.core.format.bundle;

import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.LocalLocation;
import dev.vitrine.core.location.Location;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * DataBundle (dennisss/dacha's design; our contract is shared/specs/databundle-notes.md): a
 * folder holding {@code index/} (a RocksDB directory of file metadata) and
 * {@code shard-NNNNNNNN} files of block-aligned compressed records.
 */
public final class BundleFormat implements ArchiveFormat {

    @Override
    public String id() {
        return "bundle";
    }

    @Override
    public String displayName() {
        return "DataBundle";
    }

    @Override
    public List<String> extensions() {
        return List.of();
    }

    /** A folder with an {@code index/} folder holding {@code CURRENT}, and at least one {@code shard-*} file. */
    @Override
    public Detection detect(Probe probe) {
        if (!probe.isDirectory()
                || !(probe.has("index", Location.Kind.FOLDER) || probe.has("index", Location.Kind.LINK))) {
            return Detection.NO;
        }
        boolean current = new Probe(probe.location().resolve("index"), null).has("CURRENT", Location.Kind.FILE);
        boolean shards = probe.entries().orElseThrow().stream()
                .anyMatch(e -> e.name().startsWith("shard-") && e.kind() != Location.Kind.FOLDER);
        if (shards) return current ? Detection.BY_STRUCTURE : Detection.BY_NAME;
        return current ? Detection.BY_NAME : Detection.NO;
    }

    @Override
    public BundleArchive open(Path path, Limits limits) throws IOException {
        if (!java.nio.file.Files.isDirectory(path)) throw new java.nio.file.NotDirectoryException(path.toString());
        return new BundleArchive(this, new LocalLocation(path), path, limits);
    }

    /** A local folder as above, or a remote prefix: its index fetched for RocksDB, its shards read by ranges. */
    @Override
    public BundleArchive open(Location location, Limits limits) throws IOException {
        if (location.localPath().isPresent()) return open(location.localPath().get(), limits);
        return new BundleArchive(this, location, location.displayPath(), limits);
    }

    /** `vitrine create bundle`. */
    @Override
    public java.util.Optional<dev.vitrine.core.format.ArchiveWriter> writer() {
        return java.util.Optional.of(new BundleArchiveWriter());
    }

    /** Opens with default limits. */
    public BundleArchive open(Path path) throws IOException {
        return open(path, Limits.DEFAULT);
    }
}
