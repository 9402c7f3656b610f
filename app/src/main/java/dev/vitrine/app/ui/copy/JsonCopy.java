package dev.vitrine.app.ui.copy;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * Rows copied as JSON, as a table of records or messages offers it: "Copy as JSON" in its
 * right-click menu and Ctrl+C. The rows are read in the background; one row is copied as itself,
 * several as an array, so what is pasted always parses.
 */
public final class JsonCopy {
    public static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);
    /** The most rows one copy takes: a clipboard is not a file. */
    public static final long MAX = 10_000;

    private JsonCopy() {}

    /** One JSON text as itself, several as an array of them. */
    public static String of(List<String> jsons) {
        return jsons.size() == 1 ? jsons.getFirst() : "[\n" + String.join(",\n", jsons) + "\n]";
    }

    /**
     * Adds "Copy as JSON" to {@code table}'s menu (made if it has none) and Ctrl+C to it.
     * {@code count} says how many rows are selected; {@code read}, asked on the FX thread, gives
     * the work that reads their JSON texts in the background; {@code say} shows how it went (a status line).
     */
    public static void install(
            TableView<?> table,
            Background background,
            Consumer<String> say,
            LongSupplier count,
            Supplier<Callable<List<String>>> read) {
        Runnable copy = () -> copy(background, say, count.getAsLong(), read);
        MenuItem item = new MenuItem("Copy as JSON");
        item.setId("copy-json");
        item.setAccelerator(COPY);
        item.setOnAction(e -> copy.run());
        if (table.getContextMenu() == null) table.setContextMenu(new ContextMenu());
        table.getContextMenu().getItems().addFirst(item);
        table.getContextMenu().setOnShowing(e -> item.setDisable(count.getAsLong() == 0));
        table.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (COPY.match(e)) {
                copy.run();
                e.consume();
            }
        });
    }

    private static void copy(
            Background background, Consumer<String> say, long n, Supplier<Callable<List<String>>> read) {
        if (n == 0) return;
        if (n > MAX) {
            say.accept("Copy takes at most " + Human.count(MAX) + " rows: export the " + Human.count(n)
                    + " selected instead");
            return;
        }
        Callable<List<String>> work = read.get(); // what is selected now, read in the background
        background.run(
                () -> of(work.call()),
                text -> {
                    Clip.put(text);
                    say.accept("copied " + Human.count(n) + (n == 1 ? " row" : " rows") + " as JSON");
                },
                err -> say.accept("copy failed: " + Human.error(err)));
    }
}
