package dev.vitrine.core.format.clps;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.LocalLocation;
import dev.vitrine.core.location.Location;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** clp-s single-file archives (y-scope CLP's JSON log archives), recognised by the magic FD 2F C5 30. */
public final class ClpsFormat implements ArchiveFormat {
    @Override
    public String id() {
        return "clps";
    }

    @Override
    public String displayName() {
        return "clp-s archive";
    }

    @Override
    public List<String> extensions() {
        return List.of("clps");
    }

    @Override
    public Detection detect(Probe probe) {
        if (probe.isDirectory()) return Detection.NO;
        if (probe.startsWith(ClpsHeader.MAGIC)) return Detection.BY_MAGIC;
        return probe.hasExtension("clps") ? Detection.BY_NAME : Detection.NO;
    }

    @Override
    public Archive open(Location location, Limits limits) throws IOException {
        return location.openAs((path, src) -> new ClpsArchive(this, path, src, limits));
    }

    @Override
    public Archive open(Path path, Limits limits) throws IOException {
        return open(new LocalLocation(path), limits);
    }

    /** Opens an archive from a source already at hand (tests, fuzzing). */
    public ClpsArchive open(Path path, ByteSource src, Limits limits) {
        return new ClpsArchive(this, path, src, limits);
    }
}
