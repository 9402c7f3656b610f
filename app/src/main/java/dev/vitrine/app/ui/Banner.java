package dev.vitrine.app.ui;

import atlantafx.base.controls.Notification;
import atlantafx.base.theme.Styles;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.layout.StackPane;
import javafx.util.Duration;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;

/**
 * One-line messages over the top right of the window: information fades after a few seconds,
 * errors stay until closed. Never a dialog with a stack trace.
 */
public final class Banner extends StackPane implements Notifier {
    private final Notification note = new Notification();
    private final PauseTransition hide = new PauseTransition(Duration.seconds(7));
    private String last = "";

    public Banner() {
        getStyleClass().add("banner");
        setPickOnBounds(false);
        setAlignment(Pos.TOP_RIGHT);
        setPadding(new Insets(64, 16, 0, 16));
        note.setMaxWidth(560);
        note.setMaxHeight(USE_PREF_SIZE);
        note.setVisible(false);
        note.setOnClose(e -> note.setVisible(false));
        StackPane.setAlignment(note, Pos.TOP_RIGHT);
        getChildren().add(note);
        hide.setOnFinished(e -> note.setVisible(false));
    }

    @Override
    public void info(String message) {
        show(message, false);
    }

    @Override
    public void error(String message) {
        show(message, true);
    }

    private void show(String message, boolean error) {
        last = message;
        note.setMessage(message);
        note.getStyleClass().removeAll(Styles.DANGER, Styles.ACCENT);
        note.getStyleClass().addAll(error ? Styles.DANGER : Styles.ACCENT, Styles.ELEVATED_1);
        note.setGraphic(new FontIcon(error ? MaterialDesignA.ALERT_CIRCLE_OUTLINE : MaterialDesignI.INFORMATION_OUTLINE));
        note.setVisible(true);
        hide.stop();
        if (!error) hide.playFromStart();
    }

    /** The last message shown (tests read it). */
    public String lastMessage() {
        return last;
    }

    public boolean showing() {
        return note.isVisible();
    }
}
