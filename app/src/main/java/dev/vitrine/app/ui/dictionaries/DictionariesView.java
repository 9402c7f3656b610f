package dev.vitrine.app.ui.dictionaries;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.table.RecordsGrid;
import dev.vitrine.app.ui.table.RowWindow;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Dictionaries;
import dev.vitrine.core.model.RowTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/**
 * Named dictionaries, one inner tab each: a table of id and entry virtualized over any number
 * of entries (pages read in the background). Placeholders read as ⟨int⟩, ⟨dict⟩, ⟨float⟩,
 * escaped characters as themselves, control characters as \\uXXXX; the chosen entry is shown
 * whole below with its length.
 */
public final class DictionariesView extends BorderPane {
    static final int PAGE = 256;
    private final Background background;
    private final Dictionaries dicts;
    private final TabPane tabs = new TabPane();
    private final Map<String, RecordsGrid> grids = new LinkedHashMap<>();
    private final Map<String, Long> counts = new LinkedHashMap<>();
    private final TextArea entry = new TextArea();

    public DictionariesView(Background background, Dictionaries dicts) {
        this.background = background;
        this.dicts = dicts;
        getStyleClass().add("dictionaries-view");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("dictionary-tabs");
        for (String name : dicts.names()) {
            Tab t = new Tab(name, new Label("reading " + name + "…"));
            t.setId("dict-" + name);
            tabs.getTabs().add(t);
            load(name, t);
        }
        if (tabs.getTabs().isEmpty())
            tabs.getTabs().add(new Tab("none", new Label("this archive has no dictionaries")));
        entry.setEditable(false);
        entry.setWrapText(true);
        entry.setPrefRowCount(3);
        entry.getStyleClass().add("json-pane");
        entry.setPromptText("choose an entry");
        setCenter(tabs);
        VBox bottom = new VBox(entry);
        bottom.setPadding(new Insets(4, 0, 0, 0));
        setBottom(bottom);
    }

    private void load(String name, Tab tab) {
        Map<Character, String> ph = dicts.placeholders(name);
        background.run(
                () -> dicts.entryCount(name),
                n -> {
                    counts.put(name, n);
                    tab.setText(name + " (" + Human.count(n) + ")");
                    RecordsGrid grid = new RecordsGrid(List.of("entry"));
                    grid.setId("dict-grid-" + name);
                    if (!ph.isEmpty()) chips(grid);
                    grid.setWindow(new RowWindow(
                            n,
                            PAGE,
                            32,
                            (from, count, done, failed) -> background.run(
                                    () -> {
                                        List<String> es = dicts.entries(name, from, count);
                                        List<RowTable.Row> rows = new ArrayList<>(es.size());
                                        for (int i = 0; i < es.size(); i++)
                                            rows.add(new RowTable.Row(
                                                    from + i, List.of(shown(es.get(i), ph)), ByteRange.NONE, null));
                                        return rows;
                                    },
                                    done,
                                    failed)));
                    grid.setOnLeadChanged(lr -> {
                        if (lr == null) return;
                        Runnable fill = () -> {
                            if (lr.row() != null)
                                entry.setText(name + " #" + lr.index() + "\n"
                                        + plain(lr.row().cells().getFirst()));
                        };
                        if (lr.row() != null) fill.run();
                        else lr.rowProperty().addListener((o, a, r) -> fill.run());
                    });
                    grids.put(name, grid);
                    tab.setContent(n == 0 ? new Label(name + " is empty") : grid);
                },
                err -> tab.setContent(new Label("⚠ " + name + " cannot be read: " + Human.error(err))));
    }

    /** Around a placeholder's name in a shown entry: the table draws it as a chip, text shows it as ⟨name⟩. */
    public static final char CHIP_START = '\uE000', CHIP_END = '\uE001';

    /** A shown entry as plain text: chips as ⟨name⟩. */
    public static String plain(String shown) {
        return shown.replace(CHIP_START, '⟨').replace(CHIP_END, '⟩');
    }

    /** The entry column draws placeholders as chips. */
    @SuppressWarnings("unchecked")
    private static void chips(RecordsGrid grid) {
        var col = (javafx.scene.control.TableColumn<dev.vitrine.app.ui.table.LazyRow, String>)
                grid.table().getColumns().get(1);
        col.setCellFactory(c -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(String v, boolean empty) {
                super.updateItem(v, empty);
                setText(null);
                if (empty || v == null) {
                    setGraphic(null);
                    return;
                }
                javafx.scene.layout.HBox box = new javafx.scene.layout.HBox(1);
                box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
                int i = 0;
                while (i < v.length()) {
                    int s = v.indexOf(CHIP_START, i);
                    if (s < 0) s = v.length();
                    if (s > i) box.getChildren().add(new Label(v.substring(i, s)));
                    if (s >= v.length()) break;
                    int e = v.indexOf(CHIP_END, s);
                    if (e < 0) e = v.length();
                    Label chip = new Label(v.substring(s + 1, e));
                    chip.getStyleClass().add("placeholder-chip");
                    box.getChildren().add(chip);
                    i = e + 1;
                }
                box.setMinWidth(0);
                setGraphic(box);
            }
        });
    }

    /**
     * An entry as shown: placeholders as chips (see {@link #CHIP_START}), a backslash-escaped character as itself
     * (only in dictionaries with placeholders), other control characters as \\uXXXX.
     */
    public static String shown(String raw, Map<Character, String> placeholders) {
        StringBuilder b = new StringBuilder(raw.length() + 16);
        boolean escapes = !placeholders.isEmpty();
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            String p = placeholders.get(c);
            if (p != null) {
                b.append(CHIP_START).append(p).append(CHIP_END);
            } else if (escapes && c == '\\' && i + 1 < raw.length()) {
                appendVisible(b, raw.charAt(++i));
            } else {
                appendVisible(b, c);
            }
        }
        return b.toString();
    }

    private static void appendVisible(StringBuilder b, char c) {
        if (c == '\n') b.append("\\n");
        else if (c == '\t') b.append("\\t");
        else if (c < 0x20 || c == 0x7f) b.append(String.format("\\u%04x", (int) c));
        else b.append(c);
    }

    public TabPane tabs() {
        return tabs;
    }

    /** The grid of dictionary {@code name}, once its count is read. */
    public RecordsGrid grid(String name) {
        return grids.get(name);
    }

    public Long count(String name) {
        return counts.get(name);
    }

    public String entryText() {
        return entry.getText();
    }
}
