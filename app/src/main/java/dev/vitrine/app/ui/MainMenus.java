package dev.vitrine.app.ui;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.about.AboutDialog;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignH;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;
import org.kordamp.ikonli.materialdesign2.MaterialDesignW;

/** The menu bar and tool bar, with the window's keyboard shortcuts. */
final class MainMenus {
    static final KeyCombination OPEN = new KeyCodeCombination(KeyCode.O, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination OPEN_URL = new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN);
    /** Not a menu accelerator: that would take Ctrl+V from the text fields. */
    static final KeyCombination PASTE = new KeyCodeCombination(KeyCode.V, KeyCombination.SHORTCUT_DOWN);

    static final KeyCombination VERIFY =
            new KeyCodeCombination(KeyCode.V, KeyCombination.SHORTCUT_DOWN, KeyCombination.SHIFT_DOWN);
    static final KeyCombination VERIFY_F5 = new KeyCodeCombination(KeyCode.F5);
    static final KeyCombination FIND = new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination GOTO = new KeyCodeCombination(KeyCode.G, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination EXPORT = new KeyCodeCombination(KeyCode.E, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination CLOSE = new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN);
    static final KeyCombination QUIT = new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN);

    private final MainWindow w;
    private final Menu recent = new Menu("Open _Recent");

    MainMenus(MainWindow w) {
        this.w = w;
    }

    MenuBar menuBar() {
        Menu file = new Menu("_File");
        MenuItem open = item("_Open…", OPEN, new FontIcon(MaterialDesignF.FOLDER_OPEN_OUTLINE), w::openDialog);
        MenuItem openFolder =
                item("Open _Folder…", null, new FontIcon(MaterialDesignF.FOLDER_OUTLINE), w::openFolderDialog);
        MenuItem openUrl = item("Open _URL…", OPEN_URL, new FontIcon(MaterialDesignW.WEB), w::openUrlDialog);
        MenuItem paste = item("Open URL from Clip_board", null, null, w::openFromClipboard);
        recent.setOnShowing(e -> fillRecent());
        fillRecent();
        MenuItem export = item("_Export…", EXPORT, new FontIcon(MaterialDesignE.EXPORT), w::export);
        MenuItem close = item("_Close Tab", CLOSE, null, w::closeTab);
        MenuItem quit = item("_Quit", QUIT, null, w::quit);
        file.getItems()
                .addAll(
                        open,
                        openFolder,
                        openUrl,
                        paste,
                        recent,
                        new SeparatorMenuItem(),
                        export,
                        new SeparatorMenuItem(),
                        close,
                        quit);

        Menu view = new Menu("_View");
        CheckMenuItem dark = new CheckMenuItem("_Dark Mode");
        dark.selectedProperty().bindBidirectional(w.theme().darkProperty());
        MenuItem find = item("_Find Bytes…", FIND, new FontIcon(MaterialDesignM.MAGNIFY), w::find);
        MenuItem goTo = item("_Go to Offset…", GOTO, null, w::goTo);
        view.getItems().addAll(find, goTo, new SeparatorMenuItem(), dark);

        Menu check = new Menu("_Check");
        MenuItem verify = item("_Verify", VERIFY, new FontIcon(MaterialDesignS.SHIELD_CHECK_OUTLINE), w::verify);
        MenuItem verifyF5 = item("Verify (F5)", VERIFY_F5, null, w::verify);
        verifyF5.setVisible(false);
        MenuItem cancel = item("_Cancel Verify", null, null, w::cancelVerify);
        check.getItems().addAll(verify, verifyF5, cancel);

        Menu help = new Menu("_Help");
        MenuItem keys = item(
                "_Keyboard Shortcuts",
                null,
                null,
                () -> w.notifier()
                        .info(
                                "Ctrl+O open · Ctrl+L open URL · Ctrl+V open the clipboard's URL · Ctrl+Shift+V or F5 verify · Ctrl+F find bytes · Ctrl+G go to offset · Ctrl+E export · Ctrl+W close tab · Esc cancel an open"));
        help.getItems().addAll(keys, item("_About Vitrine", null, null, () -> AboutDialog.show(w.stage())));

        MenuBar bar = new MenuBar(file, view, check, help);
        bar.getStyleClass().add("main-menu");
        return bar;
    }

