package dev.vitrine.app.ui.health;

import dev.vitrine.app.ui.tree.NodeKey;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What is known of an archive's integrity, by byte position: a node is damaged when an error
 * falls inside its range (so every enclosing node is marked too), has a warning when a warning
 * does, and is ok once a full verify has finished without finding anything in it. Problems
 * about the file as a whole (offset -1) mark only the archive itself. No toolkit; one thread.
 */
public final class HealthMap {
    /** Worst severity per offset, per file of the archive. */
    private final Map<FileRef, TreeMap<Long, Severity>> byFile = new HashMap<>();
    /** Nodes whose subtree holds a problem, found by {@link DamagePaths}. */
    private final Map<NodeKey, Severity> subtrees = new HashMap<>();

    private Severity wholeFile;
    private Severity worst;
    private boolean checked;

    public HealthMap() {}

    /** A copy to read on another thread while this one keeps changing on the FX thread. */
    public HealthMap copy() {
        HealthMap c = new HealthMap();
        byFile.forEach((f, m) -> c.byFile.put(f, new TreeMap<>(m)));
        c.subtrees.putAll(subtrees);
        c.wholeFile = wholeFile;
        c.worst = worst;
        c.checked = checked;
        return c;
    }

    public void add(Problem p) {
        if (p.severity() == Severity.INFO) return;
        worst = worse(worst, p.severity());
        if (p.offset() < 0) {
            wholeFile = worse(wholeFile, p.severity());
            return;
        }
        byFile.computeIfAbsent(p.ref(), f -> new TreeMap<>()).merge(p.offset(), p.severity(), HealthMap::worse);
    }

    /** A full verify finished (not cancelled): everything without a problem is ok. */
    public void markChecked() {
        checked = true;
    }

    /** Forget verify results (a new verify starts); problems found at open are re-added by the caller. */
    public void clear() {
        byFile.clear();
        subtrees.clear();
        wholeFile = null;
        worst = null;
        checked = false;
    }

    public boolean checked() {
        return checked;
    }

    /** Health of the bytes in {@code range}; {@link Health#UNCHECKED} for a logical node before verify. */
    public Health of(ByteRange range) {
        Severity s = null;
        if (range != null && !range.isNone()) {
            TreeMap<Long, Severity> m = byFile.get(range.file());
            if (m != null) {
                // An empty range still owns the byte it starts at (e.g. a zero-length marker).
                long end = Math.max(range.end(), range.offset() + 1);
                for (Severity v : m.subMap(range.offset(), true, end, false).values()) {
                    s = worse(s, v);
                    if (s == Severity.ERROR) break;
                }
            }
        }
        return toHealth(s);
    }

    /** Records nodes on the way to problems (keys from {@link DamagePaths}). */
    public void addSubtrees(Map<NodeKey, Severity> keys) {
        keys.forEach((k, s) -> subtrees.merge(k, s, HealthMap::worse));
    }

    /** DAMAGED or WARNING when a problem lies somewhere under {@code node}, else UNCHECKED (says nothing). */
    public Health ofSubtree(NodeKey node) {
        Severity s = subtrees.get(node);
        return s == null ? Health.UNCHECKED : toHealth(s);
    }

    /** Health of the archive as a whole: its worst problem anywhere. */
    public Health overall() {
        return toHealth(worst);
    }

    /** Health of problems a node reported about itself while being read. */
    public Health of(Iterable<Problem> own) {
        Severity s = null;
        for (Problem p : own) if (p.severity() != Severity.INFO) s = worse(s, p.severity());
        return s == null ? Health.UNCHECKED : toHealth(s);
    }

    /** Whether any problem concerns the whole file rather than a position in it. */
    public boolean hasWholeFileProblem() {
        return wholeFile != null;
    }

    private Health toHealth(Severity s) {
        if (s == Severity.ERROR) return Health.DAMAGED;
        if (s == Severity.WARNING) return Health.WARNING;
        return checked ? Health.OK : Health.UNCHECKED;
    }

    /** The worse of two severities; null counts as none. */
    static Severity worse(Severity a, Severity b) {
        if (a == null) return b;
        if (b == null) return a;
        return a.compareTo(b) >= 0 ? a : b;
    }

    @Override
    public String toString() {
        return "HealthMap" + byFile + (checked ? " checked" : "")
                + (wholeFile != null ? " whole-file " + wholeFile : "");
    }
}
