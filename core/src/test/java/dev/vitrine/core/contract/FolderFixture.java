package dev.vitrine.core.contract;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/**
 * A folder archive (made once by the format's tests) whose one file {@code member} the sweeps
 * change: a working copy (one per thread) gets the changed bytes in that file's place before
 * each open.
 */
public final class FolderFixture extends Fixture {
    private final String formatId;
    private final Path template;
    private final String member;
    private final byte[] original;
    /** One working copy per thread, so that the changes of a sweep can run side by side. */
    private final ThreadLocal<Path> work = new ThreadLocal<>();

    public FolderFixture(String formatId, Path template, String member) throws IOException {
        this.formatId = formatId;
        this.template = template;
        this.member = member;
        this.original = Files.readAllBytes(template.resolve(member));
    }

    @Override
    public String formatId() {
        return formatId;
    }

    @Override
    public String name() {
        return template.getFileName() + "/" + member;
    }

    @Override
    public byte[] original() {
        return original.clone();
    }

    @Override
    public Archive open(byte[] bytes, Limits limits) throws IOException {
        if (work.get() == null) {
            Path dir = Files.createTempDirectory("vitrine-contract");
            dev.vitrine.core.testing.TempTrees.deleteOnExit(dir);
            work.set(materialize(dir));
        }
        Files.write(work.get().resolve(member), bytes);
        return FormatRegistry.get().byId(formatId).orElseThrow().open(work.get(), limits);
    }

    @Override
    public Path materialize(Path dir) throws IOException {
        Path out = dir.resolve(template.getFileName().toString());
        try (Stream<Path> s = Files.walk(template)) {
            for (Path p : s.toList()) {
                Path to = out.resolve(template.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(to);
                else Files.copy(p, to, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        return out;
    }

    /** Each change is written to disk before the archive opens: fewer offsets than in memory. */
    @Override
    protected int defaultSample() {
        return 512;
    }

    @Override
    public boolean parallel() {
        return true;
    }

    /** Removes a temporary folder and everything in it when the test JVM exits. */
}
