package dev.vitrine.app.ui.index;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ShownNode;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.IndexTree;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;

/** The Index tab: the archive's index tree drawn from the root block down, coloured by health. */
public final class IndexTab implements FormatView {
    public static final String ID = "index";
    /** Picture bounds: blocks per level and levels drawn. */
    static final int PER_LEVEL = 64;

    static final int LEVELS = 12;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Index";
    }

    @Override
    public Ikon icon() {
        return MaterialDesignS.SITEMAP;
    }

    @Override
    public int order() {
        return 20;
    }

    @Override
    public boolean appliesTo(Archive archive) {
        return archive.capability(IndexTree.class).isPresent();
    }

    @Override
    public View create(ViewContext context) {
        IndexPictureView picture = new IndexPictureView(context.session().health());
        picture.setOnBlockClicked(context.selection()::revealAndFrame);
        IndexTree tree = context.session().archive().capability(IndexTree.class).orElseThrow();
        context.background()
                .runLong(
                        () -> {
                            var top = tree.pathToIndexRoot();
                            return top.isEmpty() ? null : IndexPicture.build(top, PER_LEVEL, LEVELS, () -> false);
                        },
                        p -> {
                            if (p == null) picture.setMessage("the index cannot be read: see the problems list");
                            else picture.setPicture(p);
                            if (context.selection().selected() != null)
                                picture.setSelected(context.selection().selected());
                        },
                        err -> picture.setMessage("could not read the index: " + Human.error(err)));
        return new Picture(picture);
    }

    /** The made tab: the picture follows the selection and the health. */
    public record Picture(IndexPictureView picture) implements View {
        @Override
        public javafx.scene.Node content() {
            return picture;
        }

        @Override
        public void nodeShown(ShownNode shown) {
            picture.setSelected(shown.node());
        }

        @Override
        public void healthChanged() {
            picture.refreshHealth();
        }
    }
}
