package dev.vitrine.app.ui;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.details.DetailsPane;
import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.hex.HexMarks;
import dev.vitrine.app.ui.hex.HexPane;
import dev.vitrine.app.ui.locate.NodeLocator;
import dev.vitrine.app.ui.tree.NodeKey;
import dev.vitrine.app.ui.tree.StructureTree;
import dev.vitrine.app.ui.views.ShownNode;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.RowTable;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Keeps the views of one archive pointing at the same thing. Selecting a node shows its fields
 * and records and frames its bytes (fields in their own colours); clicking a byte, a problem,
 * or a block of the index picture selects the deepest node covering it (found in the
 * background) and expands the tree to it, without scrolling the hex view away from the byte.
 * Every position carries its file: the hex view switches to the file a selection is in, and a
 * byte click is located in the file shown. A node inside a compressed block shows the block's
 * decoded bytes beside the raw ones, with its own bytes framed there.
 */
public final class LinkedSelection {
    private final ArchiveSession session;
    private final Background background;
    private final StructureTree tree;
    private final DetailsPane details;
    private final HexPane hex;
    private final Notifier notifier;
    private Consumer<ShownNode> onNodeShown = n -> {};

    private Node selected;
    private NodeKey selectedKey;
    private int generation;
    private HexMarks base = HexMarks.none();
    private HexMark extra;
    /** The node a byte or problem click is revealing: when it arrives, keep the hex view where it is. */
    private NodeKey keepViewFor;

    public LinkedSelection(
            ArchiveSession session,
            Background background,
            StructureTree tree,
            DetailsPane details,
            HexPane hex,
            Notifier notifier) {
        this.session = session;
        this.background = background;
        this.tree = tree;
        this.details = details;
        this.hex = hex;
        this.notifier = notifier;
        tree.selectedProperty().addListener((o, a, n) -> {
            if (n != null) select(n);
        });
        hex.hex().setOnByteClicked(this::byteClicked);
        hex.setFiles(session.archive().files());
        hex.setOnFileChosen(f -> showFile(f, () -> {}));
        details.fields().setOnFieldSelected(this::fieldSelected);
    }

    /** Told (FX thread) when a selected node's fields and table have been read: the views hear of it. */
    public void setOnNodeShown(Consumer<ShownNode> handler) {
        onNodeShown = handler == null ? n -> {} : handler;
    }

    public Node selected() {
        return selected;
    }

    private void select(Node node) {
        selected = node;
        var item = tree.view().getSelectionModel().getSelectedItem();
        selectedKey = item instanceof dev.vitrine.app.ui.tree.NodeTreeItem n
                ? n.entry().key()
                : NodeKey.of(node);
        int gen = ++generation;
        details.showNode(node, selectedKey, tree.healthOf(item));
        boolean keep = keepViewFor != null && keepViewFor.equals(selectedKey);
        keepViewFor = null;
        if (!keep) extra = null;
        background.run(
                () -> new Shown(NodeKey.of(node), node.fields(), node.table(), decode(node)),
                shown -> {
                    if (gen != generation) {
                        if (shown.decoded() != null) shown.decoded().bytes().close();
                        return;
                    }
                    details.showFields(shown.fields());
                    onNodeShown.accept(new ShownNode(node, shown.key(), shown.fields(), shown.table()));
                    ByteRange r = shown.key().range();
                    DecodedBytes d = shown.decoded();
                    // A node inside a compressed block frames the block in the raw bytes.
                    ByteRange raw = d != null ? d.view().container() : r;
                    FileRef file = raw.isNone() ? currentFile() : raw.file();
                    showFile(file, () -> {
                        if (gen != generation) return;
                        if (d != null) {
                            frameDecoded(shown.key().name(), d.view(), d.bytes(), file, !keep);
                        } else {
                            base = HexMarks.forNode(
                                    shown.key().name(),
                                    r,
                                    shown.fields(),
                                    file,
                                    hex.hex().layoutModel().size());
                            applyMarks(!keep);
                            decodedFields = List.of();
                            hex.hideDecoded();
                            hex.setInfo(describe(r));
                        }
                        shownBytes.run();
                    });
                },
                err -> {
                    if (gen != generation) return;
                    details.showFields(List.of());
                    notifier.error(node.name() + ": " + Human.error(err));
                });
    }

