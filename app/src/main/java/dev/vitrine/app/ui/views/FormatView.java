package dev.vitrine.app.ui.views;

import dev.vitrine.core.format.Archive;
import org.kordamp.ikonli.Ikon;

/**
 * A tab of the details pane that a format brings by what it can do, never by its name: the
 * Records tab applies to archives whose nodes have row tables, the Files tab to archives that
 * list files, the Index tab to archives with index blocks. Found by {@link java.util.ServiceLoader}
 * (register in {@code META-INF/services/dev.vitrine.app.ui.views.FormatView}); a view's
 * content is made by {@link #create} only when its tab is first shown.
 */
public interface FormatView {

    /** Stable id; the tab's node id is {@code "tab-" + id()}. */
    String id();

    String title();

    Ikon icon();

    /** Where the tab goes among the others (Fields is 0; smaller first). */
    default int order() {
        return 100;
    }

    /** Whether this view belongs in an archive's details at all (by capability). Must not read the file. */
    boolean appliesTo(Archive archive);

    /** Whether the tab is in front when the archive opens (e.g. the Files tab of a file archive). */
    default boolean frontOnOpen(Archive archive) {
        return false;
    }

    /**
     * Starts, in the background, what a view in front on open shows first, when its archive's tab is
     * built and before its panes read anything (called on the FX thread; must not block).
     */
    default void readAhead(ViewContext context) {}

    /** Whether the tab has something for the selected node (disabled otherwise, so the tabs stay put). */
    default boolean enabledFor(ShownNode shown) {
        return true;
    }

    /** Makes the view, on the FX thread, the first time its tab is shown. */
    View create(ViewContext context);

    /** A made view: its content, and what it hears of the rest of the window. */
    interface View {
        javafx.scene.Node content();

        /** The selection moved (every made view hears it, shown or not). */
        default void nodeShown(ShownNode shown) {}

        /** Health changed (a verify found something, or finished). */
        default void healthChanged() {}

        /** The tab was brought to front. */
        default void shown() {}

        /** File > Export while this view is in front; return false to let the window decide. */
        default boolean export() {
            return false;
        }

        /** The archive is closing. */
        default void dispose() {}
    }
}
