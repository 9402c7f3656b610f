package dev.vitrine.app.ui.timeline;

import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.TimedMessages;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;

/** The Timeline tab of archives with time-stamped messages on channels: lanes of message density over time. */
public final class TimelineTab implements FormatView {
    public static final String ID = "timeline";
    public static final String TAB_ID = "tab-" + ID;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Timeline";
    }

    @Override
    public Ikon icon() {
        return MaterialDesignC.CHART_TIMELINE_VARIANT;
    }

    @Override
    public int order() {
        return 6;
    }

    @Override
    public boolean appliesTo(Archive archive) {
        return archive.capability(TimedMessages.class).isPresent();
    }

    @Override
    public boolean frontOnOpen(Archive archive) {
        return true;
    }

    @Override
    public View create(ViewContext context) {
        return new TimelinePane(context);
    }

    /** The made timeline of a details pane, or null when it has none or it was never shown. */
    public static TimelinePane of(dev.vitrine.app.ui.details.DetailsPane details) {
        for (javafx.scene.control.Tab t : details.tabs().getTabs()) {
            if (TAB_ID.equals(t.getId()) && t.getContent() instanceof TimelinePane p) return p;
        }
        return null;
    }
}
