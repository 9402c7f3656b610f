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
    /** A message that stays (the archive's file changed): what fails after it fails because of it, so errors are dropped. */
    private Notification pinned;
    /** Errors are dropped until the FX thread's current turn ends (see {@link #hushThisTurn}). */
    private boolean hushed;

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
        if (pinned != null || hushed) return;
        show(message, true);
    }

    /**
     * An error that stays until acted on or closed, with one action ("Reopen"; none when
     * {@code action} is null). Until then
     * further errors are not shown: they are consequences of this one.
     */
    public void pin(String message, String action, Runnable onAction) {
        if (pinned != null) stack.getChildren().remove(pinned);
        Notification note = note(message, true);
        if (action != null) {
            javafx.scene.control.Button button = new javafx.scene.control.Button(action);
            button.getStyleClass().add("banner-action");
            button.setOnAction(e -> {
                unpin(note);
                onAction.run();
            });
            note.setPrimaryActions(button);
        }
        note.setOnClose(e -> unpin(note));
        pinned = note;
    }

    private void unpin(Notification note) {
        stack.getChildren().remove(note);
        if (pinned == note) pinned = null;
    }

    /** The message that stays, or null. */
    public Notification pinned() {
        return pinned;
    }

    /**
     * Drops further errors until the FX thread has done what it is doing: a failed job's own
     * handler reports the failure again in its words right after the tab has said it in one line.
     */
    public void hushThisTurn() {
        if (hushed) return;
        hushed = true;
        javafx.application.Platform.runLater(() -> hushed = false);
    }

    private void show(String message, boolean error) {
        Notification note = note(message, error);
        PauseTransition hide = new PauseTransition(error ? errorTime : infoTime);
        hide.setOnFinished(e -> stack.getChildren().remove(note));
        hide.play();
    }

    /** Puts a new message on top (a pinned one stays on). */
    private Notification note(String message, boolean error) {
        last = message;
        if (echo != null) echo.last = message;
        Notification note = new Notification(
                message,
                new FontIcon(error ? MaterialDesignA.ALERT_CIRCLE_OUTLINE : MaterialDesignI.INFORMATION_OUTLINE));
        note.getStyleClass().addAll(error ? Styles.DANGER : Styles.ACCENT, Styles.ELEVATED_1);
        note.setPrefWidth(520);
        note.setMaxWidth(520);
        note.setOnClose(e -> stack.getChildren().remove(note));
        stack.getChildren().addFirst(note);
        while (stack.getChildren().size() > MAX_SHOWN) {
            int oldest = stack.getChildren().size() - 1;
            stack.getChildren().remove(stack.getChildren().get(oldest) == pinned ? oldest - 1 : oldest);
        }
        return note;
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
