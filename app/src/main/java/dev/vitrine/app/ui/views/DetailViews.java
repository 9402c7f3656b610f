package dev.vitrine.app.ui.views;

import dev.vitrine.app.ui.details.DetailsPane;
import dev.vitrine.core.format.Archive;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import javafx.scene.control.Tab;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The details pane's view tabs for one archive: every registered {@link FormatView} that
 * applies to it, each made on first show, each told of the selection and of health changes.
 */
public final class DetailViews {
    private static final List<FormatView> ALL = load();

    private final DetailsPane details;
    private final ViewContext context;
    private final Map<FormatView, Tab> tabs = new LinkedHashMap<>();
    private final Map<FormatView, FormatView.View> made = new LinkedHashMap<>();
    private ShownNode shown;
    /** For each view, the last node it had something for: it stays usable from any node after that. */
    private final Map<FormatView, ShownNode> lastFor = new LinkedHashMap<>();

    public DetailViews(DetailsPane details, ViewContext context) {
        this.details = details;
        this.context = context;
        Archive archive = context.session().archive();
        FormatView front = null;
        for (FormatView v : ALL) {
            if (!applies(v, archive)) continue;
            Tab t = new Tab(v.title());
            t.setId("tab-" + v.id());
            t.setGraphic(new FontIcon(v.icon()));
            t.setClosable(false);
            tabs.put(v, t);
            details.addViewTab(t, v.order(), () -> make(v).content());
            if (front == null && v.frontOnOpen(archive)) front = v;
        }
        details.tabs().getSelectionModel().selectedItemProperty().addListener((o, a, t) -> {
            FormatView v = viewOf(t);
            if (v != null && made.containsKey(v)) made.get(v).shown();
        });
        if (front != null) details.tabs().getSelectionModel().select(tabs.get(front));
        this.front = front;
    }

    /** The view in front on open, or null when the node's fields are. */
    private final FormatView front;

    /** Starts the reads of the view in front on open (its first page), ahead of the panes' own reads. */
    public void readAhead() {
        if (front != null) front.readAhead(context);
    }

    /** Whether a view is in front on open (the records of a clp-s archive, say), rather than the node's fields. */
    public boolean viewInFront() {
        return front != null;
    }

    private static List<FormatView> load() {
        List<FormatView> list = new ArrayList<>();
        ServiceLoader.load(FormatView.class, DetailViews.class.getClassLoader()).forEach(list::add);
        list.sort(Comparator.comparingInt(FormatView::order).thenComparing(FormatView::id));
        return List.copyOf(list);
    }

    private static boolean applies(FormatView v, Archive a) {
        try {
            return v.appliesTo(a);
        } catch (RuntimeException e) {
            return false; // a view's bug must not stop the archive from opening
        }
    }

    private FormatView.View make(FormatView v) {
        FormatView.View view = made.get(v);
        if (view == null) {
            view = v.create(context);
            made.put(v, view);
            ShownNode last = lastFor.get(v);
            if (last != null && last != shown) view.nodeShown(last);
            if (shown != null) view.nodeShown(shown);
        }
        return view;
    }

    private FormatView viewOf(Tab t) {
        for (var e : tabs.entrySet()) if (e.getValue() == t) return e.getKey();
        return null;
    }

    /**
     * The selection moved: made views hear of it. A view that has had nothing for any node so
     * far (a clp-s archive's Records) is hidden; once it had something it stays, showing what it
     * last had, whichever node is selected (the records of a ZSS file from any of its blocks).
     */
    public void nodeShown(ShownNode node) {
        shown = node;
        tabs.forEach((v, t) -> {
            if (v.enabledFor(node)) lastFor.put(v, node);
            details.setViewShown(t, lastFor.containsKey(v));
        });
        for (FormatView.View view : List.copyOf(made.values())) view.nodeShown(node);
    }

    public void healthChanged() {
        for (FormatView.View view : made.values()) view.healthChanged();
    }

    /** Export for the view in front, if it exports; false when none does. */
    public boolean exportFromFront() {
        FormatView v = viewOf(details.tabs().getSelectionModel().getSelectedItem());
        return v != null && made.containsKey(v) && made.get(v).export();
    }

    /** The made view of type {@code type}, or null (not applicable or never shown). */
    public <T> T view(Class<T> type) {
        for (FormatView.View v : made.values()) if (type.isInstance(v)) return type.cast(v);
        return null;
    }

    /** Brings the tab of the view with {@code id} to front; false when the archive has none. */
    public boolean select(String id) {
        for (var e : tabs.entrySet()) {
            if (e.getKey().id().equals(id) && details.tabs().getTabs().contains(e.getValue())) {
                details.tabs().getSelectionModel().select(e.getValue());
                return true;
            }
        }
        return false;
    }

    public void dispose() {
        for (FormatView.View v : made.values()) {
            try {
                v.dispose();
            } catch (RuntimeException ignored) {
                // closing must go on
            }
        }
    }
}
