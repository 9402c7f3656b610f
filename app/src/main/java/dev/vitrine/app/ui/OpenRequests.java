package dev.vitrine.app.ui;

import dev.vitrine.app.instance.SingleInstance;
import javafx.application.Platform;
import javafx.stage.Stage;

/** Opens what a second `vitrine FILE` handed over as tabs of this window, and brings it to the front. */
public final class OpenRequests {
    private OpenRequests() {}

    /** Takes {@code server}'s requests (null: none, this window was started on its own). */
    public static void attach(SingleInstance.Server server, MainWindow w) {
        if (server == null) return;
        server.onRequest(r -> Platform.runLater(() -> {
            var opened = w.open(r.files());
            for (String url : r.urls())
                opened = opened.thenCompose(v -> w.openUrl(url)).thenApply(t -> null);
            Stage s = w.stage();
            if (s.isIconified()) s.setIconified(false);
            s.toFront();
            s.requestFocus();
        }));
    }
}
