package dev.vitrine.core.format.zss;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/** The header: every field with its byte range; its content is the metadata JSON. */
final class HeaderNode implements Node {
    private final ZssArchive archive;

    HeaderNode(ZssArchive archive) {
        this.archive = archive;
    }

    @Override
    public String name() {
        return "header";
    }

    @Override
    public String kind() {
        return "header";
    }

    @Override
    public java.util.Set<dev.vitrine.core.model.Role> roles() {
        return java.util.Set.of(dev.vitrine.core.model.Role.HEADER);
    }

    @Override
    public ByteRange range() {
        ZssHeader h = archive.header();
        long size = archive.source().size();
        long end = h.dataStart() >= 0 ? Math.min(h.dataStart(), size) : Math.min(size, HeaderLayout.DATA);
        return ByteRange.of(0, end);
    }

    @Override
    public List<Field> fields() {
        return archive.header().fields();
    }

    @Override
    public Optional<Content> content() {
        String text = archive.header().metadataText();
        if (text == null) return Optional.empty();
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return Optional.of(new Content() {
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
        });
    }

    @Override
    public List<Problem> problems() {
        return archive.header().problems();
    }
}
