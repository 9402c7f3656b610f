package dev.vitrine.core.format.zss;

import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.LocalLocation;
import dev.vitrine.core.location.Location;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Shared detection and opening for ZSS and ZS. The partial-file magic counts as this
 * format's magic (so the user is told the file was only partly written), and the extension
 * alone is enough to open a file whose magic is damaged and show what is wrong with it.
 */
public abstract class ZssFamilyFormat implements ArchiveFormat {
    private final ZssFlavor flavor;

    protected ZssFamilyFormat(ZssFlavor flavor) {
        this.flavor = flavor;
    }

    public ZssFlavor flavor() {
        return flavor;
    }

    @Override
    public String id() {
        return flavor.id();
    }

    @Override
    public String displayName() {
        return flavor.displayName();
    }

    @Override
    public List<String> extensions() {
        return List.of(flavor.id());
    }

    @Override
    public Detection detect(Probe probe) {
        if (probe.source() == null) return Detection.NO;
        if (probe.startsWith(flavor.magic()) || probe.startsWith(flavor.partialMagic())) return Detection.BY_MAGIC;
        return probe.hasExtension(flavor.id()) ? Detection.BY_NAME : Detection.NO;
    }

    /** How strongly this flavor claims the file at {@code path}. */
    Detection detection(Path path) throws IOException {
        if (!Files.isRegularFile(path)) return Detection.NO;
        try (var src = MappedFileSource.open(path)) {
            return detect(new Probe(path, src));
        }
    }

    /** `vitrine create zss` / `create zs`. */
    @Override
    public java.util.Optional<dev.vitrine.core.format.ArchiveWriter> writer() {
        return java.util.Optional.of(new ZssArchiveWriter(flavor));
    }

    @Override
    public ZssArchive open(Path path, Limits limits) throws IOException {
        return ZssArchive.open(this, flavor, new LocalLocation(path), limits);
    }

    @Override
    public ZssArchive open(Location location, Limits limits) throws IOException {
        return ZssArchive.open(this, flavor, location, limits);
    }
}
