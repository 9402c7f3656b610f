package dev.vitrine.app.ui.timeline;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.locate.NodeLocator;
import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.text.TimeText;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;

/**
 * The timeline with its bar (fit, zoom, the visible range) and a status line (what is under the
 * pointer, or the selected message). The density is computed once in the background; a click
 * finds the nearest message of the lane in the background and selects its node, so its fields
 * show, its stored bytes are framed in its split file and the decoded bytes show beside.
 */
public final class TimelinePane extends BorderPane implements FormatView.View {
    /** Pixels either side of a click searched first for the nearest message, then wider. */
    static final double NEAR_PX = 8;

    private final ViewContext context;
    private final TimedMessages timed;
    private final TimelineView view = new TimelineView();
    private final Label range = new Label();
    private final Label status = new Label("reading the channels…");
    private final CompletableFuture<TimelineData> loaded = new CompletableFuture<>();
    private final MessagesTable messages;
    static final double MESSAGES_MIN_H = 160;
    private final MessageExporter exporter;
    private final javafx.scene.control.ToggleButton showMessages = new javafx.scene.control.ToggleButton(
            "Messages", new FontIcon(org.kordamp.ikonli.materialdesign2.MaterialDesignF.FORMAT_LIST_BULLETED));
    private final javafx.scene.control.SplitPane split = new javafx.scene.control.SplitPane();
    private int pickGeneration;
    private String selectedText = "";
    private CompletableFuture<List<Node>> lastPick = CompletableFuture.completedFuture(List.of());

