package dev.vitrine.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.model.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The contract every format in {@link FormatRegistry} keeps, written once and run on the small
 * fixtures its test package lists ({@link ContractFixtures}); a registered format without
 * fixtures fails it. For each fixture:
 * <ul>
 * <li>intact, it opens, reads (info, every listed file, record and message, a walk of the tree
 *     with its tables and decoded bytes) and verifies clean; a fixture broken as it comes is reported;
 * <li>opened from disk through the registry (detected as its own format), read and verified,
 *     its files keep their bytes, names and modification times;
 * <li>the byte at every offset flipped, and the file cut at every offset (a dense sample of
 *     {@link ContractFixture#sample()} offsets in a larger file, its first and last bytes always): each change is survived (no
 *     exception, no stack trace, no hang; every problem placed inside its file) and reported
 *     wherever the format can see it ({@link ContractFixture#covered}, {@link ContractFixture#cutsReported});
 * <li>the format's own extra changes ({@link ContractFixture#extraSweeps}).
 * </ul>
 * and for each format, on its first fixture: every fuzz seed ({@link FormatFuzzTest}'s corpus,
 * every format's, as hostile input to each) and {@value #RANDOM_INPUTS} random byte strings.
 */
class FormatContractTest {
    /** Random inputs for fixtures read from memory; a folder fixture writes each to disk, so fewer. */
    static final int RANDOM_INPUTS = 2000;

    static final int RANDOM_INPUTS_ON_DISK = 200;
    /** A change that takes this long is a hang, not a slow read. */
    static final Duration HANG = Duration.ofMinutes(3);

    /** Every format's fixtures, by format id. */
    static Map<String, List<ContractFixture>> fixtures() throws Exception {
        Map<String, List<ContractFixture>> out = new TreeMap<>();
        for (ContractFixtures f : ServiceLoader.load(ContractFixtures.class)) {
            for (ContractFixture x : f.fixtures())
                out.computeIfAbsent(x.formatId(), k -> new ArrayList<>()).add(x);
        }
        return out;
    }

    @TestFactory
    Stream<DynamicNode> everyRegisteredFormatKeepsTheContract() throws Exception {
        Map<String, List<ContractFixture>> all = fixtures();
        List<DynamicNode> out = new ArrayList<>();
        for (ArchiveFormat format : FormatRegistry.get().formats()) {
            List<ContractFixture> fs = all.getOrDefault(format.id(), List.of());
            List<DynamicNode> nodes = new ArrayList<>();
            nodes.add(dynamicTest(
                    "lists its contract fixtures",
                    () -> assertFalse(
                            fs.isEmpty(),
                            format.id() + " lists no contract fixtures: add a ContractFixtures to its test"
                                    + " package and register it in META-INF/services")));
            for (ContractFixture f : fs) nodes.add(dynamicContainer(f.name(), fixtureTests(f)));
            if (!fs.isEmpty()) {
                nodes.add(dynamicTest("fuzz seeds", () -> seeds(fs.getFirst())));
                nodes.add(dynamicTest("random bytes", () -> sweep(fs.getFirst(), randomBytes(fs.getFirst()))));
            }
            out.add(dynamicContainer(format.id(), nodes));
        }
        return out.stream();
    }

    private static Stream<DynamicNode> fixtureTests(ContractFixture f) throws Exception {
        List<DynamicNode> tests = new ArrayList<>();
        tests.add(dynamicTest(
                f.intact() ? "intact: opens, reads and verifies clean" : "broken as it comes: reported", () -> {
                    List<Problem> ps = Exerciser.exercise(f, f.original(), true);
                    if (f.intact()) assertEquals(List.of(), ps, f.name() + " is intact");
                    else assertFalse(ps.isEmpty(), f.name() + " is broken");
                }));
        tests.add(dynamicTest("bytes unchanged after open, read and verify", () -> unchanged(f)));
        List<Sweep> sweeps = new ArrayList<>(everyOffset(f));
        sweeps.addAll(f.extraSweeps());
        for (Sweep s : sweeps) {
            if (s.changes().isEmpty()) continue;
            tests.add(dynamicTest(s.name() + " (" + s.changes().size() + ")", () -> sweep(f, s)));
        }
        return tests.stream();
    }

    /** The offsets the contract changes: all of a small file, a dense sample of a larger one. */
    static int[] offsets(int length, int sample) {
        if (length <= sample) return Sweep.range(0, length);
        int ends = Math.max(16, sample / 16); // headers and footers live at the ends
        int step = (length + sample - 1) / sample;
        return Sweep.concat(
                Sweep.range(0, ends), Sweep.every(ends, length - ends, step), Sweep.range(length - ends, length));
    }

    /** Every offset flipped (xor 0xff), reported where covered; every cut, reported unless the format cannot see it. */
    static List<Sweep> everyOffset(ContractFixture f) {
        byte[] g = f.original();
        int[] at = offsets(g.length, f.sample());
        int[] covered = Arrays.stream(at).filter(f::covered).toArray();
        int[] other = Arrays.stream(at).filter(i -> !f.covered(i)).toArray();
        List<Sweep> out = new ArrayList<>();
        String where = at.length == g.length ? "every " : "sampled ";
        out.add(Sweep.bytes(where + "covered offset flipped (xor 0xff), reported", g, covered, Sweep.xor(0xff)));
        out.add(Sweep.bytes(where + "uncovered offset flipped (xor 0xff), survived", g, other, Sweep.xor(0xff))
                .safe());
        Sweep cuts = Sweep.cuts(where + "cut, " + (f.cutsReported() ? "reported" : "survived"), g, at);
        out.add(f.cutsReported() ? cuts : cuts.safe());
        return out;
    }

    /** Opened from disk through the registry, read and verified: the same bytes, names and times after. */
    private static void unchanged(ContractFixture f) throws Exception {
        Path dir = Files.createTempDirectory("vitrine-contract");
        try {
            Path p = f.materialize(dir);
            Map<String, String> before = snapshot(dir);
            assertEquals(
                    f.formatId(),
                    FormatRegistry.get().detect(p).map(ArchiveFormat::id).orElse("none"),
                    "detected as its own format");
            Exerciser.exercise(
                    () -> FormatRegistry.get().open(p, f.limits()), f.original().length, f.strictOffsets(), true);
            assertEquals(before, snapshot(dir), "the archive's files are unchanged");
        } finally {
            dev.vitrine.core.testing.TempTrees.delete(dir);
        }
    }

    private static void sweep(ContractFixture f, Sweep s) {
        assertTimeoutPreemptively(HANG, () -> runSweep(f, s), () -> f.name() + ", " + s.name() + ": a change hangs");
    }

    private static void runSweep(ContractFixture f, Sweep s) {
        Queue<String> missed = new ConcurrentLinkedQueue<>();
        Queue<Throwable> failed = new ConcurrentLinkedQueue<>();
        AtomicInteger reported = new AtomicInteger();
        IntStream idx = IntStream.range(0, s.changes().size());
        if (f.parallel()) idx = idx.parallel();
        idx.forEach(i -> {
            Sweep.Change c = s.changes().get(i);
            try {
                boolean thorough = i % f.thoroughEvery() == 0;
                List<Problem> ps = Exerciser.exercise(f, c.bytes(), thorough);
                if (ps.stream().anyMatch(p -> p.severity().compareTo(f.reportedAs()) >= 0)) {
                    reported.incrementAndGet();
                } else if (s.expect() == Sweep.Expect.REPORTED) {
                    missed.add(c.what());
                } else {
                    s.unreported().check(c);
                }
            } catch (Throwable t) {
                failed.add(new AssertionError(c.what() + ": " + t.getMessage(), t));
            }
        });
        if (!failed.isEmpty()) {
            List<String> some = failed.stream()
                    .map(Throwable::getMessage)
                    .sorted()
                    .limit(10)
                    .toList();
            throw new AssertionError(failed.size() + " changes broke the contract, e.g. " + some, failed.peek());
        }
        assertTrue(
                missed.isEmpty(),
                () -> missed.size() + " of " + s.changes().size() + " changes went unreported, e.g. "
                        + missed.stream().sorted().limit(20).toList());
        if (s.minReported() > 0) {
            assertTrue(
                    reported.get() > s.minReported() * s.changes().size(),
                    "reported " + reported.get() + " of " + s.changes().size() + ", want more than " + s.minReported());
        }
    }

    /** Every format's fuzz seeds as the fixture's file: each survived. */
    static void seeds(ContractFixture f) throws Exception {
        List<Path> seeds = FormatFuzzTest.seeds();
        assertFalse(seeds.isEmpty(), "no fuzz seeds found");
        List<Sweep.Change> cs = new ArrayList<>();
        for (Path p : seeds) cs.add(new Sweep.Change("seed " + p.getFileName(), Files.readAllBytes(p)));
        sweep(f, Sweep.of("fuzz seeds", cs).safe());
    }

    /** Random bytes, half of them behind the fixture's own first eight bytes (its magic, if any). */
    private static Sweep randomBytes(ContractFixture f) {
        Random rnd = new Random(42);
        byte[] head = Arrays.copyOf(f.original(), Math.min(8, f.original().length));
        List<Sweep.Change> inputs = new ArrayList<>();
        for (int i = 0; i < (f instanceof FolderFixture ? RANDOM_INPUTS_ON_DISK : RANDOM_INPUTS); i++) {
            byte[] a = new byte[rnd.nextInt(300)];
            rnd.nextBytes(a);
            if (i % 2 == 0 && a.length >= head.length) System.arraycopy(head, 0, a, 0, head.length);
            inputs.add(new Sweep.Change(a.length + " random bytes #" + i, a));
        }
        return Sweep.of("random bytes", inputs).safe();
    }

    /** SHA-256 and modification time of every file under {@code dir}, by relative name; folders as names alone. */
    static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                String rel = dir.relativize(p).toString();
                out.put(rel, Files.isRegularFile(p) ? sha256(p) + " " + Files.getLastModifiedTime(p) : "/");
            }
        }
        return out;
    }

    private static String sha256(Path p) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
