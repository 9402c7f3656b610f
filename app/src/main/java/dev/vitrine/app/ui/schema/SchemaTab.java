package dev.vitrine.app.ui.schema;

import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.SchemaTree;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

/** The Schema tab of archives that store records against a tree of keys: the keys with type badges, records and bytes. */
public final class SchemaTab implements FormatView {
    public static final String ID = "schema";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Schema";
    }

    @Override
    public Ikon icon() {
        return MaterialDesignF.FILE_TREE_OUTLINE;
    }

    @Override
    public int order() {
        return 14;
    }

    @Override
    public boolean appliesTo(Archive archive) {
        return archive.capability(SchemaTree.class).isPresent();
    }

    @Override
    public View create(ViewContext context) {
        SchemaView v = new SchemaView(
                context.background(),
                context.session().archive().capability(SchemaTree.class).orElseThrow());
        return () -> v;
    }
}
