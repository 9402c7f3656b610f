package dev.vitrine.core.format.caf;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.io.LocalNames;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Packs a folder into one or more CAF chunks, like the reference workers do.
 * <ul>
 *   <li>Files: every regular file under the folder, recursively, named by its relative path
 *       with '/'; symbolic links are skipped (never followed out of the folder). Order is the
 *       sorted relative names (String order), so the same folder gives the same bytes.</li>
 *   <li>Splitting: {@code maxDataBytes} limits each chunk's data section, as in the reference
 *       (TypeScript and Go count file data only; the index and footer come on top). When the
 *       next file would take the current chunk past it, the chunk is closed and a new one
 *       started. A single file larger than the limit gets a chunk of its own, which is then
 *       over the limit (the reference would drop it). No chunk's data may pass 32 GiB.</li>
 *   <li>Names: the first chunk is {@code OUT}; later ones put {@code -1}, {@code -2}, ... before
 *       the extension ({@code out.caf}, {@code out-1.caf}, ...; {@code out} gives {@code out-1}).</li>
 *   <li>An empty folder gives one valid chunk with no files.</li>
 *   <li>Nothing is replaced unless asked: all chunk names are checked before writing starts.</li>
 * </ul>
 */
public final class CafFolderPacker {
    private CafFolderPacker() {}

    /** A file to pack: its name in the archive and where its bytes are. */
    public record Source(String name, Path file, long size) {}

    /** What was written. */
    public record Result(List<Path> chunks, int files, long bytes) {}

    public static Result pack(Path folder, Path out, long maxDataBytes, boolean replaceExisting) throws IOException {
        return write(list(folder), out, maxDataBytes, replaceExisting);
    }

    /** Regular files under {@code folder}, sorted by relative name; fails on a name the format cannot hold safely. */
    public static List<Source> list(Path folder) throws IOException {
        Path root = folder.toRealPath();
        List<Source> out = new ArrayList<>();
        LocalNames.Check names = new LocalNames.Check(root);
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (!attrs.isRegularFile()) return FileVisitResult.CONTINUE; // links, sockets, devices
                StringBuilder name = new StringBuilder();
                for (Path seg : root.relativize(file)) {
                    if (!name.isEmpty()) name.append('/');
                    name.append(seg);
                }
                String n = name.toString();
                // A name the JVM could not read as text (stored as U+FFFD, merging files) is named below.
                if (!names.add(file, n)) return FileVisitResult.CONTINUE;
                if (!(EntryPathPolicy.decide(n) instanceof EntryPathPolicy.Safe s) || s.sanitised()) {
                    throw new IOException(file + ": name cannot be stored safely in a CAF ("
                            + (EntryPathPolicy.decide(n) instanceof EntryPathPolicy.Refused r
                                    ? r.reason()
                                    : "it contains a backslash")
                            + ")");
                }
                out.add(new Source(n, file, attrs.size()));
                return FileVisitResult.CONTINUE;
            }
        });
        String bad = names.problem();
        if (bad != null) throw new dev.vitrine.core.format.ArchiveWriter.BadInputException(folder + ": " + bad);
        out.sort(Comparator.comparing(Source::name));
        return out;
    }

    /** Groups sources into chunks by {@code maxDataBytes} (see the class comment). */
    public static List<List<Source>> plan(List<Source> sources, long maxDataBytes) throws IOException {
        if (maxDataBytes <= 0) throw new IllegalArgumentException("max size must be positive");
        List<List<Source>> chunks = new ArrayList<>();
        List<Source> cur = new ArrayList<>();
        long size = 0;
        for (Source s : sources) {
            if (s.size() > CafWriter.MAX_CHUNK_DATA)
                throw new IOException(s.file() + ": " + s.size() + " bytes is more than a CAF chunk can hold (32 GiB)");
            long limit = Math.min(maxDataBytes, CafWriter.MAX_CHUNK_DATA);
            if (!cur.isEmpty() && size + s.size() > limit) {
                chunks.add(cur);
                cur = new ArrayList<>();
                size = 0;
            }
            cur.add(s);
            size += s.size();
        }
        chunks.add(cur);
        return chunks;
    }

    /** Writes {@code sources} in the given order into chunks named after {@code out}. */
    public static Result write(List<Source> sources, Path out, long maxDataBytes, boolean replaceExisting)
            throws IOException {
        List<List<Source>> chunks = plan(sources, maxDataBytes);
        if (!replaceExisting) {
            for (int i = 0; i < chunks.size(); i++) {
                Path p = chunkPath(out, i);
                if (Files.exists(p, LinkOption.NOFOLLOW_LINKS))
                    throw new FileAlreadyExistsException(p.toString(), null, "exists; not replaced");
            }
        }
        List<Path> written = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i < chunks.size(); i++) {
            try (CafWriter w = CafWriter.create(chunkPath(out, i), replaceExisting)) {
                for (Source s : chunks.get(i)) bytes += w.add(s.name(), s.file());
                written.add(w.finish());
            }
        }
        return new Result(List.copyOf(written), sources.size(), bytes);
    }

    /** {@code out} for the first chunk, then {@code name-N.ext}. */
    public static Path chunkPath(Path out, int i) {
        if (i == 0) return out;
        String name = out.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String numbered = dot > 0 ? name.substring(0, dot) + "-" + i + name.substring(dot) : name + "-" + i;
        return out.resolveSibling(numbered);
    }
}