    private record Shown(NodeKey key, List<Field> fields, Optional<RowTable> table, DecodedBytes decoded) {}

    /** A node's decoded view and its bytes, opened in the background. */
    private record DecodedBytes(Decoded view, ByteSource bytes) {}

    private static DecodedBytes decode(Node node) throws java.io.IOException {
        Optional<Decoded> d = node.decoded();
        return d.isPresent() ? new DecodedBytes(d.get(), d.get().open()) : null;
    }

    /** Shows {@code file} in the hex view (opening it in the background if it is another), then runs {@code then}. */
    private void showFile(FileRef file, Runnable then) {
        if (file.equals(hex.file()) && shownOnce && pendingFile == null) {
            then.run();
            return;
        }
        if (file.equals(pendingFile)) { // already opening: run after it
            pendingThen.add(then);
            return;
        }
        pendingFile = file;
        pendingThen = new java.util.ArrayList<>(List.of(then));
        List<Runnable> waiting = pendingThen;
        background.run(
                () -> session.archive().source(file),
                src -> {
                    if (waiting != pendingThen) return; // another file was asked for since
                    shownOnce = true;
                    pendingFile = null;
                    hex.showFile(file, src);
                    waiting.forEach(Runnable::run);
                },
                err -> {
                    if (waiting != pendingThen) return;
                    pendingFile = null;
                    shownOnce = true;
                    notifier.error(session.archive().displayName(file) + ": " + Human.error(err));
                    hex.showFile(
                            file, null); // says "no bytes" rather than framing this file's ranges in another's bytes
                    waiting.forEach(Runnable::run);
                });
    }

    /** The file the hex view shows, or is about to show. */
    private FileRef currentFile() {
        return pendingFile != null ? pendingFile : hex.file();
    }

    /** Shows the archive's first file in the hex view (a new tab). */
    public void showFirstFile() {
        showFile(session.archive().files().getFirst(), () -> {});
    }

    private boolean shownOnce;
    private FileRef pendingFile;
    private List<Runnable> pendingThen = List.of();

    private Runnable shownBytes = () -> {};

    /** Told when a selected node's bytes are framed in the hex view (the first draw of a tab). */
    public void setOnBytesShown(Runnable handler) {
        shownBytes = handler == null ? () -> {} : handler;
    }

    /** The hex bar's line: which bytes the selection frames. */
    static String describe(ByteRange r) {
        if (r.isNone()) return "no bytes of its own";
        return (r.file().isMain() ? "" : r.file() + ": ") + "bytes " + Human.count(r.offset()) + "–"
                + Human.count(r.end()) + " (" + Human.size(r.length()) + ")";
    }

    private void applyMarks(boolean frame) {
        HexMarks m = extra == null ? base : base.with(extra);
        hex.hex().setMarks(m, frame);
    }

    /** As if the user clicked byte {@code offset} in the hex view. */
    public void selectByte(long offset) {
        hex.hex().setCaret(offset);
        byteClicked(offset);
    }

    private void byteClicked(long offset) {
        extra = null;
        locate(new ByteRange.Position(hex.file(), offset), false);
    }

    /** Selects the node where a problem is and marks its offset. */
    public void problemSelected(Problem p) {
        if (p.offset() < 0) {
            tree.reveal(List.of(session.root().node()));
            return;
        }
        showFile(p.ref(), () -> {
            extra = new HexMark(p.offset(), p.offset() + 1, HexMark.Kind.PROBLEM, 0, p.message());
            hex.hex().setCaret(p.offset());
            applyMarks(false);
            locate(p.position(), true);
        });
    }

    /** Byte lookups started so far: only the newest one's node is revealed (lookups may finish out of order). */
    private volatile int lookups;

    private void locate(ByteRange.Position at, boolean keepExtra) {
        Node root = session.root().node();
        int lookup = ++lookups;
        background.run(
                () -> NodeLocator.pathTo(root, at, () -> lookup != lookups).stream()
                        .map(NodeKey::of)
                        .toList(),
                path -> {
                    if (lookup == lookups) reveal(path, keepExtra);
                },
                err -> {
                    if (lookup == lookups)
                        notifier.error("could not find the node at offset " + Human.count(at.offset()) + ": "
                                + Human.error(err));
                });
    }

