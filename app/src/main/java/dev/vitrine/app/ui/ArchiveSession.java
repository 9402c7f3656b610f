package dev.vitrine.app.ui;

import dev.vitrine.app.ui.health.HealthMap;
import dev.vitrine.app.ui.tree.TreeEntry;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One opened archive and what the window knows about it: its problems (deduplicated, in the
 * order found) and the health they imply. Opened in the background by {@link #open}; everything
 * else is used on the FX thread.
 */
public final class ArchiveSession implements AutoCloseable {
    private final Archive archive;
    private final TreeEntry.NodeEntry root;
    private final HealthMap health;
    private final ObservableList<Problem> problems = FXCollections.observableArrayList();
    /** Problems by what the list shows of them: the same line found twice (by verify, then by reading a node) is one. */
    private final Set<List<Object>> seen = new HashSet<>();

    private final ReadOnlyIntegerWrapper healthVersion = new ReadOnlyIntegerWrapper(this, "healthVersion");
    /** Work started for this archive ahead of the views that use it, by kind (see {@link #ahead}). */
    private final java.util.Map<Class<?>, Object> ahead = new java.util.concurrent.ConcurrentHashMap<>();

    private ArchiveSession(Archive archive, TreeEntry.NodeEntry root) {
        this.archive = archive;
        this.root = root;
        this.health = new HealthMap();
    }

    /** Detects, opens and reads the root: blocking, for the background. One-line message on failure. */
    public static ArchiveSession open(Path path) throws IOException {
        return open(new dev.vitrine.core.location.LocalLocation(path));
    }

    /**
     * The same for any location: a local path, an http(s):// or s3:// archive. Messages name a
     * local file by its name and a remote one by its address (without secrets).
     */
    public static ArchiveSession open(dev.vitrine.core.location.Location location) throws IOException {
        String name = location.remote() ? location.display() : location.name();
        Archive a;
        try {
            a = FormatRegistry.get().open(location, Limits.DEFAULT);
        } catch (FormatRegistry.UnknownFormatException e) {
            throw e;
        } catch (IOException e) {
            // The same reasons as the command line (no such file, not a regular file, too many
            // levels of symbolic links, connection refused, no such object...), after the name.
            throw new IOException(name + ": " + dev.vitrine.core.text.Messages.reason(e), e);
        } catch (RuntimeException e) {
            throw new IOException(name + ": could not be opened (" + Human.error(e) + ")", e);
        }
        try {
            Node r = a.root();
            List<Problem> own;
            try {
                own = List.copyOf(r.problems());
            } catch (RuntimeException e) {
                own = List.of();
            }
            ArchiveSession s = new ArchiveSession(a, new TreeEntry.NodeEntry(r, r.hasChildren(), own));
            s.openProblems = List.copyOf(a.openProblems());
            if (location.remote()) s.remoteAddress = location.display();
            return s;
        } catch (RuntimeException e) {
            a.close();
            throw new IOException(name + ": could not be read (" + Human.error(e) + ")", e);
        }
    }

    private List<Problem> openProblems = List.of();
    /** The URL (without secrets) of an archive opened from one, single-file or a folder format's prefix; else null. */
    private String remoteAddress;

    /** Wraps an archive opened elsewhere (tests). Blocking like {@link #open}. */
    public static ArchiveSession of(Archive a) {
        Node r = a.root();
        ArchiveSession s =
                new ArchiveSession(a, new TreeEntry.NodeEntry(r, r.hasChildren(), List.copyOf(r.problems())));
        s.openProblems = List.copyOf(a.openProblems());
        return s;
    }

    /** Call on the FX thread once the session is shown: records the problems found at open. */
    public void start() {
        addProblems(openProblems);
        addProblems(root.problems());
    }

    public Archive archive() {
        return archive;
    }

    public Path path() {
        return archive.path();
    }

    /** Where the archive was opened from: its URL for a remote archive, its path otherwise. */
    public String address() {
        if (remoteAddress != null) return remoteAddress;
        return remote() != null ? remote().object().display() : archive.path().toString();
    }

    /** Whether the archive is read over the network (an S3 bundle too, whose source is no single RemoteSource). */
    public boolean isRemote() {
        return remoteAddress != null || remote() != null;
    }

    /**
     * The archive's name in its tab and the window's title: a local file's name, a remote
     * archive's shortened URL (two archives of one name on other hosts must look different).
     */
    public String title() {
        return isRemote()
                ? ShortAddress.of(address())
                : archive.path().getFileName().toString();
    }

    /** The remote source of a single-file archive read over the network, or null. */
    public dev.vitrine.core.remote.RemoteSource remote() {
        return archive.source() instanceof dev.vitrine.core.remote.RemoteSource r ? r : null;
    }

    public TreeEntry.NodeEntry root() {
        return root;
    }

    public HealthMap health() {
        return health;
    }

    public ObservableList<Problem> problems() {
        return problems;
    }

    public List<Problem> openProblems() {
        return openProblems;
    }

    /** Bumped whenever health changes, so views redraw badges. */
    public ReadOnlyIntegerProperty healthVersionProperty() {
        return healthVersion.getReadOnlyProperty();
    }

    /** What tells problems apart: the same finding reported by a node and by verify is one. */
    public static List<Object> identity(Problem p) {
        return List.of(p.severity(), p.ref(), p.offset(), p.message());
    }

    /** Adds problems not seen before (verify reports open problems again; nodes report their own). */
    public void addProblems(List<Problem> batch) {
        List<Problem> fresh = new java.util.ArrayList<>();
        for (Problem p : batch) if (seen.add(identity(p))) fresh.add(p);
        if (fresh.isEmpty()) return;
        for (Problem p : fresh) health.add(p);
        problems.addAll(fresh);
        healthVersion.set(healthVersion.get() + 1);
    }

    /** Nodes found to hold problems somewhere below them (see DamagePaths). */
    public void addSubtreeDamage(java.util.Map<dev.vitrine.app.ui.tree.NodeKey, dev.vitrine.core.model.Severity> keys) {
        health.addSubtrees(keys);
        healthVersion.set(healthVersion.get() + 1);
    }

    /** Before a new verify: forget earlier verify results, keep what opening found. */
    public void resetForVerify() {
        health.clear();
        seen.clear();
        problems.clear();
        addProblems(openProblems);
        addProblems(root.problems());
        healthVersion.set(healthVersion.get() + 1);
    }

    /** A verify finished without being cancelled. */
    public void markChecked() {
        health.markChecked();
        healthVersion.set(healthVersion.get() + 1);
    }

    /**
     * The work of kind {@code kind} started ahead for this archive, started by {@code start} when
     * none is: what a view reads first (a clp-s archive's first page of records) begins when the
     * archive opens, not when the view is made after the panes.
     */
    public <T> T ahead(Class<T> kind, java.util.function.Supplier<T> start) {
        return kind.cast(ahead.computeIfAbsent(kind, k -> start.get()));
    }

    @Override
    public void close() {
        archive.close();
    }
}
