package dev.vitrine.app.ui;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.details.DetailsPane;
import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.hex.HexMarks;
import dev.vitrine.app.ui.hex.HexPane;
import dev.vitrine.app.ui.locate.NodeLocator;
import dev.vitrine.app.ui.table.RecordsView;
import dev.vitrine.app.ui.tree.NodeKey;
import dev.vitrine.app.ui.tree.StructureTree;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.RowTable;
import dev.vitrine.core.model.SortedRecords;
import dev.vitrine.core.verify.Problem;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Keeps the views of one archive pointing at the same thing. Selecting a node shows its fields
 * and records and frames its bytes (fields in their own colours); clicking a byte, a problem,
 * or a block of the index picture selects the deepest node covering it (found in the
 * background) and expands the tree to it, without scrolling the hex view away from the byte.
 */
public final class LinkedSelection {
    private final ArchiveSession session;
    private final Background background;
    private final StructureTree tree;
    private final DetailsPane details;
    private final HexPane hex;
    private final Notifier notifier;
    private final Optional<SortedRecords> sorted;
    private Consumer<Node> onNodeShown = n -> {};

    private Node selected;
    private NodeKey selectedKey;
    private int generation;
    private HexMarks base = HexMarks.none();
    private HexMark extra;
    /** The node a byte or problem click is revealing: when it arrives, keep the hex view where it is. */
    private NodeKey keepViewFor;
    private RecordsView records;
    private NodeKey recordsFor;

    public LinkedSelection(ArchiveSession session, Background background, StructureTree tree, DetailsPane details,
                           HexPane hex, Notifier notifier) {
        this.session = session;
        this.background = background;
        this.tree = tree;
        this.details = details;
        this.hex = hex;
        this.notifier = notifier;
        this.sorted = session.archive().capability(SortedRecords.class);
        tree.selectedProperty().addListener((o, a, n) -> {
            if (n != null) select(n);
        });
        hex.hex().setOnByteClicked(this::byteClicked);
        details.fields().setOnFieldSelected(this::fieldSelected);
    }

    public void setOnNodeShown(Consumer<Node> handler) {
        onNodeShown = handler == null ? n -> {} : handler;
    }

    public Node selected() {
        return selected;
    }

    public RecordsView records() {
        return records;
    }

    private void select(Node node) {
        selected = node;
        var item = tree.view().getSelectionModel().getSelectedItem();
        selectedKey = item instanceof dev.vitrine.app.ui.tree.NodeTreeItem n ? n.entry().key() : NodeKey.of(node);
        int gen = ++generation;
        details.showNode(selectedKey, tree.healthOf(item));
        boolean keep = keepViewFor != null && keepViewFor.equals(selectedKey);
        keepViewFor = null;
        if (!keep) extra = null;
        background.run(() -> new Shown(NodeKey.of(node), node.fields(), node.table()), shown -> {
            if (gen != generation) return;
            details.showFields(shown.fields());
            base = HexMarks.forNode(shown.key().name(), shown.key().range(), shown.fields(), session.archive().source().size());
            applyMarks(!keep);
            showRecords(shown.key(), shown.table());
            hex.setInfo(describe(shown.key().range()));
            onNodeShown.accept(node);
        }, err -> {
            if (gen != generation) return;
            details.showFields(List.of());
            notifier.error(node.name() + ": " + Human.error(err));
        });
    }

    private record Shown(NodeKey key, List<Field> fields, Optional<RowTable> table) {}

    private void showRecords(NodeKey key, Optional<RowTable> table) {
        if (table.isEmpty()) {
            details.setRecords(null);
            return;
        }
        if (records != null && key.equals(recordsFor)) {
            RecordsView same = records;
            details.setRecords(() -> same);
            return;
        }
        if (records != null) records.dispose();
        records = null;
        recordsFor = key;
        details.setRecords(() -> {
            if (records == null || !key.equals(recordsFor)) {
                records = new RecordsView(background, table.get(), sorted);
                records.setOnRowSelected(this::rowSelected);
                records.setOnExport(onExport);
                recordsFor = key;
            }
            return records;
        });
    }

    private Runnable onExport = () -> {};

    public void setOnExport(Runnable handler) {
        onExport = handler == null ? () -> {} : handler;
    }

    /** The hex bar's line: which bytes the selection frames. */
    static String describe(ByteRange r) {
        if (r.isNone()) return "no bytes of its own";
        if (r.file() != null) return "bytes in " + r.file();
        return "bytes " + Human.count(r.offset()) + "–" + Human.count(r.end()) + " (" + Human.size(r.length()) + ")";
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
        locate(offset, false);
    }

    /** Selects the node where a problem is and marks its offset. */
    public void problemSelected(Problem p) {
        if (p.offset() < 0 || (p.file() != null && !p.file().equals(session.archive().source().name()))) {
            tree.reveal(List.of(session.root().node()));
            return;
        }
        extra = new HexMark(p.offset(), p.offset() + 1, HexMark.Kind.PROBLEM, 0, p.message());
        hex.hex().setCaret(p.offset());
        applyMarks(false);
        locate(p.offset(), true);
    }

    private void locate(long offset, boolean keepExtra) {
        Node root = session.root().node();
        background.run(() -> NodeLocator.pathTo(root, offset).stream().map(NodeKey::of).toList(), path -> reveal(path, keepExtra),
                err -> notifier.error("could not find the node at offset " + Human.count(offset) + ": " + Human.error(err)));
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
    public void revealAndFrame(List<Node> path) {
        tree.reveal(path);
    }

    private void fieldSelected(Field f) {
        ByteRange r = f.range();
        if (!r.isNone() && r.file() == null) hex.hex().setCaret(r.offset());
    }

    private void rowSelected(RowTable.Row row) {
        ByteRange r = row.range();
        if (r == null || r.isNone() || r.file() != null) return;
        extra = new HexMark(r.offset(), r.end(), HexMark.Kind.RECORD, 0, "record " + Human.count(row.index()));
        applyMarks(false);
        hex.hex().setCaret(r.offset());
    }

    /** Redraws what depends on health (tree badges, summary). */
    public void refreshHealth() {
        tree.refreshHealth();
        if (selected != null) details.summary().setHealth(tree.healthOf(tree.view().getSelectionModel().getSelectedItem()));
    }
}
