package dev.vitrine.core.model;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * One element of an archive's structure: the header, a block, a file entry. Nodes are lazy:
 * children are fetched on demand, a page at a time, so a node with a million children costs
 * nothing until someone looks. Methods that may touch the file throw IOException and must
 * not be called on a UI thread.
 */
public interface Node {

    /** Short label, e.g. "data block @ 106" or "nested/dir/config.json". */
    String name();

    /**
     * What a hover adds to the name, or null: the exact value a label rounds (an Ark message's
     * time in nanoseconds). Cheap; never reads the file.
     */
    default String note() {
        return null;
    }

    /** What sort of thing this is in the format's own words, e.g. "index block", "record". Shown to users. */
    String kind();

    /**
     * What this node is, format-independent: the window picks icons and views by role, never
     * by kind. Must be cheap and must not read the file (the window asks on its own thread).
     */
    default java.util.Set<Role> roles() {
        return java.util.Set.of();
    }

    default boolean is(Role role) {
        return roles().contains(role);
    }

    /** For a node inside a compressed block or frame: the decoded bytes it lives in. */
    default Optional<Decoded> decoded() {
        return Optional.empty();
    }

    /** The bytes this node occupies, or {@link ByteRange#NONE} for a purely logical node. */
    ByteRange range();

    /** The node's fields, each with its own byte range where it has one. */
    default List<Field> fields() {
        return List.of();
    }

    /** Whether this node can have children (the tree shows an expander without loading them). */
    default boolean hasChildren() {
        return false;
    }

    /** Number of children. May read the file. */
    default long childCount() throws IOException {
        return 0;
    }

    /** Children {@code [from, from+count)}; fewer at the end. May read the file. */
    default List<Node> children(long from, int count) throws IOException {
        return List.of();
    }

    /**
     * The child whose range covers {@code offset}, used to select the deepest node under a byte.
     * The default pages through the children; formats with an index override it.
     */
    default Optional<Node> childCovering(ByteRange.Position position) throws IOException {
        long n = childCount();
        final int page = 1024;
        for (long from = 0; from < n && from < 1_000_000; from += page) {
            for (Node c : children(from, page)) {
                ByteRange r = c.range();
                if (r.contains(position)) return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** A table of rows (records, files, messages) fetched by range, if this node has one. */
    default Optional<RowTable> table() {
        return Optional.empty();
    }

    /** The bytes a user would export from this node (a file's content, a record), if any. */
    default Optional<Content> content() {
        return Optional.empty();
    }

    /** Problems found while reading this node; a damaged node still shows what is readable. */
    default List<Problem> problems() {
        return List.of();
    }
}
