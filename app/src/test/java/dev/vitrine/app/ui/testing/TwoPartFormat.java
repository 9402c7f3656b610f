package dev.vitrine.app.ui.testing;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.ArchiveFiles;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Role;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A format made only for tests, to prove a directory archive needs nothing the window does not
 * have: a folder holding {@code part-1.bin} and {@code part-2.bin}, each "PART", a u32 item
 * count, then 8-byte items (a u32 value and its bitwise complement, which verify checks). No
 * file is the main one: every range, position and problem names its part.
 */
public final class TwoPartFormat implements ArchiveFormat {
    public static final List<FileRef> PARTS = List.of(FileRef.of("part-1.bin"), FileRef.of("part-2.bin"));
    static final int HEADER = 8;
    static final int ITEM = 8;

    @Override
    public String id() {
        return "twopart";
    }

    @Override
    public String displayName() {
        return "two-part test archive";
    }

    @Override
    public List<String> extensions() {
        return List.of();
    }

    /** Claims a folder by its layout: both parts present. */
    @Override
    public Detection detect(Probe probe) {
        if (!probe.isDirectory()) return Detection.NO;
        for (FileRef p : PARTS)
            if (!probe.has(p.path(), dev.vitrine.core.location.Location.Kind.FILE)) return Detection.NO;
        return Detection.BY_STRUCTURE;
    }

    @Override
    public Archive open(Path path, Limits limits) {
        return new TwoPart(this, path, new ArchiveFiles(path, limits.maxOpenFiles()));
    }

    /** Writes a two-part folder with {@code counts[i]} items in part i+1; item values are 1000 * part + index. */
    public static Path write(Path folder, int... counts) throws IOException {
        Files.createDirectories(folder);
        for (int p = 0; p < PARTS.size(); p++) {
            ByteBuffer b = ByteBuffer.allocate(HEADER + ITEM * counts[p]).order(ByteOrder.LITTLE_ENDIAN);
            b.put("PART".getBytes()).putInt(counts[p]);
            for (int i = 0; i < counts[p]; i++) {
                int v = 1000 * (p + 1) + i;
                b.putInt(v).putInt(~v);
            }
            Files.write(folder.resolve(PARTS.get(p).path()), b.array());
        }
        return folder;
    }

    /** Offset of item {@code i} in a part. */
    public static long itemOffset(int i) {
        return HEADER + (long) ITEM * i;
    }

    static final class TwoPart implements Archive {
        private final TwoPartFormat format;
        private final Path path;
        private final ArchiveFiles files;
        private final Node root;

        TwoPart(TwoPartFormat format, Path path, ArchiveFiles files) {
            this.format = format;
            this.path = path;
            this.files = files;
            List<Node> parts = new ArrayList<>();
            for (FileRef f : PARTS) parts.add(new PartNode(f));
            this.root = new Group(path.getFileName().toString(), parts);
        }

        @Override
        public ArchiveFormat format() {
            return format;
        }

        @Override
        public Path path() {
            return path;
        }

        @Override
        public List<FileRef> files() {
            return PARTS;
        }

        @Override
        public ByteSource source(FileRef f) throws IOException {
            return files.source(f);
        }

        @Override
        public ByteSource source() {
            try {
                return files.source(PARTS.getFirst());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public Node root() {
            return root;
        }

        @Override
        public List<Problem> openProblems() {
            return List.of();
        }

        @Override
        public ObjectNode info() {
            return JsonNodeFactory.instance.objectNode().put("parts", PARTS.size());
        }

        @Override
        public void verify(VerifyContext ctx) throws IOException {
            for (FileRef f : PARTS) {
                ByteSource s = files.source(f);
                long n = s.readU32LE(4);
                for (int i = 0; i < n; i++) {
                    ctx.checkCancelled();
                    long off = itemOffset(i);
                    long v = s.readU32LE(off), c = s.readU32LE(off + 4);
                    if ((v ^ c) != 0xffffffffL) {
                        ctx.report(Problem.error(f, off, "item " + i + ": check word does not match its value")
                                .expecting(Long.toHexString(~v & 0xffffffffL), Long.toHexString(c))
                                .at(List.of((long) PARTS.indexOf(f), (long) i)));
                    }
                }
            }
        }

        @Override
        public void close() {
            files.close();
        }

        final class PartNode implements Node {
            final FileRef file;

            PartNode(FileRef file) {
                this.file = file;
            }

            private ByteSource src() throws IOException {
                return files.source(file);
            }

            @Override
            public String name() {
                return file.path();
            }

            @Override
            public String kind() {
                return "part";
            }

            @Override
            public Set<Role> roles() {
                return Set.of(Role.FILE, Role.SECTION);
            }

            @Override
            public ByteRange range() {
                try {
                    return ByteRange.in(file, 0, src().size());
                } catch (IOException e) {
                    return ByteRange.NONE;
                }
            }

            @Override
            public List<Field> fields() {
                try {
                    return List.of(
                            new Field("magic", "PART", ByteRange.in(file, 0, 4)),
                            new Field("items", String.valueOf(src().readU32LE(4)), ByteRange.in(file, 4, 4)));
                } catch (IOException e) {
                    return List.of();
                }
            }

            @Override
            public boolean hasChildren() {
                return true;
            }

            @Override
            public long childCount() throws IOException {
                return src().readU32LE(4);
            }

            @Override
            public List<Node> children(long from, int count) throws IOException {
                List<Node> out = new ArrayList<>();
                for (long i = from; i < Math.min(childCount(), from + count); i++) out.add(new ItemNode(file, (int) i));
                return out;
            }

            @Override
            public Optional<Node> childCovering(ByteRange.Position p) throws IOException {
                if (!p.file().equals(file) || p.offset() < HEADER) return Optional.empty();
                long i = (p.offset() - HEADER) / ITEM;
                return i < childCount() ? Optional.of(new ItemNode(file, (int) i)) : Optional.empty();
            }
        }

        final class ItemNode implements Node {
            final FileRef file;
            final int index;

            ItemNode(FileRef file, int index) {
                this.file = file;
                this.index = index;
            }

            @Override
            public String name() {
                return file.path() + " item " + index;
            }

            @Override
            public String kind() {
                return "item";
            }

            @Override
            public Set<Role> roles() {
                return Set.of(Role.RECORD);
            }

            @Override
            public ByteRange range() {
                return ByteRange.in(file, itemOffset(index), ITEM);
            }

            @Override
            public List<Field> fields() {
                return List.of(
                        new Field("value", "u32", ByteRange.in(file, itemOffset(index), 4)),
                        new Field("check", "~value", ByteRange.in(file, itemOffset(index) + 4, 4)));
            }
        }

        record Group(String name, List<Node> parts) implements Node {
            @Override
            public String kind() {
                return "twopart";
            }

            @Override
            public Set<Role> roles() {
                return Set.of(Role.ARCHIVE);
            }

            @Override
            public ByteRange range() {
                return ByteRange.NONE;
            }

            @Override
            public boolean hasChildren() {
                return true;
            }

            @Override
            public long childCount() {
                return parts.size();
            }

            @Override
            public List<Node> children(long from, int count) {
                return parts.subList((int) Math.min(from, parts.size()), (int) Math.min(parts.size(), from + count));
            }

            @Override
            public Optional<Node> childCovering(ByteRange.Position p) {
                for (Node n : parts) if (n.range().file().equals(p.file())) return Optional.of(n);
                return Optional.empty();
            }
        }
    }
}
