package dev.vitrine.core.contract;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A fixture that is one file, opened from memory through the registered format. */
public final class SingleFileFixture extends Fixture {
    private final String formatId;
    private final String name;
    private final byte[] original;

    public SingleFileFixture(String formatId, String name, byte[] original) {
        this.formatId = formatId;
        this.name = name;
        this.original = original.clone();
    }

    @Override
    public String formatId() {
        return formatId;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public byte[] original() {
        return original.clone();
    }

    @Override
    public Archive open(byte[] member, Limits limits) throws IOException {
        String file = Path.of(name).getFileName().toString();
        return FormatRegistry.get().byId(formatId).orElseThrow().open(new BytesLocation(file, member), limits);
    }

    @Override
    public Path materialize(Path dir) throws IOException {
        Path p = dir.resolve(Path.of(name).getFileName().toString());
        Files.write(p, original);
        return p;
    }

    @Override
    public boolean parallel() {
        return true;
    }
}