    private void fillRecent() {
        recent.getItems().clear();
        List<String> files = w.settings().recent;
        List<String> urls = w.settings().recentUrls;
        if (files.isEmpty() && urls.isEmpty()) {
            MenuItem none = plain("(none yet)", null, null, () -> {});
            none.setDisable(true);
            recent.getItems().add(none);
            return;
        }
        for (String f : files) recent.getItems().add(plain(f, null, null, () -> w.open(List.of(Path.of(f)))));
        if (!files.isEmpty() && !urls.isEmpty()) recent.getItems().add(new SeparatorMenuItem());
        for (String u : urls) recent.getItems().add(plain(u, null, null, () -> w.openUrl(u)));
        recent.getItems().addAll(new SeparatorMenuItem(), item("C_lear Recent", null, null, w::clearRecent));
    }

    ToolBar toolBar() {
        Button open = tool(
                "Open", new FontIcon(MaterialDesignF.FOLDER_OPEN_OUTLINE), "Open archives (Ctrl+O)", w::openDialog);
        Button verify = tool(
                "Verify",
                new FontIcon(MaterialDesignS.SHIELD_CHECK_OUTLINE),
                "Check everything (F5, Ctrl+Shift+V)",
                w::verify);
        verify.setId("verify-button");
        verify.getStyleClass().add(Styles.ACCENT);
        Button cancel = tool(
                "Cancel",
                new FontIcon(MaterialDesignS.STOP_CIRCLE_OUTLINE),
                "Cancel the open in progress (Esc) or the running verify",
                w::cancel);
        cancel.setId("cancel-button");
        cancel.disableProperty().bind(w.cancellable().not());
        Button export =
                tool("Export", new FontIcon(MaterialDesignE.EXPORT), "Export records or files (Ctrl+E)", w::export);
        Button find = tool(null, new FontIcon(MaterialDesignM.MAGNIFY), "Find bytes or text (Ctrl+F)", w::find);
        Button goTo = tool(null, new FontIcon(MaterialDesignH.HEXADECIMAL), "Go to offset (Ctrl+G)", w::goTo);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        ToggleButton dark = new ToggleButton(null, new FontIcon(MaterialDesignW.WEATHER_NIGHT));
        dark.setTooltip(new Tooltip("Dark mode"));
        dark.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        dark.selectedProperty().bindBidirectional(w.theme().darkProperty());
        dark.setId("dark-toggle");
        ToolBar bar = new ToolBar(
                open, verify, cancel, export, find, goTo, spacer, new FontIcon(MaterialDesignT.THEME_LIGHT_DARK), dark);
        bar.getStyleClass().add("main-toolbar");
        return bar;
    }

    private static Button tool(String text, FontIcon icon, String tip, Runnable action) {
        Button b = new Button(text, icon);
        b.setTooltip(new Tooltip(tip));
        b.getStyleClass().add(Styles.FLAT);
        if (text == null) b.getStyleClass().add(Styles.BUTTON_ICON);
        b.setOnAction(e -> action.run());
        b.setFocusTraversable(false);
        return b;
    }

    /**
     * A menu item; an underscore in {@code text} marks its Alt+letter mnemonic. Recent entries
     * (file names, URLs) use {@link #plain}: their underscores are text.
     */
    private static MenuItem item(String text, KeyCombination key, FontIcon icon, Runnable action) {
        MenuItem m = plain(text, key, icon, action);
        m.setMnemonicParsing(true);
        return m;
    }

    private static MenuItem plain(String text, KeyCombination key, FontIcon icon, Runnable action) {
        MenuItem m = new MenuItem(text, icon);
        if (key != null) m.setAccelerator(key);
        m.setOnAction(e -> action.run());
        m.setMnemonicParsing(false);
        return m;
    }
}
