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
 * One-line messages in a corner, newest first, a few at a time: information goes after a few
 * seconds, errors after a little longer (or when closed). Each archive tab has its own, inside
 * the tab, so a message never covers the tab bar or shows over another archive; the window's
 * own (for what belongs to no tab) sits at the bottom right, above the status bar. Never a
 * dialog with a stack trace.
 */
public final class Banner extends StackPane implements Notifier {
    static final int MAX_SHOWN = 4;
    static Duration infoTime = Duration.seconds(7);
    /** Long enough to read a path and an offset; tests shorten it. */
    static Duration errorTime = Duration.seconds(15);

    private final VBox stack = new VBox(8);
    private String last = "";

    private final Banner echo;

    /** The window's banner: bottom right, above the status bar. */
    public Banner() {
        this(Pos.BOTTOM_RIGHT, new Insets(0, 16, 40, 16), null);
    }

    /**
     * A tab's banner: bottom right of the tab's own content, clear of both the archive tabs and
     * the details tabs; {@code echo} (the window's banner) also remembers the last message.
     */
    public Banner(Banner echo) {
        this(Pos.BOTTOM_RIGHT, new Insets(0, 16, 16, 16), echo);
    }

    private Banner(Pos corner, Insets padding, Banner echo) {
        this.echo = echo;
        getStyleClass().add("banner");
        setPickOnBounds(false);
        setAlignment(corner);
        setPadding(padding);
        stack.setPickOnBounds(false);
        stack.setAlignment(corner);
        stack.setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        StackPane.setAlignment(stack, corner);
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
        if (echo != null) echo.last = message;
        Notification note = new Notification(message, new FontIcon(error ? MaterialDesignA.ALERT_CIRCLE_OUTLINE : MaterialDesignI.INFORMATION_OUTLINE));
        note.getStyleClass().addAll(error ? Styles.DANGER : Styles.ACCENT, Styles.ELEVATED_1);
        note.setPrefWidth(520);
        note.setMaxWidth(520);
        note.setOnClose(e -> stack.getChildren().remove(note));
        stack.getChildren().addFirst(note);
        while (stack.getChildren().size() > MAX_SHOWN) stack.getChildren().removeLast();
        PauseTransition hide = new PauseTransition(error ? errorTime : infoTime);
        hide.setOnFinished(e -> stack.getChildren().remove(note));
        hide.play();
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
