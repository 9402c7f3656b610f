package dev.vitrine.app.ui.packets;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.Human;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.PacketStream;
import dev.vitrine.core.model.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;

/**
 * A packet stream: the decoded section as a strip of packets, each as wide as its share of the
 * bytes (never too narrow to read its type), and below, the chosen packet's value as a tree and
 * its tables. Choosing a packet tells the window (which selects its node and frames its bytes).
 * Everything shown was read when the archive opened: nothing here touches the file.
 */
public final class PacketsView extends BorderPane {
    static final int MAX_TREE_ITEMS = 5_000;
    private final PacketStream stream;
    private final Strip strip = new Strip();
    private final ToggleGroup group = new ToggleGroup();
    private final List<ToggleButton> blocks = new ArrayList<>();
    private final Label heading = new Label();
    private final Label packetLine = new Label("Choose a packet");
    private final TreeView<String> tree = new TreeView<>();
    private final TabPane detail = new TabPane();
    private Consumer<PacketStream.Packet> onPacketChosen = p -> {};
    private boolean quiet;
    private PacketStream.Packet shown;

    public PacketsView(PacketStream stream) {
        this.stream = stream;
        getStyleClass().add("packets-view");
        List<PacketStream.Packet> ps = stream.packets();
        long len = stream.sectionLength();
        heading.setText(
                stream.sectionName() + " · " + Human.count(ps.size()) + (ps.size() == 1 ? " packet" : " packets")
                        + (len >= 0 ? " · " + Human.size(len) + " decoded" : " · does not decode"));
        heading.getStyleClass().add(Styles.TEXT_BOLD);
        for (PacketStream.Packet p : ps) {
            ToggleButton b = new ToggleButton(p.type() + "\n" + Human.size(p.length()));
            b.setToggleGroup(group);
            b.getStyleClass()
                    .addAll(
                            "packet-block",
                            "packet-kind-" + Math.floorMod(p.type().hashCode(), 6));
            if (p.problem() != null) b.getStyleClass().add("packet-damaged");
            b.setTooltip(new Tooltip("packet " + p.index() + ": " + p.type() + "\ndecoded bytes "
                    + Human.count(p.offset()) + "–" + Human.count(p.offset() + p.length()) + " ("
                    + Human.count(p.length(), "byte") + ")" + (p.problem() != null ? "\n⚠ " + p.problem() : "")));
            b.setUserData(p);
            b.setMinWidth(0);
            b.setMaxHeight(Double.MAX_VALUE);
            b.setOnAction(e -> {
                if (!b.isSelected()) b.setSelected(true);
                show(p);
                if (!quiet) onPacketChosen.accept(p);
            });
            blocks.add(b);
        }
        strip.getChildren().setAll(blocks);
        strip.setId("packet-strip");
        tree.setShowRoot(false);
        tree.setId("packet-value");
        tree.getStyleClass().add(Styles.DENSE);
        detail.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        detail.setId("packet-detail");
        packetLine.getStyleClass().add("records-status");
        VBox top = new VBox(6, heading, strip, packetLine);
        top.setPadding(new Insets(8));
        setTop(top);
        setCenter(ps.isEmpty() ? new Label("no packets could be read") : detail);
        if (!ps.isEmpty()) {
            quiet = true;
            blocks.getFirst().fire();
            quiet = false;
        }
    }

    public void setOnPacketChosen(Consumer<PacketStream.Packet> handler) {
        onPacketChosen = handler == null ? p -> {} : handler;
    }

    /** A node was selected elsewhere: if it is one of the packets, it is chosen here too (without echoing back). */
    public void showNode(Node node) {
        if (node == null || !node.is(Role.PACKET)) return;
        long at = node.decoded().map(Decoded::offset).orElse(-1L);
        for (ToggleButton b : blocks) {
            PacketStream.Packet p = (PacketStream.Packet) b.getUserData();
            if (p.offset() == at && p != shown) {
                quiet = true;
                try {
                    b.fire();
                } finally {
                    quiet = false;
                }
            }
        }
    }

