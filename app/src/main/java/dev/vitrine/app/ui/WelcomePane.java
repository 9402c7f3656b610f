package dev.vitrine.app.ui;

import atlantafx.base.theme.Styles;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignW;

/** What the window shows with no archive open: how to open one, and the recent files. */
public final class WelcomePane extends VBox {
    private final VBox recent = new VBox(2);
    private final Consumer<Path> openRecent;

    public WelcomePane(Runnable openDialog, Runnable openUrlDialog, Consumer<Path> openRecent) {
        super(14);
        this.openRecent = openRecent;
        getStyleClass().add("welcome");
        setAlignment(Pos.CENTER);
        FontIcon icon = new FontIcon(MaterialDesignA.ARCHIVE);
        icon.getStyleClass().add("welcome-icon");
        Label title = new Label("Drop archives or folders here");
        title.getStyleClass().add(Styles.TITLE_3);
        Label sub = new Label(
                "ZSS/ZS sorted records, CAF, clp-s, Ark robot logs and DataBundle: browse the structure, check integrity, export");
        sub.getStyleClass().add(Styles.TEXT_MUTED);
        Button open = new Button("Open…", new FontIcon(MaterialDesignF.FOLDER_OPEN_OUTLINE));
        open.getStyleClass().add(Styles.ACCENT);
        open.setOnAction(e -> openDialog.run());
        // archives live on web servers and in S3 as often as on disk: the address is one click away too
        Button openUrl = new Button("Open URL…", new FontIcon(MaterialDesignW.WEB));
        openUrl.setOnAction(e -> openUrlDialog.run());
        HBox buttons = new HBox(10, open, openUrl);
        buttons.setAlignment(Pos.CENTER);
        recent.setAlignment(Pos.CENTER);
        getChildren().addAll(icon, title, sub, buttons, recent);
    }

    public void setRecent(List<String> files) {
        recent.getChildren().clear();
        if (files.isEmpty()) return;
        Label l = new Label("Recent");
        l.getStyleClass().add(Styles.TEXT_MUTED);
        recent.getChildren().add(l);
        for (String f : files.subList(0, Math.min(6, files.size()))) {
            Hyperlink h = new Hyperlink(f);
            h.setOnAction(e -> openRecent.accept(Path.of(f)));
            recent.getChildren().add(h);
        }
    }
}
