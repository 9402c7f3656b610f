package dev.vitrine.app.ui.timeline;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.model.TimedMessages.ChannelInfo;
import dev.vitrine.core.text.TimeText;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/** The Channels tab: the channel table with the ark-logtool columns (NAME, TYPE, COUNT, RATE, SIZE, MIN, MAX) and latched, sortable. */
public final class ChannelsTab implements FormatView {
    public static final String ID = "channels";
    public static final String TAB_ID = "tab-" + ID;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Channels";
    }

    @Override
    public Ikon icon() {
        return MaterialDesignT.TABLE_LARGE;
    }

    @Override
    public int order() {
        return 7;
    }

    @Override
    public boolean appliesTo(Archive archive) {
        return archive.capability(TimedMessages.class).isPresent();
    }

    @Override
    public View create(ViewContext context) {
        TimedMessages timed =
                context.session().archive().capability(TimedMessages.class).orElseThrow();
        TableView<ChannelInfo> table = table();
        table.setPlaceholder(new Label("reading the channels…"));
        ChannelLink link = ChannelLink.of(context.session());
        context.background()
                .run(
                        timed::channels,
                        cs -> {
                            table.getItems().setAll(cs);
                            table.setPlaceholder(new Label("no channels"));
                            selectRow(table, link.chosen());
                        },
                        err -> table.setPlaceholder(new Label("could not read the channels: " + Human.error(err))));
        // A chosen row highlights its lane and filters the timeline's messages; a clicked lane selects its row.
        table.getSelectionModel().selectedItemProperty().addListener((o, a, c) -> {
            if (c != null) link.chooseInTable(c.name());
        });
        link.onChosenOnTimeline(name -> selectRow(table, name));
        return new Made(table, context.session());
    }

    private static void selectRow(TableView<ChannelInfo> table, String channel) {
        if (channel == null) return;
        for (int i = 0; i < table.getItems().size(); i++) {
            if (table.getItems().get(i).name().equals(channel)) {
                table.getSelectionModel().clearAndSelect(i);
                table.scrollTo(Math.max(0, i - 2));
                return;
            }
        }
    }

    /** The made tab. */
    public record Made(TableView<ChannelInfo> table, dev.vitrine.app.ui.ArchiveSession session) implements View {
        @Override
        public javafx.scene.Node content() {
            return table;
        }

        @Override
        public void dispose() {
            ChannelLink.release(session);
        }
    }

    /** The table of the details pane's Channels tab, or null. */
    @SuppressWarnings("unchecked")
    public static TableView<ChannelInfo> of(dev.vitrine.app.ui.details.DetailsPane details) {
        for (javafx.scene.control.Tab t : details.tabs().getTabs()) {
            if (TAB_ID.equals(t.getId()) && t.getContent() instanceof TableView<?> v) return (TableView<ChannelInfo>) v;
        }
        return null;
    }

    static TableView<ChannelInfo> table() {
        TableView<ChannelInfo> t = new TableView<>();
        t.setId("channels-table");
        t.getStyleClass().add("channels-table");
        // The name first (it is what a row is looked up by), times as the timeline's axis shows them.
        t.getColumns().add(column("NAME", ChannelInfo::name, v -> v, 160));
        t.getColumns().add(column("TYPE", ChannelInfo::type, v -> v, 180));
        t.getColumns().add(column("COUNT", ChannelInfo::count, Human::count, 80));
        t.getColumns()
                .add(column("RATE", ChannelInfo::rateHz, v -> String.format(java.util.Locale.ROOT, "%.2f Hz", v), 90));
        t.getColumns().add(column("SIZE", ChannelInfo::bytes, Human::size, 90));
        t.getColumns().add(timeColumn(t, "MIN", ChannelInfo::minTimeNs));
        t.getColumns().add(timeColumn(t, "MAX", ChannelInfo::maxTimeNs));
        t.getColumns().add(column("LATCHED", ChannelInfo::latched, v -> v ? "latched" : "", 70));
        t.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        return t;
    }

    /**
     * A time: "1:00:00.864 (+2.5 s)", the time and its offset from the log's first message, the
     * nanoseconds on hover; a placeholder (no bound, ±2⁶³) as "—".
     */
    private static TableColumn<ChannelInfo, Long> timeColumn(
            TableView<ChannelInfo> table, String title, Function<ChannelInfo, Long> value) {
        TableColumn<ChannelInfo, Long> c = column(title, value, v -> "", 190);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Long ns, boolean empty) {
                super.updateItem(ns, empty);
                if (empty || ns == null) {
                    setText(null);
                    setTooltip(null);
                    return;
                }
                setText(TimeText.at(ns, start(table)));
                setTooltip(sentinel(ns) ? null : new javafx.scene.control.Tooltip(Human.count(ns) + " ns"));
            }
        });
        return c;
    }

    private static boolean sentinel(long ns) {
        return dev.vitrine.core.text.Placeholders.is(ns);
    }

    /** The earliest time among the channels (the log's start). */
    private static long start(TableView<ChannelInfo> table) {
        long start = TimedMessages.firstNs(table.getItems(), java.util.List.of());
        return start == Long.MAX_VALUE ? 0 : start;
    }

    private static <T extends Comparable<T>> TableColumn<ChannelInfo, T> column(
            String title, Function<ChannelInfo, T> value, Function<T, String> text, double width) {
        TableColumn<ChannelInfo, T> c = new TableColumn<>(title);
        c.setId("channels-" + title.toLowerCase(java.util.Locale.ROOT));
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(value.apply(f.getValue())));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : text.apply(item));
            }
        });
        c.setPrefWidth(width);
        c.setSortable(true);
        return c;
    }
}
