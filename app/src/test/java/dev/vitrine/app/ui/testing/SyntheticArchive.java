package dev.vitrine.app.ui.testing;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.Detection;
import dev.vitrine.core.format.Probe;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An archive that is no real format: 1 MiB of bytes, a header, a group whose children take a
 * while to read, and a node with 100,000 children made on demand. It shows that the window
 * needs nothing from a format beyond the core's Node model.
 */
public final class SyntheticArchive implements Archive {
    public static final int SIZE = 1 << 20;
    public static final int MANY = 100_000;
    public static final long BAD_OFFSET = 700_000;

    private final ByteSource source;
    private final long slowMillis;

    public SyntheticArchive(long slowMillis) {
        byte[] b = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) b[i] = (byte) (i * 31 + (i >>> 8));
        System.arraycopy("SYNTHETIC".getBytes(), 0, b, 0, 9);
        this.source = MappedFileSource.ofBytes("synthetic.bin", b);
        this.slowMillis = slowMillis;
    }

    /** Ten-byte items from offset 4096: item i at 4096 + 10 i. */
    final class Item implements Node {
        final int i;

        Item(int i) {
            this.i = i;
        }

        @Override
        public String name() {
            return "item " + i;
        }

        @Override
        public String kind() {
            return "record";
        }

        @Override
        public ByteRange range() {
            return ByteRange.of(4096 + 10L * i, 10);
        }

        @Override
        public List<Field> fields() {
            return List.of(Field.at("id", i, 4096 + 10L * i, 4), Field.at("value", "v" + i, 4100 + 10L * i, 6));
        }
    }

    final Node many = new Node() {
        @Override
        public String name() {
            return "items";
        }

        @Override
        public String kind() {
            return "table";
        }

        @Override
        public ByteRange range() {
            return ByteRange.of(4096, 10L * MANY);
        }

        @Override
        public boolean hasChildren() {
            return true;
        }

        @Override
        public long childCount() {
            return MANY;
        }

        @Override
        public List<Node> children(long from, int count) {
            List<Node> out = new ArrayList<>();
            for (long i = from; i < Math.min(MANY, from + count); i++) out.add(new Item((int) i));
            return out;
        }

        @Override
        public java.util.Optional<Node> childCovering(ByteRange.Position p) {
            long i = (p.offset() - 4096) / 10;
            return i >= 0 && i < MANY ? java.util.Optional.of(new Item((int) i)) : java.util.Optional.empty();
        }
    };

    final Node slow = new Node() {
        @Override
        public String name() {
            return "slow group";
        }

        @Override
        public String kind() {
            return "group";
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
            return 2;
        }

        @Override
        public List<Node> children(long from, int count) throws java.io.IOException {
            try {
                Thread.sleep(slowMillis);
            } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
            }
            return List.<Node>of(new FakeNode("late a", "chunk", 2000, 100), new FakeNode("late b", "chunk", 2100, 100))
                    .subList((int) from, (int) Math.min(2, from + count));
        }
    };

    final Node root = new Node() {
        @Override
        public String name() {
            return "synthetic.bin";
        }

        @Override
        public String kind() {
            return "archive";
        }

        @Override
        public ByteRange range() {
            return ByteRange.of(0, SIZE);
        }

        @Override
        public List<Field> fields() {
            return List.of(Field.of("what", "a test archive"), Field.at("magic", "SYNTHETIC", 0, 9));
        }

        @Override
        public boolean hasChildren() {
            return true;
        }

        @Override
        public long childCount() {
            return 3;
        }

        @Override
        public List<Node> children(long from, int count) {
            List<Node> all = List.of(
                    new FakeNode("header", "header", 0, 64).field(Field.at("magic", "SYNTHETIC", 0, 9)), slow, many);
            return all.subList((int) from, (int) Math.min(all.size(), from + count));
        }
    };

    @Override
    public ArchiveFormat format() {
        return FORMAT;
    }

    @Override
    public Path path() {
        return Path.of("synthetic.bin");
    }

    @Override
    public ByteSource source() {
        return source;
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
        return JsonNodeFactory.instance.objectNode();
    }

    @Override
    public void verify(VerifyContext ctx) {
        for (int step = 0; step < 10; step++) {
            ctx.checkCancelled();
            ctx.progress(step + 1, 10);
            if (slowMillis > 0) {
                try {
                    Thread.sleep(slowMillis / 10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        ctx.report(Problem.error("synthetic.bin", BAD_OFFSET, "synthetic damage"));
    }

    @Override
    public void close() {
        source.close();
    }

    static final ArchiveFormat FORMAT = new ArchiveFormat() {
        @Override
        public String id() {
            return "synthetic";
        }

        @Override
        public String displayName() {
            return "Synthetic test archive";
        }

        @Override
        public List<String> extensions() {
            return List.of("bin");
        }

        @Override
        public Detection detect(Probe probe) {
            return Detection.NO;
        }

        @Override
        public Archive open(Path path, Limits limits) {
            return new SyntheticArchive(0);
        }
    };
}
