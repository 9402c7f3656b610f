package dev.vitrine.app.ui.testing;

import dev.vitrine.app.ui.export.DestinationChooser;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import javafx.stage.Window;

/**
 * Stands in for the system's save and folder dialogs (which the headless platform cannot show):
 * answers each question with the next path it was given (null: the user cancelled) and keeps
 * the questions, so a test can check what the user would have been asked.
 */
public final class AnsweringChooser implements DestinationChooser {
    /**
     * One question: a file ({@code suggestedName} set) or a folder ({@code suggestedName} null,
     * the dialog starting in {@code startIn}).
     */
    public record Question(String title, String suggestedName, Window owner, Path startIn) {
        public Question(String title, String suggestedName, Window owner) {
            this(title, suggestedName, owner, null);
        }
    }

    private final Deque<Path> answers = new ArrayDeque<>();
    private final List<Question> asked = new ArrayList<>();

    /** Queues the next answers; {@code null} answers as a cancel. */
    public synchronized AnsweringChooser answer(Path... next) {
        for (Path p : next) answers.add(p == null ? CANCEL : p);
        return this;
    }

    public synchronized List<Question> asked() {
        return List.copyOf(asked);
    }

    @Override
    public synchronized Path file(Window owner, String title, String suggestedName) {
        asked.add(new Question(title, suggestedName, owner, null));
        return next();
    }

    @Override
    public synchronized Path folder(Window owner, String title, Path startIn) {
        asked.add(new Question(title, null, owner, startIn));
        return next();
    }

    private Path next() {
        if (answers.isEmpty())
            throw new IllegalStateException("asked for a destination the test did not expect: " + asked.getLast());
        Path p = answers.removeFirst();
        return p == CANCEL ? null : p;
    }

    private static final Path CANCEL = Path.of("<cancel>");
}
