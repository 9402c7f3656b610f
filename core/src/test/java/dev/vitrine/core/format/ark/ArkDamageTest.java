package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Damaged logs are reported with the file and offset, and never crash. */
class ArkDamageTest {
    @TempDir
    Path tmp;

    static List<Path> splits(Path root) throws IOException {
        try (Stream<Path> s = Files.list(root.resolve("splits"))) {
            return s.sorted().toList();
        }
    }

    static Path manifest(Path root) throws IOException {
        try (Stream<Path> s = Files.list(root.resolve("manifests"))) {
            return s.findFirst().orElseThrow();
        }
    }

    /** Opens, lists, cats, walks and verifies; returns open problems plus verify problems. */
    static List<Problem> exercise(Path root) throws IOException {
        return exercise(root, true);
    }

    static List<Problem> exercise(Path root, boolean walkTree) throws IOException {
        List<Problem> all = new ArrayList<>();
        ArkArchive opened;
        try {
            opened = ArkTestLogs.open(root);
        } catch (dev.vitrine.core.io.FormatException e) {
            return List.of(Problem.of(e)); // unreadable manifest (D24)
        }
        try (ArkArchive a = opened) {
            all.addAll(a.openProblems());
            a.info();
            a.channels();
            a.writeJsonLines(null, Long.MIN_VALUE, Long.MAX_VALUE, new ByteArrayOutputStream());
            if (walkTree) walk(a.root(), 0);
            all.addAll(ArkTestLogs.verify(a));
        }
        return all;
    }

    static void walk(Node n, int depth) throws IOException {
        n.fields();
        n.problems();
        n.decoded().ifPresent(d -> {
            try (var s = d.open()) {
                s.size();
            } catch (IOException e) {
                // damage: shown as the node's problem
            }
        });
        if (depth > 4) return;
        for (Node c : n.children(0, 40)) walk(c, depth + 1);
    }

    static List<Problem> errorsIn(List<Problem> ps, String file) {
        return ps.stream()
                .filter(p -> p.severity() == Severity.ERROR && p.ref().path().equals(file))
                .toList();
    }

    @Test
    void truncatedSplit() throws Exception {
        ArkTestLogs.writeSmall(tmp, 10);
        Path s = splits(tmp).getFirst();
        byte[] b = Files.readAllBytes(s);
        Files.write(s, java.util.Arrays.copyOf(b, b.length - 40));
        String ref = "splits/" + s.getFileName();
        List<Problem> ps = exercise(tmp);
        List<Problem> es = errorsIn(ps, ref);
        assertFalse(es.isEmpty(), ps.toString());
        assertTrue(es.stream().allMatch(p -> p.offset() >= 0), es.toString());
    }

