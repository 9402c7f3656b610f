package dev.vitrine.app.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.scene.Scene;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.TransferMode;

/**
 * Files and folders dropped on the window from another program, or pasted onto it, are opened: what they are
 * (archives, folders of archives, anything else with a one-line message naming it) is for the
 * opener to decide ({@link OpenPlan}); this class decides which drags the window takes.
 *
 * <p>Only files are taken, and only as a copy (or a link, when that is what the user asks
 * for): opening reads a file, so the program it came from must never take the drop as a move
 * and delete its copy. Drags that started inside this window (rows dragged out of the Files
 * tab) are not taken either.
 */
public final class FileDrop {
    /** The transfer modes a drop is taken as, best first. */
    static final TransferMode[] TAKEN_AS = {TransferMode.COPY, TransferMode.LINK};

    private final Consumer<List<Path>> open;
    private final Consumer<String> openUrl;

    private FileDrop(Consumer<List<Path>> open, Consumer<String> openUrl) {
        this.open = open;
        this.openUrl = openUrl;
    }

    /**
     * Takes file drops on {@code scene} and hands the dropped paths to {@code open}; a dropped
     * http(s):// or s3:// address (a link dragged from a browser) goes to {@code openUrl}.
     */
    public static void install(Scene scene, Consumer<List<Path>> open, Consumer<String> openUrl) {
        FileDrop d = new FileDrop(open, openUrl);
        scene.setOnDragOver(d::dragOver);
        scene.setOnDragDropped(d::dropped);
    }

    /** Takes file drops only (embeddings and tests that open no URLs). */
    public static void install(Scene scene, Consumer<List<Path>> open) {
        install(scene, open, url -> {});
    }

    /** Whether a drag with this content, from this source, is one the window takes. */
    static boolean takes(Dragboard board, Object gestureSource) {
        return gestureSource == null
                && board != null
                && (board.hasFiles() && !board.getFiles().isEmpty() || url(board) != null);
    }

    /**
     * Opens what the clipboard holds as a drop of it would open (Ctrl+V on the window, Open URL
     * from Clipboard); false when it holds no address or files.
     */
    public static boolean paste(
            javafx.scene.input.Clipboard clip, Consumer<List<Path>> open, Consumer<String> openUrl) {
        String u = url(clip);
        if (u != null) openUrl.accept(u);
        else if (clip.hasFiles() && !clip.getFiles().isEmpty())
            open.accept(clip.getFiles().stream().map(File::toPath).toList());
        else return false;
        return true;
    }

    /** The archive address a drag (or the clipboard) carries instead of files, or null. */
    static String url(javafx.scene.input.Clipboard board) {
        if (board == null || board.hasFiles() && !board.getFiles().isEmpty()) return null;
        String u = board.hasUrl() ? board.getUrl() : board.hasString() ? board.getString() : null;
        if (u == null) return null;
        u = u.strip();
        return dev.vitrine.core.location.Locations.isUrl(u) && !u.contains("\n") ? u : null;
    }

    private void dragOver(DragEvent e) {
        if (takes(e.getDragboard(), e.getGestureSource())) e.acceptTransferModes(TAKEN_AS);
        e.consume();
    }

    private void dropped(DragEvent e) {
        boolean ok = takes(e.getDragboard(), e.getGestureSource());
        if (ok) {
            String u = url(e.getDragboard());
            if (u != null) openUrl.accept(u);
            else
                open.accept(
                        e.getDragboard().getFiles().stream().map(File::toPath).toList());
        }
        e.setDropCompleted(ok);
        e.consume();
    }
}
