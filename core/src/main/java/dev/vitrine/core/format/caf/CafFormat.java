package dev.vitrine.core.format.caf;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.TruncatedException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.LocalLocation;
import dev.vitrine.core.location.Location;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * CAF, JackalLabs' Chunk Archive Format: file bytes back to back, a JSON index, and a
 * little-endian u32 footer giving the index size. It has no magic, so detection checks the
 * structure: the footer must point inside the file at something that starts with '{' and
 * names one of the index's keys near its start and ends with '}'.
 */
public final class CafFormat implements ArchiveFormat {
    /** How much of the index's head detection looks at for a known key. */
    private static final int HEAD = 256;

    @Override
    public String id() {
        return "caf";
    }

    @Override
    public String displayName() {
        return "CAF chunk archive";
    }

    @Override
    public List<String> extensions() {
        return List.of("caf");
    }

    @Override
    public Detection detect(Probe probe) {
        if (probe.isDirectory()) return Detection.NO;
        if (probe.source() != null && looksLikeCaf(probe.source())) return Detection.BY_STRUCTURE;
        return probe.hasExtension("caf") ? Detection.BY_NAME : Detection.NO;
    }

    /** CAF has no magic: its probe reads the footer at the file's end. */
    @Override
    public boolean readsOnlyTheHead() {
        return false;
    }

    static boolean looksLikeCaf(ByteSource src) {
        long size = src.size();
        if (size < 4 + 2) return false;
        try {
            long indexSize = src.readU32LE(size - 4);
            if (indexSize < 2 || indexSize > size - 4) return false;
            long start = size - 4 - indexSize;
            if (src.readU8(start) != '{' || src.readU8(size - 5) != '}') return false;
            byte[] head = src.read(start, (int) Math.min(HEAD, indexSize));
            String s = new String(head, StandardCharsets.ISO_8859_1);
            return s.contains("\"format_version\"") || s.contains("\"files\"");
        } catch (TruncatedException e) {
            return false;
        }
    }

    /** `vitrine create caf`. */
    @Override
    public java.util.Optional<dev.vitrine.core.format.ArchiveWriter> writer() {
        return java.util.Optional.of(new CafArchiveWriter());
    }

    @Override
    public Archive open(Location location, Limits limits) throws IOException {
        return location.openAs((path, src) -> new CafArchive(this, path, src, limits));
    }

    @Override
    public Archive open(Path path, Limits limits) throws IOException {
        return open(new LocalLocation(path), limits);
    }

    /** Opens a CAF from a source already at hand (tests, fuzzing, nested archives). */
    public CafArchive open(Path path, ByteSource src, Limits limits) {
        return new CafArchive(this, path, src, limits);
    }
}
