package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Node;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The last line of defence in the window: an Error that escapes a reader in a background job
 * (here out of memory while listing the root's children) is one line in its tab naming the
 * file, with a log for a bug report; the window lives on.
 */
class InternalErrorWindowTest extends WindowTest {

    @AfterEach
    void forgetLogs() {
        System.clearProperty("vitrine.logs");
        MappedFileSource.afterMapping = null;
    }

    /** {@code real}, except that listing the root's children runs out of memory. */
    private static Archive outOfMemoryListingTheRoot(Archive real) {
        Node root = real.root();
        Node failing = (Node)
                Proxy.newProxyInstance(Node.class.getClassLoader(), new Class<?>[] {Node.class}, (p, m, args) -> {
                    if (m.getName().equals("children")) throw new OutOfMemoryError("Java heap space");
                    return call(root, m, args);
                });
        return (Archive) Proxy.newProxyInstance(
                Archive.class.getClassLoader(),
                new Class<?>[] {Archive.class},
                (p, m, args) -> m.getName().equals("root") ? failing : call(real, m, args));
    }

    private static Object call(Object target, java.lang.reflect.Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Test
    void anErrorInABackgroundJobIsOneLineNamingTheFileAndALog() throws Exception {
        Path logs = temp.resolve("logs");
        System.setProperty("vitrine.logs", logs.toString());
        Path file = fixture("fixtures/zss/generated/recs1000-deflate.zss");
        Archive broken = outOfMemoryListingTheRoot(FormatRegistry.get().open(file, Limits.DEFAULT));
        ArchiveSession session =
                background.run(() -> ArchiveSession.of(broken), null, null).get();
        fx(() -> window.show(session));
        settle();
        ArchiveView v = fx(window::current);
        waitUntil("the tab to say so", () -> v.notifier().lastMessage().contains("internal error"));

        String line = fx(() -> v.notifier().lastMessage());
        Matcher m = Pattern.compile(
                        Pattern.quote("recs1000-deflate.zss: internal error: out of memory (details in ") + "(.+)\\)")
                .matcher(line);
        assertTrue(m.matches(), line);
        assertEquals(1, fx(() -> v.notifier().shown()), "one line, however many reads failed");
        String log = Files.readString(Path.of(m.group(1)));
        assertTrue(log.contains("java.lang.OutOfMemoryError: Java heap space") && log.contains("\tat "), log);
        try (Stream<Path> written = Files.list(logs)) {
            assertEquals(List.of(Path.of(m.group(1))), written.toList(), "one log");
        }

        // The window lives on: another archive opens and reads.
        ArchiveView next = open(fixture("fixtures/zss/letters-none.zss"));
        assertTrue(fx(() -> next.tree().rootItem().getChildren().size()) > 0, "the next archive's tree is read");
    }

    @Test
    void anErrorWhileOpeningIsOneLineNamingTheFileAndALog() throws Exception {
        System.setProperty("vitrine.logs", temp.resolve("logs").toString());
        MappedFileSource.afterMapping = p -> {
            throw new OutOfMemoryError("Java heap space");
        };
        open(fixture("fixtures/zss/letters-none.zss"));
        String line = fx(() -> window.notifier().lastMessage());
        Matcher m = Pattern.compile(
                        Pattern.quote("letters-none.zss: internal error: out of memory (details in ") + "(.+)\\)")
                .matcher(line);
        assertTrue(m.matches(), line);
        assertTrue(Files.readString(Path.of(m.group(1))).contains("java.lang.OutOfMemoryError: Java heap space"));
        MappedFileSource.afterMapping = null;
        assertTrue(open(fixture("fixtures/zss/letters-deflate.zss")) != null, "the window still opens files");
    }
}
