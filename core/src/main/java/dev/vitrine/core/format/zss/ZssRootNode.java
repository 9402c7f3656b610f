package dev.vitrine.core.format.zss;

import dev.vitrine.core.model.BasicNode;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Role;
import dev.vitrine.core.model.RowTable;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The file: children "header", "index" (the root index block and, below it, the whole tree)
 * and "data blocks" (every data block in file order); its table lists every record.
 */
final class ZssRootNode implements Node {
    private final ZssArchive archive;
    private final Node header;
    private final DataBlocksNode dataBlocks;
    private BlockNode index;

    ZssRootNode(ZssArchive archive) {
        this.archive = archive;
        this.header = header(archive);
        this.dataBlocks = new DataBlocksNode(archive);
    }

    /** The header: every field with its byte range; its content is the metadata JSON. */
    private static Node header(ZssArchive archive) {
        ZssHeader h = archive.header();
        long size = archive.source().size();
        long end = h.dataStart() >= 0 ? Math.min(h.dataStart(), size) : Math.min(size, HeaderLayout.DATA);
        BasicNode.Builder b = BasicNode.of("header", "header")
                .roles(Role.HEADER)
                .range(ByteRange.of(0, end))
                .fields(h::fields)
                .problems(h::problems);
        String text = h.metadataText();
        if (text != null) b.content(metadata(text.getBytes(StandardCharsets.UTF_8)));
        return b.build();
    }

    private static Content metadata(byte[] bytes) {
        return new Content() {
            @Override
            public String name() {
                return "metadata.json";
            }

            @Override
            public long size() {
                return bytes.length;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(bytes);
            }
        };
    }

    @Override
    public String name() {
        return archive.source().name();
    }

    @Override
    public String kind() {
        return archive.flavor().id() + "-file";
    }

    @Override
    public java.util.Set<dev.vitrine.core.model.Role> roles() {
        return java.util.Set.of(dev.vitrine.core.model.Role.ARCHIVE);
    }

    @Override
    public ByteRange range() {
        return ByteRange.of(0, archive.source().size());
    }

    @Override
    public List<Field> fields() {
        ZssHeader h = archive.header();
        List<Field> out = new ArrayList<>();
        out.add(Field.of("format", archive.flavor().displayName()));
        out.add(Field.of("size", archive.source().size()));
        if (h.fixedFieldsRead()) {
            out.add(Field.of("codec", h.codecName()));
            out.add(Field.of(
                    "root index",
                    Long.toUnsignedString(h.rootOffset()) + " (" + Long.toUnsignedString(h.rootLength()) + " bytes)"));
            out.add(Field.of("data_sha256", h.sha256Hex()));
        }
        return out;
    }

    @Override
    public boolean hasChildren() {
        return true;
    }

    @Override
    public long childCount() {
        return archive.header().blocksLocatable() ? 3 : 1;
    }

    private synchronized BlockNode index() {
        if (index == null) {
            ZssHeader h = archive.header();
            index = BlockNode.at(
                    archive, h.rootOffset(), h.rootLength(), -1, null, "index (root)", HeaderLayout.ROOT_OFFSET);
        }
        return index;
    }

    @Override
    public List<Node> children(long from, int count) {
        List<Node> all = archive.header().blocksLocatable() ? List.of(header, index(), dataBlocks) : List.of(header);
        int f = (int) Math.max(0, Math.min(from, all.size()));
        return all.subList(f, (int) Math.min(all.size(), f + (long) Math.max(0, count)));
    }

    @Override
    public Optional<Node> childCovering(ByteRange.Position position) {
        if (!position.file().isMain()) return Optional.empty();
        long pos = position.offset();
        if (header.range().contains(pos)) return Optional.of(header);
        if (!archive.header().blocksLocatable()) return Optional.empty();
        BlockDirectory d = archive.blockDirectory();
        d.ensureOffset(pos);
        int i = d.blockAtOrBefore(pos);
        if (i < 0) return Optional.empty();
        int level = d.level(i);
        if (level == 0) return Optional.of(dataBlocks);
        if (level > 0 && level < BlockFrame.FIRST_EXTENSION_LEVEL) return Optional.of(index());
        return Optional.empty();
    }

    @Override
    public Optional<RowTable> table() {
        return archive.header().blocksLocatable() ? Optional.of(new RecordsTable(archive)) : Optional.empty();
    }

    @Override
    public List<Problem> problems() {
        return archive.openProblems();
    }
}
