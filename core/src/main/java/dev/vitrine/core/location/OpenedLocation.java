package dev.vitrine.core.location;

import dev.vitrine.core.io.ByteSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A location whose bytes detection has already opened: the format that opens the archive takes
 * that source over instead of opening it again, so a remote archive's first request serves
 * detection and opening alike.
 */
public final class OpenedLocation implements Location, AutoCloseable {
    private final Location location;
    private ByteSource source;

    public OpenedLocation(Location location, ByteSource source) {
        this.location = location;
        this.source = source;
    }

    @Override
    public synchronized ByteSource open() throws IOException {
        ByteSource s = source;
        source = null;
        return s != null ? s : location.open();
    }

    /** The opened source, still owned here (for detection). */
    public synchronized ByteSource peek() {
        return source;
    }

    /** Closes the source if no format took it. */
    @Override
    public synchronized void close() {
        if (source != null) source.close();
        source = null;
    }

    @Override
    public String display() {
        return location.display();
    }

    @Override
    public String name() {
        return location.name();
    }

    @Override
    public Stat stat() throws IOException {
        return location.stat();
    }

    @Override
    public List<Entry> list() throws IOException {
        return location.list();
    }

    @Override
    public Location resolve(String relative) {
        return location.resolve(relative);
    }

    @Override
    public Optional<Path> localPath() {
        return location.localPath();
    }

    @Override
    public List<String> notices() {
        return location.notices();
    }

    @Override
    public String toString() {
        return location.toString();
    }
}
