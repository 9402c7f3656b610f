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
}
