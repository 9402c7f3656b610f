package dev.vitrine.app.ui.status;

import atlantafx.base.theme.Styles;
import dev.vitrine.app.ui.inspect.InspectorBar;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Separator;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;

/**
 * The bottom line: format and size of the file in front, a short message, where the hex cursor
 * and selection are with the selected node's path and a data inspector, the newest long job
 * with its progress and a cancel button, and a spinner while background reads are running.
 */
public final class StatusBar extends HBox {
    private final Label format = new Label();
    private final Label size = new Label();
    private final Label message = new Label();
    private final Label remote = new Label();
    private final Label jobTitle = new Label();
    private final ProgressBar jobProgress = new ProgressBar();
    private final Button cancel = new Button(null, new FontIcon(MaterialDesignC.CLOSE));
    private final ProgressIndicator busy = new ProgressIndicator();
    private final HBox job;
    private final InspectorBar inspector = new InspectorBar();
    private final Tooltip remoteTip = new Tooltip();
    private final Tooltip jobTip = new Tooltip();

    public StatusBar(Jobs jobs, ReadOnlyIntegerProperty backgroundBusy) {
        super(10);
        getStyleClass().add("status-bar");
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(3, 10, 3, 10));
        format.getStyleClass().add("status-format");
        format.setMinWidth(Region.USE_PREF_SIZE); // the file's format and size never give way to the node path
        size.setMinWidth(Region.USE_PREF_SIZE);
        size.getStyleClass().add("status-size");
        message.getStyleClass().add("status-message");
        message.setMinWidth(0);
        // empty, it would still take the bar's spacing, which 1024 px cannot spare
        message.managedProperty().bind(message.textProperty().isNotEmpty());
        // A job's text gives way before anything overlaps (its whole line is on hover); the bar
        // keeps a short stub, the cancel button its size.
        jobTitle.setMinWidth(0);
        jobTitle.setTooltip(jobTip);
        jobTip.textProperty().bind(jobTitle.textProperty());
        jobProgress.setPrefWidth(120);
        jobProgress.setMinWidth(60);
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        jobProgress.getStyleClass().add(Styles.SMALL);
        cancel.getStyleClass().addAll(Styles.SMALL, Styles.FLAT, Styles.BUTTON_ICON);
        cancel.setTooltip(new Tooltip("Cancel"));
        job = new HBox(6, jobTitle, jobProgress, cancel);
        job.setAlignment(Pos.CENTER_LEFT);
        job.setId("status-job");
        jobTitle.setId("status-job-title");
        job.setVisible(false);
        job.managedProperty().bind(job.visibleProperty());
        busy.setPrefSize(14, 14);
        busy.setMaxSize(14, 14);
        busy.getStyleClass().add("status-busy");
        busy.visibleProperty().bind(backgroundBusy.greaterThan(0));
        Tooltip.install(busy, new Tooltip("reading in the background"));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        remote.setId("remote-stats");
        remote.setVisible(false);
        remote.setManaged(false);
        // the counters stay whole: the node path gives way first (see InspectorBar)
        remote.setMinWidth(Region.USE_PREF_SIZE);
        remote.setGraphic(new FontIcon(MaterialDesignC.CLOUD_DOWNLOAD_OUTLINE));
        remote.setTooltip(remoteTip);
        HBox.setHgrow(inspector, Priority.SOMETIMES);
        getChildren().addAll(format, sep(), size, sep(), remote, message, spacer, inspector, job, busy);
        jobs.currentProperty().addListener((o, a, t) -> show(t));
    }

    private static Separator sep() {
        Separator s = new Separator(Orientation.VERTICAL);
        s.getStyleClass().add("status-sep");
        return s;
    }

    private void show(Task<?> t) {
        jobTitle.textProperty().unbind();
        jobProgress.progressProperty().unbind();
        if (t == null) {
            job.setVisible(false);
            return;
        }
        jobTitle.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> t.getMessage() == null || t.getMessage().isEmpty()
                                ? t.getTitle()
                                : t.getTitle() + ": " + t.getMessage(),
                        t.titleProperty(),
                        t.messageProperty()));
        jobProgress.progressProperty().bind(t.progressProperty());
        cancel.setOnAction(e -> t.cancel());
        job.setVisible(true);
    }

    /** The cursor, selection, node path and data inspector of the archive in front. */
    public InspectorBar inspector() {
        return inspector;
    }

    public void setFile(String formatName, String sizeText) {
        format.setText(formatName);
        size.setText(sizeText);
    }

    /** What reading a remote archive has cost so far (requests, bytes, cache hits), or empty. */
    public void setRemote(String text) {
        setRemote(text, text);
    }

    /** The same, short in the bar and said in full on hover. */
    public void setRemote(String text, String full) {
        remote.setText(text);
        remoteTip.setText(full);
        remote.setVisible(!text.isEmpty());
        remote.setManaged(!text.isEmpty());
    }

    public String remoteFull() {
        return remoteTip.getText();
    }

    public String remoteText() {
        return remote.getText();
    }

    public void setMessage(String text) {
        message.setText(text);
    }

    public String message() {
        return message.getText();
    }
}