    private void show(PacketStream.Packet p) {
        shown = p;
        packetLine.setText("packet " + p.index() + ": " + p.type() + " · decoded bytes " + Human.count(p.offset()) + "–"
                + Human.count(p.offset() + p.length()) + " (" + Human.count(p.length(), "byte")
                + " with its 5-byte head)"
                + (p.problem() != null ? " · ⚠ " + p.problem() : ""));
        List<Tab> tabs = new ArrayList<>();
        if (p.value() != null) {
            TreeItem<String> root = new TreeItem<>("");
            int[] budget = {MAX_TREE_ITEMS};
            add(root, null, p.value(), budget, 0);
            root.setExpanded(true);
            tree.setRoot(root);
            Tab t = new Tab("value", tree);
            t.setId("packet-tab-value");
            tabs.add(t);
        }
        for (PacketStream.ValueTable vt : p.tables()) {
            Tab t = new Tab(vt.title() + " (" + Human.count(vt.rows().size()) + ")", table(vt));
            t.setId("packet-tab-" + vt.title().replace(' ', '-'));
            tabs.add(t);
        }
        if (tabs.isEmpty()) {
            Label l = new Label(
                    p.problem() != null
                            ? "⚠ " + p.problem()
                            : "A packet of a type this reader does not know: its " + Human.count(p.length() - 5)
                                    + " bytes are framed in the decoded bytes beside the hex view.");
            l.setWrapText(true);
            l.setPadding(new Insets(12));
            tabs.add(new Tab("raw", l));
        }
        detail.getTabs().setAll(tabs);
    }

    /** Adds {@code v} under {@code parent}: maps and lists expand, scalars read "key: value". */
    private static void add(TreeItem<String> parent, String key, Object v, int[] budget, int depth) {
        if (budget[0]-- <= 0) return;
        String k = key == null ? "" : key + ": ";
        if (v instanceof Map<?, ?> m) {
            TreeItem<String> item = key == null ? parent : new TreeItem<>(key + "  {" + m.size() + "}");
            for (Map.Entry<?, ?> e : m.entrySet())
                add(item, String.valueOf(e.getKey()), e.getValue(), budget, depth + 1);
            if (item != parent) {
                item.setExpanded(depth < 3);
                parent.getChildren().add(item);
            }
        } else if (v instanceof List<?> l) {
            TreeItem<String> item = key == null ? parent : new TreeItem<>(key + "  [" + l.size() + "]");
            for (int i = 0; i < l.size(); i++) {
                if (budget[0] <= 0) {
                    item.getChildren().add(new TreeItem<>("… " + Human.count(l.size() - i) + " more"));
                    break;
                }
                add(item, "[" + i + "]", l.get(i), budget, depth + 1);
            }
            if (item != parent) {
                item.setExpanded(depth < 2 && l.size() <= 50);
                parent.getChildren().add(item);
            }
        } else if (v instanceof byte[] b) {
            parent.getChildren().add(new TreeItem<>(k + Human.count(b.length, "byte")));
        } else if (v instanceof String s) {
            parent.getChildren().add(new TreeItem<>(k + "\"" + s + "\""));
        } else {
            parent.getChildren().add(new TreeItem<>(k + v));
        }
    }

    private static TableView<List<String>> table(PacketStream.ValueTable vt) {
        TableView<List<String>> t = new TableView<>(FXCollections.observableArrayList(vt.rows()));
        t.getStyleClass().addAll(Styles.DENSE, "records-table");
        for (int i = 0; i < vt.columns().size(); i++) {
            int c = i;
            TableColumn<List<String>, String> col =
                    new TableColumn<>(vt.columns().get(i));
            col.setCellValueFactory(cd -> new ReadOnlyStringWrapper(
                    c < cd.getValue().size() ? cd.getValue().get(c) : ""));
            col.setPrefWidth(vt.columns().size() <= 2 ? 320 : 150);
            t.getColumns().add(col);
        }
        t.setPlaceholder(new Label("no rows"));
        return t;
    }

    /** The packet chosen now, or null. */
    public PacketStream.Packet shownPacket() {
        return shown;
    }

    public List<ToggleButton> blocks() {
        return List.copyOf(blocks);
    }

    public TreeView<String> valueTree() {
        return tree;
    }

    public TabPane detail() {
        return detail;
    }

    /** Lays the packets side by side, each as wide as its share of the bytes, at least {@link #MIN} pixels. */
    static final class Strip extends Pane {
        static final double MIN = 96;
        static final double HEIGHT = 46;

        Strip() {
            getStyleClass().add("packet-strip");
            setMinHeight(HEIGHT);
            setPrefHeight(HEIGHT);
        }

        @Override
        protected double computePrefWidth(double height) {
            return getChildren().size() * MIN;
        }

        @Override
        protected void layoutChildren() {
            double w = getWidth();
            int n = getChildren().size();
            if (n == 0) return;
            long total = 0;
            for (var c : getChildren()) total += ((PacketStream.Packet) c.getUserData()).length();
            double free = Math.max(0, w - n * MIN - (n - 1) * 2);
            double x = 0;
            for (var c : getChildren()) {
                long len = ((PacketStream.Packet) c.getUserData()).length();
                double cw = MIN + (total == 0 ? free / n : free * len / total);
                c.resizeRelocate(Math.round(x), 0, Math.round(cw), HEIGHT);
                x += cw + 2;
            }
        }
    }
}
