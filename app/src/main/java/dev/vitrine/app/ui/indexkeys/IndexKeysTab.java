package dev.vitrine.app.ui.indexkeys;

import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.KeyValueIndex;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignK;

/** The Index keys tab of archives whose metadata is an ordered key-value store: every raw key, decoded. */
public final class IndexKeysTab implements FormatView {
    public static final String ID = "index-keys";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Index keys";
    }

    @Override
    public Ikon icon() {
        return MaterialDesignK.KEY_OUTLINE;
    }

    @Override
    public int order() {
        return 7;
    }

    @Override
    public boolean appliesTo(Archive archive) {
        return archive.capability(KeyValueIndex.class).isPresent();
    }

    @Override
    public View create(ViewContext context) {
        IndexKeysView v = new IndexKeysView(
                context.background(),
                context.session().archive().capability(KeyValueIndex.class).orElseThrow(),
                context.selection());
        return new View() {
            @Override
            public javafx.scene.Node content() {
                return v;
            }

            @Override
            public void dispose() {
                v.dispose();
            }
        };
    }
}
