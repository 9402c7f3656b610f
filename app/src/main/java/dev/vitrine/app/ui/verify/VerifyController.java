package dev.vitrine.app.ui.verify;

import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.FxExecutor;
import dev.vitrine.app.ui.remote.RemoteTransfer;
import dev.vitrine.app.ui.status.Jobs;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/**
 * Runs a verify of one archive, or of one part of it, as a job: a whole verify resets what an
 * earlier verify found; either streams problems into the session (which marks health) and says
 * how it ended.
 */
public final class VerifyController {
    private final ArchiveSession session;
    private final Jobs jobs;
    private final ProblemsView view;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private VerifyTask task;
    private VerifyReport last;
    /** The part a "verify this part" asked about, until its verify ends. */
    private dev.vitrine.core.model.ByteRange part;

    private String partName;

    public VerifyController(ArchiveSession session, Jobs jobs, ProblemsView view) {
        this.session = session;
        this.jobs = jobs;
        this.view = view;
        int n = session.problems().size();
        view.setState(
                n == 0
                        ? "not verified yet"
                        : Human.count(n) + (n == 1 ? " problem" : " problems")
                                + " found while opening · not fully verified",
                n > 0);
    }

    /**
     * Verifies one part of the archive (a tree node's bytes): only the format's units that meet
     * {@code range} are checked, so a block of a big archive takes as long as the block. What it
     * finds is added to the list (kept: a part says nothing of the rest) and selected; the state
     * says it was a part and which whole-archive checks did not run. A node with no bytes of its
     * own verifies the whole archive. Starts nothing new when a verify is running.
     */
    public void startFor(dev.vitrine.core.model.ByteRange range, String name) {
        if (task != null) return;
        if (range == null || range.isNone()) {
            start();
            return;
        }
        part = range;
        partName = name;
        run();
    }

    public void start() {
        if (task != null) return;
        part = null;
        partName = null;
        run();
    }

    private void run() {
        dev.vitrine.core.model.ByteRange scope = part;
        String tail = scope == null ? "" : " · part " + partName;
        if (scope == null) session.resetForVerify();
        // what this verify reports: a part verify selects them at its end
        List<Problem> found = new ArrayList<>();
        ProblemBatcher batcher = new ProblemBatcher(FxExecutor.INSTANCE, batch -> {
            found.addAll(batch);
            session.addProblems(batch);
        });
        VerifyTask t = new VerifyTask(session.archive(), batcher, scope, partName);
        RemoteTransfer transfer = RemoteTransfer.start(session);
        transfer.stopOnCancel(t);
        task = t;
        running.set(true);
        view.setState("verifying…" + tail, false);
        Runnable show = () -> {
            double p = t.getProgress();
            if (task == t)
                view.setState(
                        (p >= 0 ? String.format(Locale.US, "verifying… %.0f%%", p * 100) : "verifying…")
                                + transfer.text()
                                + tail,
                        false);
        };
        t.progressProperty().addListener((o, a, p) -> show.run());
        // over a slow link the bytes fetched move between progress steps: shown every second too
        if (transfer.remote()) {
            javafx.animation.Timeline tick = new javafx.animation.Timeline(
                    new javafx.animation.KeyFrame(javafx.util.Duration.seconds(1), e -> show.run()));
            tick.setCycleCount(javafx.animation.Animation.INDEFINITE);
            tick.play();
            t.runningProperty().addListener((o, was, now) -> {
                if (!now) tick.stop();
            });
        }
        t.setOnSucceeded(e -> {
            batcher.flush();
            finish(t.getValue(), transfer, found);
        });
        t.setOnCancelled(e -> {
            batcher.flush();
            done();
            view.setState(
                    "verify cancelled" + tail + " · "
                            + summary(session.problems().size()),
                    !session.problems().isEmpty());
        });
        t.setOnFailed(e -> {
            batcher.flush();
            done();
            // Bytes that could not be read (the file changed under it) are not the archive's failure: the tab's banner
            // says which.
            dev.vitrine.core.io.SourceUnavailableException gone =
                    dev.vitrine.core.io.SourceUnavailableException.in(t.getException());
            view.setState(
                    gone != null
                            ? "verify stopped: " + gone.reason()
                            : "verify failed: " + Human.error(t.getException()),
                    true);
        });
        jobs.submit(t);
    }

    private void finish(VerifyReport r, RemoteTransfer transfer, List<Problem> found) {
        dev.vitrine.core.model.ByteRange asked = part;
        String askedName = partName;
        done();
        last = r;
        String tail = asked == null ? "" : " · part " + askedName;
        if (r.cancelled()) {
            view.setState(
                    "verify cancelled" + tail + " · "
                            + summary(session.problems().size()),
                    !session.problems().isEmpty());
            return;
        }
        // A part's verdict is not the archive's: health stays unchecked and the list keeps the rest.
        if (asked == null) {
            view.setVerified(r.errors() == 0 && r.warnings() == 0);
            session.markChecked();
        }
        String time = String.format(Locale.US, "%.2f s", r.nanos() / 1e9) + transfer.text();
        String verdict;
        if (r.errors() == 0 && r.warnings() == 0) {
            verdict = "verified: no problems (" + time + ")";
        } else {
            String w = r.warnings() == 0
                    ? ""
                    : ", " + Human.count(r.warnings()) + (r.warnings() == 1 ? " warning" : " warnings");
            verdict = "verified: " + Human.count(r.errors()) + (r.errors() == 1 ? " error" : " errors") + w + " ("
                    + time + ")";
        }
        if (asked != null) {
            view.select(found);
            verdict += tail + (r.scope() == null ? "" : ": " + r.scope());
        }
        view.setState(verdict, r.errors() > 0);
    }

    private static String summary(int n) {
        return Human.count(n) + (n == 1 ? " problem" : " problems") + " so far";
    }

    private void done() {
        task = null;
        part = null;
        running.set(false);
    }

    /** Completes when no verify of this archive is reading it any more. */
    public java.util.concurrent.CompletableFuture<Void> idle() {
        return task == null ? java.util.concurrent.CompletableFuture.completedFuture(null) : task.ended();
    }

    public void cancel() {
        if (task != null) task.cancel();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** The last finished verify's report, or null. */
    public VerifyReport lastReport() {
        return last;
    }
}
