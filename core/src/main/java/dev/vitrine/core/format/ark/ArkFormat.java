package dev.vitrine.core.format.ark;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.LocalLocation;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.rbuf.RbufFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Ark (TBD Robotics) robot logs: a folder with {@code manifests/} and {@code splits/}, or a
 * single manifest file (an rbuf serializable file of type ark::logging::Manifest).
 */
public final class ArkFormat implements ArchiveFormat {
    @Override
    public String id() {
        return "ark";
    }

    @Override
    public String displayName() {
        return "Ark robot log";
    }

    @Override
    public List<String> extensions() {
        return List.of();
    }

    @Override
    public Detection detect(Probe probe) {
        try {
            if (probe.isDirectory()) {
                // a linked folder still makes it a log: opening it reports the link, which is not followed
                return folderOrLink(probe, "manifests") && folderOrLink(probe, "splits")
                        ? Detection.BY_STRUCTURE
                        : Detection.NO;
            }
            ByteSource src = probe.source();
            if (src == null) return Detection.NO;
            return isManifest(src) ? Detection.BY_MAGIC : Detection.NO;
        } catch (RuntimeException e) {
            return Detection.NO;
        }
    }

    private static boolean folderOrLink(Probe probe, String name) {
        return probe.has(name, Location.Kind.FOLDER) || probe.has(name, Location.Kind.LINK);
    }

    /** A manifest's magic is at its end. */
    @Override
    public boolean readsOnlyTheHead() {
        return false;
    }

    /** The serializable-file magic at the end and the manifest's type name in the trailer. */
    static boolean isManifest(ByteSource src) {
        RbufFile.Reader r = reader(src);
        if (!RbufFile.hasMagic(r)) return false;
        try {
            long size = src.size();
            long trailer = src.readU32LE(size - RbufFile.TAIL);
            long content = src.readU64LE(size - RbufFile.TAIL + 4);
            if (content < 0 || trailer < 4 || content + trailer + RbufFile.TAIL != size) return false;
            long n = src.readU32LE(content);
            byte[] want = ArkSchemas.MANIFEST.getBytes(StandardCharsets.UTF_8);
            return n == want.length && java.util.Arrays.equals(src.read(content + 4, want.length), want);
        } catch (IOException e) {
            return false;
        }
    }

    static RbufFile.Reader reader(ByteSource src) {
        return new RbufFile.Reader() {
            @Override
            public long size() {
                return src.size();
            }

            @Override
            public byte[] read(long offset, int length) throws IOException {
                return src.read(offset, length);
            }
        };
    }

    @Override
    public Archive open(Path path, Limits limits) throws IOException {
        return ArkArchive.open(this, new LocalLocation(path), limits);
    }

    /** A log's folder on this machine or under an s3:// prefix: its parts are listed and read through the location. */
    @Override
    public Archive open(Location location, Limits limits) throws IOException {
        return ArkArchive.open(this, location, limits);
    }
}
