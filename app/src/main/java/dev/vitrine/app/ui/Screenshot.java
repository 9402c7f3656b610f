package dev.vitrine.app.ui;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/** Saves a scene as a PNG (works on the headless platform: no screen grab, a snapshot). */
public final class Screenshot {
    private Screenshot() {}

    /** Call on the FX thread. */
    public static Path save(Scene scene, Path file) throws IOException {
        WritableImage img = scene.snapshot(null);
        BufferedImage b = SwingFXUtils.fromFXImage(img, null);
        Path abs = file.toAbsolutePath();
        if (abs.getParent() != null) Files.createDirectories(abs.getParent());
        if (!ImageIO.write(b, "png", abs.toFile())) throw new IOException("no PNG writer available");
        return abs;
    }

    /**
     * Like {@link #save}, with the window's open popups (a context menu, the data inspector)
     * drawn where they are on screen: each is a window of its own, which a scene snapshot leaves out.
     */
    public static Path saveWithPopups(Scene scene, Path file) throws IOException {
        BufferedImage b = SwingFXUtils.fromFXImage(scene.snapshot(null), null);
        java.awt.Graphics2D g = b.createGraphics();
        javafx.stage.Window owner = scene.getWindow();
        for (javafx.stage.Window w : javafx.stage.Window.getWindows()) {
            if (!(w instanceof javafx.stage.PopupWindow p) || !p.isShowing() || p.getScene() == null) continue;
            if (p.getOwnerWindow() != owner && !(p.getOwnerWindow() instanceof javafx.stage.PopupWindow)) continue;
            BufferedImage pb = SwingFXUtils.fromFXImage(p.getScene().snapshot(null), null);
            int x = (int) Math.round(p.getX() - owner.getX() - scene.getX());
            int y = (int) Math.round(p.getY() - owner.getY() - scene.getY());
            g.drawImage(pb, x, y, null);
        }
        g.dispose();
        Path abs = file.toAbsolutePath();
        if (abs.getParent() != null) Files.createDirectories(abs.getParent());
        if (!ImageIO.write(b, "png", abs.toFile())) throw new IOException("no PNG writer available");
        return abs;
    }
}
