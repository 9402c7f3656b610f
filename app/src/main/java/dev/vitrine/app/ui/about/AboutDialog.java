package dev.vitrine.app.ui.about;

import dev.vitrine.app.cli.VitrineCli;
import dev.vitrine.app.errors.InternalErrors;
import dev.vitrine.app.ui.settings.SettingsStore;
import javafx.beans.property.SimpleStringProperty;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Help > About Vitrine: the version, the Java and JavaFX it runs on, where settings, logs and
 * caches are kept (selectable, to paste into a file manager or a bug report), and the bundled
 * libraries with their licences ({@link BundledLibraries}).
 */
public final class AboutDialog {
    private AboutDialog() {}

    /** The version `vitrine --version` prints, without the name ("0.1.0"). */
    public static String version() {
        return VitrineCli.VERSION;
    }

    /** Shows the dialog (not waiting for it to close) and returns it. */
    public static Dialog<Void> show(Window owner) {
        Dialog<Void> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("About Vitrine");
        d.setResizable(true);
        d.getDialogPane().getButtonTypes().add(ButtonType.CLOSE);
        d.getDialogPane().setId("about");
        d.getDialogPane().setPrefWidth(760);

        Label title = new Label("Vitrine " + version());
        title.getStyleClass().add("title-2");
        title.setId("about-version");
        Label what = new Label("Look inside ZSS/ZS, CAF, clp-s, Ark robot log and DataBundle archives: "
                + "structure, integrity, contents.");
        what.setWrapText(true);
        Label runtime = new Label(
                "Java " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor")
                        + ") · JavaFX " + System.getProperty("javafx.runtime.version", "?"));
        runtime.getStyleClass().add("text-muted");

        String cache = dev.vitrine.core.io.UserCache.folder().toString();
        GridPane places = new GridPane(10, 4);
        places.setId("about-places");
        row(places, 0, "Settings", SettingsStore.user().file().toString(), "the window's size, theme and recent files");
        row(places, 1, "Logs", InternalErrors.folder().toString(), "a log for each internal error, to report");
        row(places, 2, "Caches", cache, "native libraries, clp-s spill files, JavaFX; safe to delete");

        TableView<BundledLibraries.Library> libs = new TableView<>();
        libs.setId("about-libraries");
        libs.getColumns().add(column("Library", BundledLibraries.Library::name, 300));
        libs.getColumns().add(column("Version", BundledLibraries.Library::version, 90));
        libs.getColumns().add(column("Licence", BundledLibraries.Library::licence, 260));
        libs.getItems().setAll(BundledLibraries.list());
        libs.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        libs.setPrefHeight(260);
        VBox.setVgrow(libs, Priority.ALWAYS);

        Label bundled = new Label("Bundled libraries (" + libs.getItems().size() + "), under their own licences:");
        VBox box = new VBox(8, title, what, runtime, new Label("Where Vitrine keeps things:"), places, bundled, libs);
        box.setPadding(new Insets(4, 4, 0, 4));
        box.setPrefWidth(720);
        d.getDialogPane().setContent(box);
        d.show();
        return d;
    }

    private static void row(GridPane g, int r, String what, String path, String holds) {
        Label l = new Label(what);
        l.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE); // the label whole, the path takes the rest
        // A read-only field: the path can be selected and copied; what it holds on hover.
        TextField f = new TextField(path);
        f.setEditable(false);
        f.setId("about-" + what.toLowerCase(java.util.Locale.ROOT));
        f.setTooltip(new javafx.scene.control.Tooltip(holds));
        GridPane.setHgrow(f, Priority.ALWAYS);
        g.addRow(r, l, f);
    }

    private static TableColumn<BundledLibraries.Library, String> column(
            String name, java.util.function.Function<BundledLibraries.Library, String> value, double width) {
        TableColumn<BundledLibraries.Library, String> c = new TableColumn<>(name);
        c.setCellValueFactory(v -> new SimpleStringProperty(value.apply(v.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
