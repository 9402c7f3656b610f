package dev.vitrine.app.ui;

import atlantafx.base.controls.Notification;
import atlantafx.base.theme.Styles;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignI;

/**
 * One-line messages over the top right of the window, newest on top, a few at a time:
 * information fades after a few seconds, errors stay until closed. Never a dialog with a
 * stack trace.
 */
public final class Banner extends StackPane implements Notifier {
    static final int MAX_SHOWN = 4;

    private final VBox stack = new VBox(8);
    private String last = "";

    public Banner() {
        getStyleClass().add("banner");
        setPickOnBounds(false);
        setAlignment(Pos.TOP_RIGHT);
        setPadding(new Insets(64, 16, 0, 16));
        stack.setPickOnBounds(false);
        stack.setAlignment(Pos.TOP_RIGHT);
        stack.setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        StackPane.setAlignment(stack, Pos.TOP_RIGHT);
        getChildren().add(stack);
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
        Notification note = new Notification(message, new FontIcon(error ? MaterialDesignA.ALERT_CIRCLE_OUTLINE : MaterialDesignI.INFORMATION_OUTLINE));
        note.getStyleClass().addAll(error ? Styles.DANGER : Styles.ACCENT, Styles.ELEVATED_1);
        note.setPrefWidth(520);
        note.setMaxWidth(520);
        note.setOnClose(e -> stack.getChildren().remove(note));
        stack.getChildren().addFirst(note);
        while (stack.getChildren().size() > MAX_SHOWN) stack.getChildren().removeLast();
        if (!error) {
            PauseTransition hide = new PauseTransition(Duration.seconds(7));
            hide.setOnFinished(e -> stack.getChildren().remove(note));
            hide.play();
        }
    }

    /** The last message shown (tests read it). */
    public String lastMessage() {
        return last;
    }

    /** How many messages are on screen. */
    public int shown() {
        return stack.getChildren().size();
    }

    public boolean showing() {
        return !stack.getChildren().isEmpty();
    }
}
