package dev.vitrine.app.ui.jsonrecords;

import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.FilterableRecords;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;

/**
 * The JSON records tab of archives whose records are JSON: a table over all records with key
 * paths as columns, the chosen record as pretty JSON, a query filter that streams matches in
 * the background, and export as JSON lines.
 */
public final class JsonRecordsTab implements FormatView {
    public static final String ID = "json-records";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "JSON records";
    }

    @Override
    public Ikon icon() {
        return MaterialDesignC.CODE_JSON;
    }

    @Override
    public int order() {
        return 11;
    }

    @Override
    public boolean appliesTo(Archive archive) {
        return archive.capability(FilterableRecords.class).isPresent();
    }

    /** Records are what such an archive is for: its tab is in front when it opens. */
    @Override
    public boolean frontOnOpen(Archive archive) {
        return true;
    }

    /** The first page of records is read from the start, before the tab's panes (see {@link FirstRecords}). */
    @Override
    public void readAhead(ViewContext context) {
        FirstRecords.ahead(context.session(), context.background());
    }

    @Override
    public View create(ViewContext context) {
        FilterableRecords records =
                context.session().archive().capability(FilterableRecords.class).orElseThrow();
        JsonRecordsView v = new JsonRecordsView(
                context.background(),
                records,
                context.notifier(),
                context.owner(),
                context.destinations(),
                FirstRecords.ahead(context.session(), context.background()).orElse(null));
        // The chosen record's values framed in the decoded bytes beside the hex view, where the format can say where
        // they are.
        v.setOnRecordChosen(i -> context.background()
                .run(
                        () -> records.recordBytes(i),
                        d -> d.ifPresent(bytes -> context.selection().showDecoded("record " + i, bytes)),
                        err -> {}));
        return new Made(v);
    }

    /** The made tab; File > Export while it is in front exports its records. */
    public record Made(JsonRecordsView view) implements View {
        @Override
        public javafx.scene.Node content() {
            return view;
        }

        @Override
        public boolean export() {
            view.export();
            return true;
        }

        @Override
        public void dispose() {
            view.dispose();
        }
    }
}
