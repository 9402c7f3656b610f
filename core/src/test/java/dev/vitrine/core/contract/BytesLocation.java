package dev.vitrine.core.contract;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.location.Location;
import java.io.IOException;
import java.util.List;

/** A single file held in memory, so sweeps of thousands of changes never touch the disk. */
record BytesLocation(String name, byte[] bytes) implements Location {
    @Override
    public String display() {
        return name;
    }

    @Override
    public Stat stat() {
        return new Stat(Kind.FILE, bytes.length);
    }

    @Override
    public ByteSource open() {
        return MappedFileSource.ofBytes(name, bytes);
    }

    @Override
    public List<Entry> list() throws IOException {
        throw new java.nio.file.NotDirectoryException(name);
    }

    @Override
    public Location resolve(String relative) {
        return new BytesLocation(name + "/" + relative, new byte[0]);
    }
}
