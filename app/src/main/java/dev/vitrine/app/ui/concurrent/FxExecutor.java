package dev.vitrine.app.ui.concurrent;

import java.util.concurrent.Executor;
import javafx.application.Platform;

/** The one way results reach the FX thread: runs a command there, at once when already on it. */
public final class FxExecutor implements Executor {
    public static final FxExecutor INSTANCE = new FxExecutor();

    private FxExecutor() {}

    @Override
    public void execute(Runnable command) {
        if (Platform.isFxApplicationThread()) {
            command.run();
        } else {
            Platform.runLater(command);
        }
    }
}
