package dev.vitrine.core.format.caf;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.util.List;
import java.util.Optional;

/** One stored file: its bytes in the data section, its entry in the index, its content. */
record CafFileNode(CafArchive archive, CafEntry entry) implements Node {

    @Override
    public String name() {
        return CafFolderTree.label(CafFolderTree.segments(entry.name()).getLast());
    }

    @Override
    public String kind() {
        return "file";
    }

    @Override
    public java.util.Set<dev.vitrine.core.model.Role> roles() {
        return java.util.Set.of(dev.vitrine.core.model.Role.FILE);
    }

    @Override
    public ByteRange range() {
        return archive.readable(entry) ? ByteRange.of(entry.start(), entry.length()) : ByteRange.NONE;
    }

    @Override
    public List<Field> fields() {
        long len = Math.max(0, entry.indexLength());
        return List.of(
                Field.at("name", entry.name(), entry.keyOffset(), len),
                Field.of("size", archive.readable(entry) ? String.valueOf(entry.length()) : "?"),
                Field.of("start_byte", entry.hasNumbers() ? String.valueOf(entry.start()) : "?"),
                Field.of("end_byte (exclusive)", entry.hasNumbers() ? String.valueOf(entry.end()) : "?"),
                Field.at("index entry", "#" + entry.ordinal(), entry.keyOffset(), len));
    }

    @Override
    public Optional<Content> content() {
        return archive.readable(entry) ? Optional.of(archive.contentOf(entry)) : Optional.empty();
    }

    @Override
    public List<Problem> problems() {
        long dataEnd = archive.layout() == null ? 0 : archive.layout().dataEnd();
        return CafEntryChecks.check(entry, archive.source().name(), dataEnd);
    }
}
