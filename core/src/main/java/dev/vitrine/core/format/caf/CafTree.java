package dev.vitrine.core.format.caf;

import dev.vitrine.core.io.TruncatedException;
import dev.vitrine.core.model.BasicNode;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import java.util.ArrayList;
import java.util.List;

/** The chunk as a whole: data section, JSON index and footer, as far as the footer lets us place them. */
final class CafTree {
    private CafTree() {}

    static Node root(CafArchive archive) {
        List<Node> sections = sections(archive);
        BasicNode.Builder b = BasicNode.of(archive.source().name(), "caf")
                .roles(Role.ARCHIVE)
                .range(ByteRange.of(0, archive.source().size()))
                .fields(() -> fields(archive))
                // the index checks run on first call (see CafArchive), so only when shown
                .problems(archive::openProblems);
        if (!sections.isEmpty()) b.children(sections);
        return b.build();
    }

    private static List<Field> fields(CafArchive archive) {
        List<Field> f = new ArrayList<>();
        f.add(Field.of("file size", archive.source().size()));
        if (archive.index() != null) {
            f.add(Field.of("format_version", String.valueOf(archive.index().formatVersion())));
            f.add(Field.of("files", archive.index().entries().size()));
        }
        return f;
    }

    private static List<Node> sections(CafArchive a) {
        List<Node> out = new ArrayList<>(3);
        CafLayout l = a.layout();
        long size = a.source().size();
        if (l == null) {
            // The footer could not place the index: show the footer bytes we have, if any.
            if (size >= CafLayout.FOOTER_SIZE) out.add(footer(size - CafLayout.FOOTER_SIZE, safeU32(a, size)));
            return out;
        }
        out.add(new CafDataNode(a));
        CafIndex idx = a.index();
        List<Field> idxFields = new ArrayList<>();
        if (idx.versionOffset() >= 0) {
            idxFields.add(Field.at(
                    "format_version",
                    idx.formatVersion() == null ? "(not a string)" : idx.formatVersion(),
                    idx.versionOffset(),
                    idx.versionLength()));
        } else {
            idxFields.add(Field.of("format_version", "(missing)"));
        }
        idxFields.add(Field.of("entries", idx.entries().size()));
        idxFields.add(Field.of("parsed", idx.complete() ? "whole index" : "stopped at damage"));
        out.add(BasicNode.of("index", "index")
                .roles(Role.SECTION, Role.INDEX)
                .range(ByteRange.of(l.indexStart(), l.indexSize()))
                .fields(idxFields)
                .problems(idx.problems())
                .build());
        out.add(footer(l.footerStart(), l.indexSize()));
        return List.copyOf(out);
    }

    private static long safeU32(CafArchive a, long size) {
        try {
            return a.source().readU32LE(size - CafLayout.FOOTER_SIZE);
        } catch (TruncatedException e) {
            return -1;
        }
    }

    private static Node footer(long offset, long indexSize) {
        return BasicNode.of("footer", "footer")
                .roles(Role.HEADER)
                .range(ByteRange.of(offset, CafLayout.FOOTER_SIZE))
                .fields(List.of(Field.at("index_size", indexSize, offset, CafLayout.FOOTER_SIZE)))
                .build();
    }
}
