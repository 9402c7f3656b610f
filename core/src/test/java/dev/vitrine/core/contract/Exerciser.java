package dev.vitrine.core.contract;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.JsonRecords;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.RowTable;
import dev.vitrine.core.model.SortedRecords;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.verify.VerifyListener;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a user can do with an archive, through the format-neutral API only: open, info,
 * each capability's listing and reads (what cat, ls and export read), a bounded walk of the
 * tree with its tables and decoded bytes, and verify. Anything that is not damage placed inside
 * a file of the archive is a contract failure: another exception, a problem or exception offset
 * outside its file, a verify "internal error", or damage a read met that verify then did not
 * report (silent). Returns what was reported (open problems, verify, damage met).
 */
final class Exerciser {
    /** Opens the archive to exercise. */
    interface Opener {
        Archive open() throws IOException;
    }

    private final Opener opener;
    private final long memberSize;
    private Archive archive;
    /** Damage the reads met (what cat or the window would show as an error line). */
    private final List<FormatException> readDamage = new ArrayList<>();

    private final boolean strict;

    private Exerciser(Opener opener, long memberSize, boolean strict) {
        this.opener = opener;
        this.memberSize = memberSize;
        this.strict = strict;
    }

    static List<Problem> exercise(ContractFixture fixture, byte[] member, boolean thorough) {
        return exercise(() -> fixture.open(member, fixture.limits()), member.length, fixture.strictOffsets(), thorough);
    }

    /**
     * @param memberSize the size of the changed file, for problems placed before the archive opened
     * @param strict every problem points at a byte inside its file (see {@link ContractFixture#strictOffsets()})
     */
    static List<Problem> exercise(Opener opener, long memberSize, boolean strict, boolean thorough) {
        return new Exerciser(opener, memberSize, strict).run(thorough);
    }

    private List<Problem> run(boolean thorough) {
        List<Problem> found = new ArrayList<>();
        try {
            archive = opener.open();
        } catch (FormatException e) {
            checkOffset(e.ref(), e.offset(), "open threw " + e);
            return List.of(Problem.of(e)); // nothing can be shown: still damage, with its place
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw new AssertionError("open threw " + e, e);
        }
        try (Archive a = archive) {
            read(a::info);
            read(a::infoJson);
            read(() -> cat(a, thorough));
            if (thorough) read(() -> walk(a.root(), 0));
            VerifyEngine.run(a, new VerifyListener() {
                @Override
                public void problem(Problem p) {
                    found.add(p);
                }
            });
            found.addAll(a.damageMet());
        }
        if (found.isEmpty() && !readDamage.isEmpty())
            throw new AssertionError("a read met damage, verify reported nothing: " + readDamage.getFirst());
        for (Problem p : found) {
            if (p.message().startsWith("internal error")) throw new AssertionError("verify crashed: " + p);
            checkOffset(p.ref(), p.offset(), "problem " + p);
        }
        return found;
    }

    /** What `vitrine cat`, `ls` and `export` read: every listed file's bytes, every record, every message. */
    private void cat(Archive a, boolean thorough) throws IOException {
        if (a.capability(FileListing.class).orElse(null) instanceof FileListing l) {
            List<FileListing.Entry> es = l.entries();
            for (FileListing.Entry e : es.subList(0, Math.min(es.size(), 200))) {
                read(() -> {
                    try (InputStream in = l.content(e).open()) {
                        in.transferTo(OutputStream.nullOutputStream());
                    }
                });
            }
        }
        if (a.capability(SortedRecords.class).orElse(null) instanceof SortedRecords s) {
            read(() -> s.scan(null, null, null, (b, o, n) -> true));
            if (thorough) {
                read(() -> s.scan(new byte[] {'b'}, new byte[] {'m'}, null, (b, o, n) -> true));
                read(() -> s.scan(null, null, new byte[] {(byte) 0xff}, (b, o, n) -> true));
            }
        }
        if (a.capability(JsonRecords.class).orElse(null) instanceof JsonRecords r) {
            read(r::recordCount);
            read(() -> r.writeJsonLines(null, OutputStream.nullOutputStream()));
        }
        if (a.capability(TimedMessages.class).orElse(null) instanceof TimedMessages t) {
            read(t::channels);
            read(() -> t.writeJsonLines(null, Long.MIN_VALUE, Long.MAX_VALUE, OutputStream.nullOutputStream()));
        }
    }

    /** Touches every node down to a bounded depth and breadth: fields, bytes, decoded bytes, tables. */
    private void walk(Node n, int depth) throws IOException {
        n.name();
        n.kind();
        n.range();
        n.fields();
        n.problems();
        if (n.content().isPresent())
            read(() -> {
                try (InputStream in = n.content().get().open()) {
                    in.readNBytes(64);
                }
            });
        if (n.decoded().isPresent())
            read(() -> {
                try (var s = n.decoded().get().open()) {
                    s.size();
                }
            });
        if (n.table().isPresent())
            read(() -> {
                RowTable t = n.table().get();
                t.rowCount();
                t.rows(0, 50);
                t.rows(3, 5);
                t.problems();
            });
        // Bounded as the old sweeps were: the first children and the last two, eight levels down.
        if (depth > 8 || !n.hasChildren()) return;
        long count = n.childCount();
        List<Node> kids = new ArrayList<>(n.children(0, 8));
        if (count > 8) kids.addAll(n.children(Math.max(8, count - 2), 2));
        for (Node c : kids) read(() -> walk(c, depth + 1));
        read(() -> n.childCovering(ByteRange.Position.of(Math.max(0, n.range().offset()))));
    }

    private interface Read {
        void run() throws IOException;
    }

    /** A read either works or fails with damage placed inside a file of the archive. */
    private void read(Read r) {
        try {
            r.run();
        } catch (FormatException e) {
            checkOffset(e.ref(), e.offset(), "read threw " + e);
            readDamage.add(e);
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw new AssertionError("read threw " + e, e);
        }
    }

    private interface Value {
        Object get() throws IOException;
    }

    private void read(Value v) {
        read(() -> {
            v.get();
        });
    }

    /** Inside its file: a badge and a hex frame need a byte to point at (offset 0 of an empty file). */
    private void checkOffset(FileRef ref, long offset, String what) {
        long size = sizeOf(ref);
        if (!strict && (offset == -1 || offset == size)) return;
        if (offset < 0 || offset >= Math.max(1, size)) {
            throw new AssertionError(what + ": offset " + offset + " is outside the " + size + "-byte file " + ref);
        }
    }

    private long sizeOf(FileRef ref) {
        if (archive == null || ref == null) return memberSize;
        try {
            return archive.source(ref).size();
        } catch (IOException | RuntimeException e) {
            return Long.MAX_VALUE; // a file that is missing: the problem says so, its offset cannot be checked
        }
    }
}