    @Test
    void indexEntryPastTheEnd() throws Exception {
        ArkTestLogs.writeSmall(tmp, 10);
        Path s = splits(tmp).getFirst();
        byte[] b = Files.readAllBytes(s);
        ArkSplit parsed;
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            parsed = a.split(FileRef.of("splits/" + s.getFileName()));
        }
        int e = (int) parsed.indexOffset() + 2 * ArkSchemas.INDEX_ENTRY_SIZE; // third entry
        ArkWriter.putLe(b, e + 8, b.length + 100, 4);
        Files.write(s, b);
        List<Problem> ps = exercise(tmp);
        assertTrue(
                ps.stream()
                        .anyMatch(p -> p.ref().path().equals("splits/" + s.getFileName())
                                && p.offset() == b.length + 100
                                && p.message().contains("past the end")),
                ps.toString());
    }

    @Test
    void flippedByteInAPayloadFrame() throws Exception {
        ArkTestLogs.writeSmall(tmp, 10);
        for (Path s : splits(tmp)) {
            try (ArkArchive a = ArkTestLogs.open(tmp)) {
                ArkSplit sp = a.split(FileRef.of("splits/" + s.getFileName()));
                ArkLog.SplitDecl sd = a.primary().splits().stream()
                        .filter(d -> d.ref().equals(sp.ref()))
                        .findFirst()
                        .orElseThrow();
                if (sd.column().codec == ArkCodec.NONE) continue;
                ArkSplit.Entry e = sp.entry(1);
                byte[] b = Files.readAllBytes(s);
                b[(int) (e.offset() + e.size() / 2)] ^= 0x5a;
                Files.write(s, b);
                List<Problem> ps = exercise(tmp);
                assertTrue(
                        ps.stream().anyMatch(p -> p.ref().equals(sp.ref()) && p.offset() == e.offset()),
                        sd.column().codec + " " + ps);
                b[(int) (e.offset() + e.size() / 2)] ^= 0x5a;
                Files.write(s, b);
            }
        }
    }

    @Test
    void missingSplitIsAProblemAndTheRestStillShows() throws Exception {
        List<ArkTestLogs.Written> written = ArkTestLogs.writeSmall(tmp, 10);
        Path gone = splits(tmp).getFirst();
        Files.delete(gone);
        String guid = gone.getFileName().toString();
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            assertFalse(a.unreadable());
            assertTrue(a.openProblems().stream().anyMatch(p -> p.message().contains(guid)));
            List<Problem> v = ArkTestLogs.verify(a);
            assertTrue(
                    v.stream()
                            .anyMatch(p -> p.severity() == Severity.ERROR
                                    && p.message().contains(guid)
                                    && p.ref().path().startsWith("manifests/")),
                    v.toString());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            long n = a.writeJsonLines(null, Long.MIN_VALUE, Long.MAX_VALUE, out);
            assertTrue(n > 0 && n < written.size());
            assertFalse(a.files().contains(FileRef.of("splits/" + guid)));
        }
    }

    @Test
    void statisticsAndVersionMismatchesAreReported() throws Exception {
        ArkTestLogs.writeSmall(tmp, 10);
        Path s = splits(tmp).getFirst();
        byte[] b = Files.readAllBytes(s);
        b[1] = 2; // format_version
        Files.write(s, b);
        List<Problem> ps = exercise(tmp);
        assertTrue(ps.stream().anyMatch(p -> p.offset() == 1 && p.message().contains("format_version")), ps.toString());
    }

    @Test
    void damagedManifestIsUnreadableButDoesNotThrow() throws Exception {
        ArkTestLogs.writeSmall(tmp, 3);
        Path m = manifest(tmp);
        byte[] b = Files.readAllBytes(m);
        b[b.length - 1] ^= 1;
        Files.write(m, b);
        // D24: not a decodable serializable file: the log is unreadable (open fails with the file and offset)
        var e = org.junit.jupiter.api.Assertions.assertThrows(
                dev.vitrine.core.io.FormatException.class, () -> ArkTestLogs.open(tmp));
        assertEquals(b.length - 16, e.offset());
        assertTrue(e.getMessage().contains("manifests/"), e.getMessage());
    }

    @Test
    void entriesIntoTheHeaderOrOverlappingEachOtherAreReported() throws Exception {
        ArkTestLogs.writeSmall(tmp, 10);
        Path s = splits(tmp).getFirst();
        String ref = "splits/" + s.getFileName();
        ArkSplit.Entry e0;
        ArkSplit.Entry e1;
        long indexOffset;
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            ArkSplit sp = a.split(FileRef.of(ref));
            e0 = sp.entry(0);
            e1 = sp.entry(1);
            indexOffset = sp.indexOffset();
        }
        byte[] orig = Files.readAllBytes(s);
        byte[] b = orig.clone();
        ArkWriter.putLe(b, (int) e0.position() + 8, 10, 4); // D25: into the header
        Files.write(s, b);
        List<Problem> ps = exercise(tmp);
        assertTrue(
                ps.stream()
                        .anyMatch(p -> p.ref().path().equals(ref)
                                && p.offset() == 10
                                && p.message().contains("header")),
                ps.toString());
        b = orig.clone();
        ArkWriter.putLe(b, (int) e1.position() + 8, e0.offset(), 4); // two entries share bytes
        Files.write(s, b);
        ps = exercise(tmp);
        assertTrue(
                ps.stream()
                        .anyMatch(p -> p.ref().path().equals(ref) && p.message().contains("overlaps the one of entry")),
                ps.toString());
        b = orig.clone();
        ArkWriter.putLe(b, (int) e1.position() + 8, indexOffset, 4); // into the index
        Files.write(s, b);
        ps = exercise(tmp);
        assertTrue(
                ps.stream()
                        .anyMatch(p -> p.ref().path().equals(ref)
                                && p.offset() == indexOffset
                                && p.message().contains("index")),
                ps.toString());
        b = orig.clone();
        ArkWriter.putLe(b, (int) e1.position(), 0, 8); // time earlier than the entry before
        Files.write(s, b);
        ps = exercise(tmp);
        assertTrue(
                ps.stream()
                        .anyMatch(p -> p.ref().path().equals(ref)
                                && p.offset() == e1.position()
                                && p.message().contains("not sorted")),
                ps.toString());
    }

    @Test
    void aRootWithSeveralManifestsShowsEach() throws Exception {
        ArkTestLogs.writeSmall(tmp, 4);
        ArkWriter.amend(tmp, tmp, "snippet", new ArkQuery(0, Long.MAX_VALUE, List.of("/config")));
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            assertEquals(2, a.logs().size());
            assertEquals(2, a.info().get("manifests").size());
            assertEquals(
                    2,
                    a.root().children(0, 10).stream()
                            .filter(n -> n.kind().equals("manifest"))
                            .count());
            assertEquals(List.of(), ArkTestLogs.verify(a));
            assertEquals(
                    2,
                    a.files().stream()
                            .filter(f -> f.path().startsWith("manifests/"))
                            .count());
        }
    }
}
