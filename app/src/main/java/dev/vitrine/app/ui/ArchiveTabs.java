package dev.vitrine.app.ui;

import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.settings.Settings;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.app.ui.trace.Trace;
import dev.vitrine.core.model.Health;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.stage.Window;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The window's archive tabs: one {@link ArchiveView} per tab, its damage mark and tooltip, which
 * is in front, closing (the view lets go of its archive) and whether any of them is verifying.
 */
public final class ArchiveTabs {
    private final TabPane tabs = new TabPane();
    private final Background background;
    private final Jobs jobs;
    private final Banner banner;
    private final ThemeSwitch theme;
    private final Supplier<Window> owner;
    private final Settings settings;
    /** Whether any tab is verifying (the Cancel button follows it). */
    private final BooleanProperty anyVerify = new SimpleBooleanProperty();

    private Consumer<Tab> onReopen = t -> {};

    ArchiveTabs(
            Background background,
            Jobs jobs,
            Banner banner,
            ThemeSwitch theme,
            Supplier<Window> owner,
            Settings settings) {
        this.background = background;
        this.jobs = jobs;
        this.banner = banner;
        this.theme = theme;
        this.owner = owner;
        this.settings = settings;
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        tabs.getStyleClass().add("archive-tabs");
    }

    public TabPane pane() {
        return tabs;
    }

    /** What to do when a tab's file changed under it (the opener reads it again). */
    void setOnReopen(Consumer<Tab> handler) {
        onReopen = handler;
    }

    ReadOnlyBooleanProperty verifyRunning() {
        return anyVerify;
    }

    /** The archive in front, or null. */
    public ArchiveView current() {
        Tab t = tabs.getSelectionModel().getSelectedItem();
        return t == null ? null : view(t);
    }

    public List<ArchiveView> views() {
        List<ArchiveView> out = new ArrayList<>();
        for (Tab t : tabs.getTabs()) out.add(view(t));
        return out;
    }

    static ArchiveView view(Tab t) {
        return (ArchiveView) t.getContent();
    }

    /** The tab showing {@code address} (a path or URL as shown), or null. */
    Tab showing(String address) {
        for (Tab t : tabs.getTabs()) if (view(t).session().address().equals(address)) return t;
        return null;
    }

    /** The tab showing the archive at {@code path}, or null. */
    Tab showing(java.nio.file.Path path) {
        for (Tab t : tabs.getTabs()) if (view(t).session().path().equals(path)) return t;
        return null;
    }

    void select(Tab t) {
        tabs.getSelectionModel().select(t);
    }

    boolean inFront(Tab t) {
        return tabs.getSelectionModel().getSelectedItem() == t;
    }

    /** A tab for {@code session}, in place of {@code replaced} when given (Reopen), else at the end. */
    Tab add(ArchiveSession session, Tab replaced) {
        ArchiveView view = new ArchiveView(session, background, jobs, banner, theme.paletteProperty(), owner::get);
        view.setDividers(settings.dividers);
        view.onDividersMoved(() -> settings.dividers = view.dividers());
        Tab tab = new Tab(session.path().getFileName().toString(), view);
        tab.setGraphic(new FontIcon(NodeIcons.forNode(session.root().node())));
        tab.setTooltip(new Tooltip(session.address()));
        tab.setOnClosed(e -> view.dispose());
        view.verifier().runningProperty().addListener((o, a, r) -> updateVerifyRunning());
        if (!session.openProblems().isEmpty()) tab.getStyleClass().add("tab-damaged");
        session.healthVersionProperty().addListener((o, a, b) -> {
            boolean bad = session.health().overall() == Health.DAMAGED;
            if (bad && !tab.getStyleClass().contains("tab-damaged"))
                tab.getStyleClass().add("tab-damaged");
            if (!bad) tab.getStyleClass().remove("tab-damaged");
        });
        view.setOnReopen(() -> onReopen.accept(tab));
        if (replaced != null && tabs.getTabs().contains(replaced))
            tabs.getTabs().set(tabs.getTabs().indexOf(replaced), tab);
        else tabs.getTabs().add(tab);
        Trace.log("tab added for " + session.path().getFileName());
        view.firstDraw()
                .thenRun(() -> Trace.log("first draw of " + session.path().getFileName()));
        if (tabs.getTabs().size() == 1 || tabs.getSelectionModel().getSelectedItem() == null)
            tabs.getSelectionModel().select(tab);
        if (session.archive().unreadable()) {
            view.notifier()
                    .error(session.path().getFileName() + ": "
                            + session.openProblems().getFirst().message() + " — showing what is readable");
        }
        return tab;
    }

    /** Closes {@code t}: the tab goes, its view lets go of the archive. */
    void close(Tab t) {
        if (t == null || !tabs.getTabs().contains(t)) return;
        tabs.getTabs().remove(t);
        view(t).dispose();
    }

    void closeCurrent() {
        close(tabs.getSelectionModel().getSelectedItem());
    }

    private void updateVerifyRunning() {
        anyVerify.set(
                views().stream().anyMatch(v -> v.verifier().runningProperty().get()));
    }
}
