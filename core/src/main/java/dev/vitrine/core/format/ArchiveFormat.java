package dev.vitrine.core.format;

import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.remote.RemoteException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One archive format, found through {@link java.util.ServiceLoader} so that the app and the
 * command line never name a format. Register an implementation in
 * {@code META-INF/services/dev.vitrine.core.format.ArchiveFormat}.
 */
public interface ArchiveFormat {

    /** Short stable id, e.g. "zss", "caf". */
    String id();

    /** Name shown to users, e.g. "ZSS sorted records". */
    String displayName();

    /** File name extensions without the dot, for file associations and name-based detection. */
    List<String> extensions();

    /** Whether the probed file is this format. Must not throw and must read little. */
    Detection detect(Probe probe);

    /**
     * Whether {@link #detect} reads no more than a file's first bytes, where its magic is. Detection
     * asks these formats first and stops at a magic match: one that reads elsewhere (CAF's footer)
     * is then not asked, and a remote ZSS or clp-s archive opens without a request for its last block.
     */
    default boolean readsOnlyTheHead() {
        return true;
    }

    /**
     * Opens the archive, reading only what it needs (header, footer, index root). Damage found
     * here is returned in {@link Archive#openProblems()} rather than thrown, so a damaged archive
     * still shows what is readable; throw only when nothing at all can be shown.
     */
    Archive open(Path path, Limits limits) throws IOException;

    /**
     * Opens the archive at {@code location}: a local path, an http(s):// object or an s3://
     * object or prefix. Formats read through the location and its byte sources, so they need
     * not know which; the default serves formats that read local files only.
     */
    default Archive open(Location location, Limits limits) throws IOException {
        Optional<Path> local = location.localPath();
        if (local.isEmpty())
            throw new RemoteException(location.display(), displayName() + " archives are read from local files only");
        return open(local.get(), limits);
    }

    /**
     * How to write new archives of this format, if it can: the command line offers
     * `vitrine create ID` for every format that has one, with the options it describes.
     */
    default Optional<ArchiveWriter> writer() {
        return Optional.empty();
    }
}