    /** Reveals and selects the node at the end of {@code path} (keys read in the background) without moving the hex view. */
    private void reveal(List<NodeKey> path, boolean keepExtra) {
        NodeKey target = path.getLast();
        if (selectedKey != null && selectedKey.equals(target)) {
            if (!keepExtra) extra = null;
            applyMarks(false);
            tree.revealKeys(path);
            return;
        }
        keepViewFor = target;
        tree.revealKeys(path);
    }

    /** Selects the node at the end of {@code path} and frames its bytes (index picture clicks). */
    public java.util.concurrent.CompletableFuture<dev.vitrine.app.ui.tree.NodeTreeItem> revealAndFrame(
            List<Node> path) {
        return tree.reveal(path);
    }

    /** The decoded bytes' fields of the node shown (ranges inside the decoded bytes). */
    private List<Field> decodedFields = List.of();

    private void fieldSelected(Field f) {
        ByteRange r = f.range();
        if (!r.isNone() && r.file().equals(hex.file())) {
            hex.hex().setCaret(r.offset());
            return;
        }
        // A field of a value inside decoded bytes (an Ark message's): framed in the decoded bytes beside.
        for (Field d : decodedFields) {
            if (d.name().equals(f.name())
                    && !d.range().isNone()
                    && hex.decoded().showing()) {
                hex.decoded()
                        .hex()
                        .setMarks(
                                HexMarks.forNode(
                                        d.name(),
                                        ByteRange.of(
                                                d.range().offset(), d.range().length()),
                                        List.of(),
                                        FileRef.MAIN,
                                        Long.MAX_VALUE),
                                true);
                return;
            }
        }
    }

    /**
     * Frames bytes that lie in decoded bytes but belong to no tree node (a clp-s record's values,
     * column by column in its stream): the container in the raw bytes, and beside them the
     * decoded bytes with each value framed. The tree's selection stays.
     */
    public void showDecoded(String name, Decoded d) {
        int gen = ++generation;
        background.run(
                d::open,
                bytes -> {
                    if (gen != generation) {
                        bytes.close();
                        return;
                    }
                    ByteRange raw = d.container();
                    FileRef file = raw.isNone() ? currentFile() : raw.file();
                    showFile(file, () -> {
                        if (gen != generation) return;
                        extra = null;
                        frameDecoded(name, d, bytes, file, true);
                        shownBytes.run();
                    });
                },
                err -> {
                    if (gen == generation) notifier.error(name + ": " + Human.error(err));
                });
    }

    /** Frames {@code view}'s compressed container in {@code file} and shows its decoded bytes beside, the node and its fields framed there. */
    private void frameDecoded(String name, Decoded view, ByteSource bytes, FileRef file, boolean scroll) {
        base = HexMarks.forNode(
                name, view.container(), List.of(), file, hex.hex().layoutModel().size());
        applyMarks(scroll);
        decodedFields = view.fields();
        hex.showDecoded(
                view.label(),
                bytes,
                HexMarks.forNode(
                        name, ByteRange.of(view.offset(), view.length()), view.fields(), FileRef.MAIN, Long.MAX_VALUE));
        hex.setInfo(describe(view.container()) + " · decoded beside");
    }

    /** Frames a row's bytes (a view's table row was selected). */
    public void showRow(RowTable.Row row) {
        ByteRange r = row.range();
        if (r == null || r.isNone()) return;
        showFile(r.file(), () -> {
            extra = new HexMark(r.offset(), r.end(), HexMark.Kind.RECORD, 0, "record " + Human.count(row.index()));
            applyMarks(false);
            hex.hex().setCaret(r.offset());
        });
    }

    /** Redraws what depends on health (tree badges, summary). */
    public void refreshHealth() {
        tree.refreshHealth();
        if (selected != null)
            details.summary()
                    .setHealth(tree.healthOf(tree.view().getSelectionModel().getSelectedItem()));
    }
}
