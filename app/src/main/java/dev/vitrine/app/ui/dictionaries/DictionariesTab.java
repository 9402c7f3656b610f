package dev.vitrine.app.ui.dictionaries;

import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.Dictionaries;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignB;

/** The Dictionaries tab of archives with named dictionaries: each as a virtualized table of id and entry. */
public final class DictionariesTab implements FormatView {
    public static final String ID = "dictionaries";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Dictionaries";
    }

    @Override
    public Ikon icon() {
        return MaterialDesignB.BOOK_ALPHABET;
    }

    @Override
    public int order() {
        return 16;
    }

    @Override
    public boolean appliesTo(Archive archive) {
        return archive.capability(Dictionaries.class).isPresent();
    }

    @Override
    public View create(ViewContext context) {
        DictionariesView v = new DictionariesView(
                context.background(),
                context.session().archive().capability(Dictionaries.class).orElseThrow());
        return () -> v;
    }
}
