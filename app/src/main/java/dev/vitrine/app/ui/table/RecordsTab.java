package dev.vitrine.app.ui.table;

import dev.vitrine.app.ui.tree.NodeKey;
import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ShownNode;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.SortedRecords;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * The Records tab: any node with a row table (records of a block, files of an index, messages
 * of a channel) as a virtualized table; with key search when the archive has sorted records.
 */
public final class RecordsTab implements FormatView {
    public static final String ID = "records";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Records";
    }

    @Override
    public Ikon icon() {
        return MaterialDesignT.TABLE;
    }

    @Override
    public int order() {
        return 10;
    }

    /** Row tables are a node capability: any archive may have them, the tab is enabled per node. */
    @Override
    public boolean appliesTo(Archive archive) {
        return true;
    }

    @Override
    public boolean enabledFor(ShownNode shown) {
        return shown.table().isPresent();
    }

    @Override
    public View create(ViewContext context) {
        return new Records(context);
    }

    /** One RecordsView per table shown; kept while the same node stays selected. */
    public static final class Records implements View {
        private final ViewContext context;
        private final StackPane pane = new StackPane(new Label("Select a node with records"));
        private RecordsView current;
        private NodeKey currentFor;

        Records(ViewContext context) {
            this.context = context;
        }

        @Override
        public javafx.scene.Node content() {
            return pane;
        }

        @Override
        public void nodeShown(ShownNode shown) {
            if (shown.table().isEmpty() || shown.key().equals(currentFor)) return;
            if (current != null) current.dispose();
            current = new RecordsView(
                    context.background(),
                    shown.table().get(),
                    context.session().archive().capability(SortedRecords.class));
            current.setOnRowSelected(context.selection()::showRow);
            current.setOnExport(context.exportAction());
            current.setOnProblems(context.session()::addProblems);
            currentFor = shown.key();
            pane.getChildren().setAll(current);
        }

        @Override
        public boolean export() {
            return false; // the window's record export asks for records() itself
        }

        /** The table shown, or null before a node with records was selected. */
        public RecordsView records() {
            return current;
        }

        @Override
        public void dispose() {
            if (current != null) current.dispose();
        }
    }
}
