package dev.vitrine.app.ui.views;

import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.LinkedSelection;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.status.Jobs;
import java.util.function.Supplier;
import javafx.stage.Window;

/**
 * What a view may use: the archive's session (archive, root, health, problems), the
 * background executor (anything that reads the file runs there), the linked selection (select
 * a node, frame bytes, show a row), jobs with progress, the notifier, and the owner window for
 * dialogs and where exports ask for their destination. One object instead of a constructor argument each.
 */
public record ViewContext(
        ArchiveSession session,
        Background background,
        LinkedSelection selection,
        Jobs jobs,
        Notifier notifier,
        Supplier<Window> owner,
        Runnable exportAction,
        Supplier<dev.vitrine.app.ui.export.DestinationChooser> destinations) {}