    public TimelinePane(ViewContext context) {
        this.context = context;
        this.timed = context.session().archive().capability(TimedMessages.class).orElseThrow();
        this.messages = new MessagesTable(timed, context.background());
        this.exporter = new MessageExporter(context, timed);
        getStyleClass().add("timeline-pane");
        split.setOrientation(javafx.geometry.Orientation.VERTICAL);
        // The table keeps a few rows however many lanes there are (it showed none at 1360x860);
        // the lanes scroll instead.
        messages.setMinHeight(MESSAGES_MIN_H);
        view.setId("timeline-view");
        Button fit = button("timeline-fit", MaterialDesignA.ARROW_EXPAND_HORIZONTAL, "Show the whole log", view::fit);
        Button in = button(
                "timeline-zoom-in",
                MaterialDesignM.MAGNIFY_PLUS_OUTLINE,
                "Zoom in (or the wheel, or drag a range)",
                () -> view.zoomAt(view.plotLeft() + view.plotWidth() / 2, 0.5));
        Button out = button(
                "timeline-zoom-out",
                MaterialDesignM.MAGNIFY_MINUS_OUTLINE,
                "Zoom out",
                () -> view.zoomAt(view.plotLeft() + view.plotWidth() / 2, 2));
        Label help =
                new Label(null, new FontIcon(org.kordamp.ikonli.materialdesign2.MaterialDesignH.HELP_CIRCLE_OUTLINE));
        help.setId("timeline-help");
        help.setTooltip(new Tooltip("wheel: zoom around the pointer · drag: zoom to a range\n"
                + "shift-drag, middle-drag, horizontal scroll: pan · overview strip: move the window\n"
                + "click a lane: select the nearest message (fields, bytes in its split file, decoded beside)"));
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        showMessages.setId("timeline-messages-toggle");
        showMessages.getStyleClass().add("small");
        showMessages.setTooltip(new Tooltip("The messages of the visible window, in time order"));
        showMessages.selectedProperty().addListener((o, a, on) -> setMessagesShown(on));
        messages.setOnSelected(this::selectMessage);
        messages.setOnExport(payloads -> {
            if (payloads) exporter.askPayloads(exportChoice());
            else exporter.askJsonLines(exportChoice());
        });
        HBox bar = new HBox(6, fit, in, out, showMessages, range, grow, help);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 8, 4, 8));
        range.setId("timeline-range");
        status.setId("timeline-status");
        status.setPadding(new Insets(3, 8, 3, 8));
        status.setMaxWidth(Double.MAX_VALUE);
        setTop(bar);
        setCenter(view);
        setBottom(status);
        view.setOnRangeChanged(this::rangeChanged);
        view.hoverTextProperty().addListener((o, a, b) -> status.setText(b.isEmpty() ? selectedText : b));
        view.setOnPick(this::pick);
        ChannelLink link = ChannelLink.of(context.session());
        link.onChosenInTable(this::channelChosen);
        view.setOnLaneChosen(link::chooseOnTimeline);
        context.background()
                .runLong(
                        () -> TimelineData.load(timed),
                        d -> {
                            view.setData(d);
                            messages.setData(d);
                            if (link.chosen() != null) channelChosen(link.chosen());
                            healthChanged();
                            status.setText(
                                    selectedText = Human.count(d.lanes().stream()
                                                    .mapToLong(TimelineData.Lane::count)
                                                    .sum())
                                            + " messages on " + d.lanes().size() + " channels over "
                                            + TimeText.duration(d.maxNs() - d.minNs()));
                            loaded.complete(d);
                        },
                        err -> {
                            view.setMessage("could not read the channels: " + Human.error(err));
                            loaded.completeExceptionally(err);
                        });
    }

    private static Button button(String id, org.kordamp.ikonli.Ikon icon, String tip, Runnable action) {
        Button b = new Button(null, new FontIcon(icon));
        b.setId(id);
        b.getStyleClass().addAll("flat", "small");
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        return b;
    }

    /** Shows or hides the messages table under the timeline. */
    public void setMessagesShown(boolean on) {
        if (showMessages.isSelected() != on) {
            showMessages.setSelected(on); // the listener comes back here
            return;
        }
        if (on) {
            split.getItems().setAll(view, messages);
            split.setDividerPositions(0.55);
            setCenter(split);
            messages.setWindow(view.visibleStart(), view.visibleStop());
        } else {
            split.getItems().clear();
            setCenter(view);
        }
    }

    /**
     * What an export takes: the rows selected in the messages table when it is shown, else every
     * message of the timeline's window (a dragged range zooms to it) and of the table's channels.
     */
    public MessageExporter.Choice exportChoice() {
        List<TimedMessages.Message> chosen =
                showMessages.isSelected() && !messages.allSelected() ? messages.selectedMessages() : List.of();
        return new MessageExporter.Choice(chosen, messages.channels(), view.visibleStart(), view.visibleStop());
    }

    public MessageExporter exporter() {
        return exporter;
    }

    /** File > Export with the timeline in front: the messages as JSON lines. */
    @Override
    public boolean export() {
        if (view.data() == null) return false;
        exporter.askJsonLines(exportChoice());
        return true;
    }

    /** A channel chosen in the Channels table: its lane highlighted and brought into view, the messages filtered to it. */
    private void channelChosen(String channel) {
        if (view.data() == null) return;
        view.highlight(channel);
        messages.setChannels(java.util.Set.of(channel));
    }

    /** Zooms to [from, to] seconds after the first message once the timeline is read (the screenshots use it); completes then. */
    public CompletableFuture<Void> showWindow(double fromSeconds, double toSeconds) {
        return loaded.thenCompose(d -> {
            CompletableFuture<Void> shown = new CompletableFuture<>();
            javafx.application.Platform.runLater(() -> {
                view.show(d.minNs() + fromSeconds * 1e9, d.minNs() + toSeconds * 1e9);
                shown.complete(null);
            });
            return shown;
        });
    }

    public MessagesTable messages() {
        return messages;
    }

    private void rangeChanged() {
        TimelineData d = view.data();
        if (d == null) return;
        long s = view.visibleStart();
        long e = view.visibleStop();
        if (showMessages.isSelected()) messages.setWindow(s, e);
        long step = TimeText.niceStep((e - s) / 1000.0);
        range.setText(TimeText.absolute(s, step) + " – " + TimeText.absolute(e, step) + "  ("
                + TimeText.relative(s - d.minNs()) + ", " + TimeText.duration(e - s) + " shown)");
    }

    public TimelineView timeline() {
        return view;
    }

    public Label status() {
        return status;
    }

    /** Completes when the channels and the density have been read. */
    public CompletableFuture<TimelineData> loaded() {
        return loaded;
    }

    /** The path of the last picked message's node (root first), when found. */
    public CompletableFuture<List<Node>> lastPick() {
        return lastPick;
    }

    private record Found(TimedMessages.Message message, List<Node> path) {}

    private void pick(TimelineView.Pick p) {
        int gen = ++pickGeneration;
        Node root = context.session().root().node();
        CompletableFuture<List<Node>> result = new CompletableFuture<>();
        lastPick = result;
        status.setText(
                selectedText =
                        "finding the message of " + p.channel() + " nearest to " + TimeText.absolute(p.timeNs(), 1));
        context.background()
                .run(
                        () -> {
                            TimedMessages.Message m = null;
                            for (double px = NEAR_PX; px <= NEAR_PX * 4096 && m == null; px *= 8) {
                                m = nearest(
                                        p.channel(),
                                        p.timeNs(),
                                        Math.max(1, Math.round(p.nsPerPixel() * px)),
                                        () -> gen != pickGeneration);
                            }
                            if (m == null) return null;
                            return new Found(
                                    m,
                                    withValue(
                                            NodeLocator.pathTo(root, m.range().start(), () -> gen != pickGeneration),
                                            m));
                        },
                        found -> {
                            if (gen != pickGeneration) return;
                            if (found == null) {
                                status.setText(
                                        selectedText = "no message of " + p.channel() + " near "
                                                + TimeText.absolute(p.timeNs(), 1));
                                result.complete(List.of());
                                return;
                            }
                            messages.select(found.message(), true);
                            show(found, result);
                        },
                        err -> {
                            if (gen != pickGeneration) return;
                            status.setText(selectedText = "could not find the message: " + Human.error(err));
                            result.completeExceptionally(err);
                        });
    }

    /** A row of the messages table was selected: the timeline's cursor moves there and its node is selected. */
    private void selectMessage(TimedMessages.Message m) {
        int gen = ++pickGeneration;
        Node root = context.session().root().node();
        CompletableFuture<List<Node>> result = new CompletableFuture<>();
        lastPick = result;
        view.setCursor(m.timeNs(), m.channel());
        context.background()
                .run(
                        () -> new Found(
                                m,
                                withValue(NodeLocator.pathTo(root, m.range().start(), () -> gen != pickGeneration), m)),
                        found -> {
                            if (gen == pickGeneration) show(found, result);
                        },
                        err -> {
                            if (gen != pickGeneration) return;
                            status.setText(selectedText = "could not find the message: " + Human.error(err));
                            result.completeExceptionally(err);
                        });
    }

    private void show(Found found, CompletableFuture<List<Node>> result) {
        {
            TimedMessages.Message m = found.message();
            cursorRange = m.range();
            followGeneration++;
            view.setCursor(m.timeNs(), m.channel());
            ByteRange r = m.range();
            TimelineData d = view.data();
            status.setText(
                    selectedText = m.channel() + " @ " + TimeText.absolute(m.timeNs(), 1) + " ("
                            + TimeText.relative(m.timeNs() - (d == null ? 0 : d.minNs())) + ") · " + m.type() + " · "
                            + context.session().archive().displayName(r.file()) + " bytes " + Human.count(r.offset())
                            + "–" + Human.count(r.end()));
            // The decoded value selected and expanded: its fields in the details, its parts in the tree.
            context.selection().revealAndFrame(found.path()).whenComplete((item, err) -> {
                if (item != null && !item.isLeaf()) item.setExpanded(true);
                result.complete(found.path());
            });
        }
    }

    /**
     * The path to a message, on to its first child, its decoded value where the format gives one
     * (decoded here, in the background), so a pick shows the value rather than a collapsed message.
     */
    private static List<Node> withValue(List<Node> path, TimedMessages.Message m) throws java.io.IOException {
        Node last = path.getLast();
        if (!last.range().equals(m.range()) || !last.hasChildren()) return path;
        List<Node> kids = last.children(0, 1);
        if (kids.isEmpty()) return path; // a payload that does not decode: the message, with its problem
        List<Node> out = new java.util.ArrayList<>(path);
        out.add(kids.getFirst());
        return out;
    }

    /** Blocking: the message of {@code channel} nearest to {@code t} within {@code t ± window}, or null. */
    private TimedMessages.Message nearest(
            String channel, long t, long window, java.util.function.BooleanSupplier cancelled)
            throws java.io.IOException {
        TimedMessages.Message best = null;
        long bestD = Long.MAX_VALUE;
        long from = t - Math.min(window, t - Long.MIN_VALUE / 2);
        try (TimedMessages.Cursor c = timed.messages(List.of(channel), from, t + window)) {
            while (c.hasNext() && !cancelled.getAsBoolean()) {
                TimedMessages.Message m = c.next();
                if (m.latchedReplay()) continue;
                long dist = Math.abs(m.timeNs() - t);
                if (dist < bestD) {
                    best = m;
                    bestD = dist;
                }
                if (m.timeNs() > t) break; // time order: later ones are farther
            }
        }
        return best;
    }

    @Override
    public javafx.scene.Node content() {
        return this;
    }

    /** Lanes of channels stored in a file with problems are marked (errors red, warnings amber). */
    @Override
    public void healthChanged() {
        TimelineData d = view.data();
        if (d == null) return;
        Map<FileRef, Severity> worst = new HashMap<>();
        for (Problem p : context.session().problems()) {
            if (p.severity() == Severity.INFO) continue;
            worst.merge(p.ref(), p.severity(), (a, b) -> a.compareTo(b) >= 0 ? a : b);
        }
        Map<String, Health> byChannel = new HashMap<>();
        for (TimelineData.Lane l : d.lanes()) {
            Severity s = null;
            for (FileRef f : l.files()) {
                Severity x = worst.get(f);
                if (x != null && (s == null || x.compareTo(s) > 0)) s = x;
            }
            if (s != null) byChannel.put(l.name(), s == Severity.ERROR ? Health.DAMAGED : Health.WARNING);
        }
        Map<FileRef, Health> byFile = new HashMap<>();
        worst.forEach((f, sev) -> byFile.put(f, sev == Severity.ERROR ? Health.DAMAGED : Health.WARNING));
        view.setDamage(byChannel, byFile);
    }

    /** Most index entries read to place a message selected elsewhere (the tree, the records) on the timeline. */
    static final int FOLLOW_LIMIT = 200_000;

    private dev.vitrine.core.model.ByteRange cursorRange;
    private int followGeneration;

    /**
     * A message selected elsewhere (the structure tree, the Records tab) moves the cursor: its
     * channel and time are found in the background among the channels stored in its file, within
     * that file's time span.
     */
    @Override
    public void nodeShown(dev.vitrine.app.ui.views.ShownNode shown) {
        TimelineData d = view.data();
        Node n = shown.node();
        ByteRange r = n.range();
        if (d == null
                || !n.roles().contains(dev.vitrine.core.model.Role.MESSAGE)
                || r.isNone()
                || r.equals(cursorRange)) return;
        List<TimelineData.Lane> lanes =
                d.lanes().stream().filter(l -> l.span(r.file()) != null).toList();
        if (lanes.isEmpty()) return;
        int gen = ++followGeneration;
        context.background()
                .run(
                        () -> {
                            long from = Long.MAX_VALUE;
                            long to = Long.MIN_VALUE;
                            for (TimelineData.Lane l : lanes) {
                                from = Math.min(from, l.span(r.file())[0]);
                                to = Math.max(to, l.span(r.file())[1]);
                            }
                            int read = 0;
                            try (TimedMessages.Cursor c = timed.messages(
                                    lanes.stream().map(TimelineData.Lane::name).toList(), from, to)) {
                                while (c.hasNext() && read++ < FOLLOW_LIMIT && gen == followGeneration) {
                                    TimedMessages.Message m = c.next();
                                    if (m.range().equals(r)) return m;
                                }
                            }
                            return null;
                        },
                        m -> {
                            if (m == null || gen != followGeneration) return;
                            cursorRange = m.range();
                            view.setCursor(m.timeNs(), m.channel());
                            messages.select(m, true);
                        },
                        err -> {});
    }

    @Override
    public void dispose() {
        ChannelLink.release(context.session());
        pickGeneration++;
    }
}
