package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.LinkedSelection;
import dev.vitrine.app.ui.Notifier;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.details.DetailsPane;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.app.ui.tree.StructureTree;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import javafx.scene.control.Tab;
import javafx.stage.Window;

/**
 * Adds the Files tab to an archive's details when the archive lists files, and links it to the
 * rest of the window: choosing a row finds the file's node (in the background) and selects it
 * in the structure tree through {@link LinkedSelection}, which frames its bytes in the hex view;
 * selecting a file node in the tree selects its row.
 */
public final class FilesTab {
    public static final String TAB_ID = "tab-files";

    private FilesTab() {}

    /** The files view it added (selected, in front), or null when the archive lists no files. */
    public static FilesView install(ArchiveSession session, Background background, Jobs jobs, Notifier notifier,
                                    Supplier<Window> owner, StructureTree tree, DetailsPane details, LinkedSelection selection) {
        Optional<FileListing> listing = session.archive().capability(FileListing.class);
        if (listing.isEmpty()) return null;
        FilesView view = new FilesView(session, background, jobs, notifier, owner, listing.get());
        Tab tab = new Tab("Files", view);
        tab.setId(TAB_ID);
        tab.setGraphic(FilesView.tabIcon());
        tab.setClosable(false);
        details.tabs().getTabs().add(tab);
        details.tabs().getSelectionModel().select(tab);

        AtomicInteger generation = new AtomicInteger();
        view.setOnRowChosen(row -> {
            if (FilesModel.matches(tree.selectedProperty().get(), row)) return;
            int gen = generation.incrementAndGet();
            Node root = session.root().node();
            background.run(() -> FileNodePath.find(root, row.entry(), () -> gen != generation.get()), path -> {
                if (gen == generation.get() && path.isPresent()) selection.revealAndFrame(path.get());
            }, err -> notifier.error(FilesModel.shown(row.name()) + ": could not find it in the tree: " + Human.error(err)));
        });
        tree.selectedProperty().addListener((o, was, node) -> view.selectRowFor(node));
        return view;
    }

    /** The files view of an archive's details, or null. */
    public static FilesView of(DetailsPane details) {
        for (Tab t : details.tabs().getTabs()) {
            if (TAB_ID.equals(t.getId()) && t.getContent() instanceof FilesView v) return v;
        }
        return null;
    }
}
