package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ShownNode;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Node;
import java.util.concurrent.atomic.AtomicInteger;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

/**
 * The Files tab of archives that list files, in front when such an archive opens. Choosing a
 * row finds the file's node (in the background) and selects it in the tree, which frames its
 * bytes; selecting a file node in the tree selects its row.
 */
public final class FilesTab implements FormatView {
    public static final String ID = "files";
    public static final String TAB_ID = "tab-" + ID;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Files";
    }

    @Override
    public Ikon icon() {
        return MaterialDesignF.FOLDER_MULTIPLE_OUTLINE;
    }

    @Override
    public int order() {
        return 5;
    }

    @Override
    public boolean appliesTo(Archive archive) {
        return archive.capability(FileListing.class).isPresent();
    }

    @Override
    public boolean frontOnOpen(Archive archive) {
        // In front when files are what the archive holds; a log whose ingested files are listed
        // too (clp-s) opens on its records instead.
        return archive.capability(dev.vitrine.core.model.JsonRecords.class).isEmpty();
    }

    @Override
    public View create(ViewContext c) {
        FilesView view = new FilesView(
                c.session(),
                c.background(),
                c.jobs(),
                c.notifier(),
                c.owner(),
                c.session().archive().capability(FileListing.class).orElseThrow());
        view.setDestinations(c.destinations().get());
        AtomicInteger generation = new AtomicInteger();
        view.setOnRowChosen(row -> {
            Node selected = c.selection().selected();
            if (selected != null && FilesModel.matches(selected, row)) return;
            int gen = generation.incrementAndGet();
            Node root = c.session().root().node();
            c.background()
                    .run(
                            () -> FileNodePath.find(root, row.entry(), () -> gen != generation.get()),
                            path -> {
                                if (gen == generation.get() && path.isPresent())
                                    c.selection().revealAndFrame(path.get());
                            },
                            err -> c.notifier()
                                    .error(FilesModel.shown(row.name()) + ": could not find it in the tree: "
                                            + Human.error(err)));
        });
        return new Files(view);
    }

    /** The files view of an archive's details once made, or null. */
    public static FilesView of(dev.vitrine.app.ui.details.DetailsPane details) {
        for (javafx.scene.control.Tab t : details.tabs().getTabs()) {
            if (TAB_ID.equals(t.getId()) && t.getContent() instanceof FilesView v) return v;
        }
        return null;
    }

    /** The made tab. */
    public record Files(FilesView view) implements View {
        @Override
        public javafx.scene.Node content() {
            return view;
        }

        @Override
        public void nodeShown(ShownNode shown) {
            view.selectRowFor(shown.node());
        }
    }
}
