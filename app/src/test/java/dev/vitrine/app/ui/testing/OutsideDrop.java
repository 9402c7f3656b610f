package dev.vitrine.app.ui.testing;

import com.sun.javafx.scene.SceneHelper;
import com.sun.javafx.tk.TKClipboard;
import com.sun.javafx.tk.TKDropTargetListener;
import java.io.File;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.application.Platform;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.scene.input.DataFormat;
import javafx.scene.input.TransferMode;
import javafx.util.Pair;

/**
 * A drop from another program (a file manager), delivered to a scene the way JavaFX delivers
 * one it got from the operating system: drag enter, drag over and drop at a point, through the
 * drop target the scene registered with the toolkit. From there on everything is real: the
 * scene picks the node under the point, fires DRAG_ENTERED, DRAG_OVER and DRAG_DROPPED through
 * the scene graph (filters and handlers), only drops on a target that accepted, and answers
 * the transfer mode the other program would be told.
 *
 * <p>Why not a real drop: on JavaFX's headless platform the drag-and-drop clipboard
 * ({@code HeadlessPlatformFactory.HeadlessDnDClipboard}) throws "Not supported yet." from every
 * method. A drag started inside the window gets its dragboard filled, then fails when handed to
 * the platform (FilesPreviewAndScaleTest shows it), so it never comes back as a drop; and the
 * platform's own drop path would read that same clipboard. What this class stands in for is the
 * operating system and Quantum's {@code GlassSceneDnDEventHandler}, which would call the same
 * three methods with the dropped files. It uses two JavaFX internals (the scene's toolkit peer
 * and the {@code TKClipboard} the dragboard reads), which are visible because JavaFX is on the
 * class path in tests.
 */
public final class OutsideDrop {

    /**
     * What the window told the dropping program.
     *
     * @param accepted the transfer mode accepted while dragging over, or null (the drop is refused)
     * @param dropped  the transfer mode of the completed drop, or null when it was refused or not completed
     */
    public record Outcome(TransferMode accepted, TransferMode dropped) {}

    private OutsideDrop() {}

    /** Drops {@code files}, offered as {@code offered}, with the user asking for {@code asked}, at a point of the scene. */
    public static Outcome files(
            Scene scene, Point2D at, List<File> files, Set<TransferMode> offered, TransferMode asked) throws Exception {
        return drop(scene, at, Map.of(DataFormat.FILES, List.copyOf(files)), offered, asked);
    }

    /** Drops plain text (a selection dragged out of a text editor). */
    public static Outcome text(Scene scene, Point2D at, String text) throws Exception {
        return drop(
                scene, at, Map.of(DataFormat.PLAIN_TEXT, text), Set.of(TransferMode.COPY_OR_MOVE), TransferMode.COPY);
    }

    /** Call on the FX thread, like the toolkit does. */
    private static Outcome drop(
            Scene scene, Point2D at, Map<DataFormat, Object> content, Set<TransferMode> offered, TransferMode asked)
            throws Exception {
        if (!Platform.isFxApplicationThread()) throw new IllegalStateException("call on the FX thread");
        TKDropTargetListener target = dropTarget(scene);
        double x = at.getX(), y = at.getY();
        double sx = scene.getWindow().getX() + scene.getX() + x,
                sy = scene.getWindow().getY() + scene.getY() + y;
        target.dragEnter(x, y, sx, sy, asked, new Offered(content, offered));
        TransferMode accepted = target.dragOver(x, y, sx, sy, asked);
        if (accepted == null) {
            target.dragExit(x, y, sx, sy);
            return new Outcome(null, null);
        }
        return new Outcome(accepted, target.drop(x, y, sx, sy, asked));
    }

    private static TKDropTargetListener dropTarget(Scene scene) throws ReflectiveOperationException {
        Object peer = SceneHelper.getPeer(scene);
        if (peer == null) throw new IllegalStateException("the scene is not shown");
        for (Class<?> c = peer.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField("dropTargetListener");
                f.setAccessible(true);
                TKDropTargetListener l = (TKDropTargetListener) f.get(peer);
                if (l == null) throw new IllegalStateException("the scene takes no drops");
                return l;
            } catch (NoSuchFieldException e) {
                // look in the superclass
            }
        }
        throw new IllegalStateException("no drop target on " + peer.getClass() + " (JavaFX internals changed?)");
    }

    /** What the other program offers: read-only content and the transfer modes it allows. */
    private record Offered(Map<DataFormat, Object> content, Set<TransferMode> modes) implements TKClipboard {
        @Override
        public Set<DataFormat> getContentTypes() {
            return content.keySet();
        }

        @SafeVarargs
        @Override
        public final boolean putContent(Pair<DataFormat, Object>... pairs) {
            return false;
        }

        @Override
        public Object getContent(DataFormat f) {
            return content.get(f);
        }

        @Override
        public boolean hasContent(DataFormat f) {
            return content.containsKey(f);
        }

        @Override
        public Set<TransferMode> getTransferModes() {
            return modes;
        }

        @Override
        public void setDragView(Image image) {}

        @Override
        public void setDragViewOffsetX(double offsetX) {}

        @Override
        public void setDragViewOffsetY(double offsetY) {}

        @Override
        public Image getDragView() {
            return null;
        }

        @Override
        public double getDragViewOffsetX() {
            return 0;
        }

        @Override
        public double getDragViewOffsetY() {
            return 0;
        }
    }
}
