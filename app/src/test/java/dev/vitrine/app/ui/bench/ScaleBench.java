package dev.vitrine.app.ui.bench;

import dev.vitrine.app.ui.ArchiveSession;
import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.MainWindow;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.files.CafChunk;
import dev.vitrine.app.ui.files.FileHealth;
import dev.vitrine.app.ui.files.FileRow;
import dev.vitrine.app.ui.files.FilesModel;
import dev.vitrine.app.ui.files.FilesTab;
import dev.vitrine.app.ui.files.FilesView;
import dev.vitrine.app.ui.health.HealthMap;
import dev.vitrine.app.ui.settings.SettingsStore;
import dev.vitrine.app.ui.testing.SyntheticArchive;
import dev.vitrine.app.ui.tree.NodeTreeItem;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

/**
 * Scale benchmark (not a test): the timings the scale tests used to assert, now only printed
 * (tests check what happens, figures go into the issue notes). Run by {@code bench/scale.sh}.
 * <ol>
 * <li>a CAF of 100,000 one-byte files indexed in shuffled key order: open and list, verify
 * (CafLargeIndexTest);
 * <li>the file table's model over those files: load, health, sort, filter (FilesModelTest);
 * <li>the window: six jumps across the 100,000-row files table (FilesPreviewAndScaleTest);
 * <li>the window: how long expanding a tree node whose children take 1.5 s holds the FX
 * thread (AnyFormatTest).
 * </ol>
 * Each in-process figure is taken {@code ROUNDS} times: the first includes class loading and
 * the JIT's warm-up.
 */
public final class ScaleBench {
    static final int N = 100_000;
    static final int ROUNDS = Integer.getInteger("bench.rounds", 3);

    public static void main(String[] args) throws Exception {
        if (System.getProperty("glass.platform") == null) System.setProperty("glass.platform", "Headless");
        if (System.getProperty("prism.order") == null) System.setProperty("prism.order", "sw");
        Path dir = Files.createTempDirectory("vitrine-scale-bench");
        dir.toFile().deleteOnExit();
        Path caf = shuffledCaf(dir.resolve("many.caf"));
        caf.toFile().deleteOnExit(); // before the folder: files registered later are deleted first
        System.out.printf(Locale.US, "CAF of %,d files in shuffled key order: %,d bytes%n", N, Files.size(caf));
        for (int r = 1; r <= ROUNDS; r++) {
            long t0 = System.nanoTime();
            try (Archive a = CafChunk.open(caf)) {
                int listed =
                        a.capability(FileListing.class).orElseThrow().entries().size();
                long t1 = System.nanoTime();
                long problems = VerifyEngine.run(a, p -> {}).errors();
                System.out.printf(
                        Locale.US,
                        "  round %d: open and list %,d entries %6.0f ms, verify %6.0f ms (%d errors)%n",
                        r,
                        listed,
                        ms(t0, t1),
                        ms(t1, System.nanoTime()),
                        problems);
            }
        }
        System.out.println("files table model, 100,000 rows: load, health, sort and filter");
        try (Archive a = CafChunk.open(caf)) {
            FileListing listing = a.capability(FileListing.class).orElseThrow();
            for (int r = 1; r <= ROUNDS; r++) {
                long t0 = System.nanoTime();
                FilesModel m = FilesModel.load(listing, () -> false);
                HealthMap map = new HealthMap();
                Problem bad = Problem.error("many.caf", 12_345, "bad byte");
                map.add(bad);
                FileHealth.refresh(m.rows(), map, new FileHealth.Problems(List.of(bad)));
                List<FileRow> sorted = new ArrayList<>(m.rows());
                sorted.sort(Comparator.comparing(FileRow::health).reversed().thenComparing(FileRow::name));
                long kept = m.rows().stream()
                        .filter(row -> FilesModel.keeps(row, "file-0999"))
                        .count();
                System.out.printf(
                        Locale.US,
                        "  round %d: %6.0f ms (%,d rows, %d kept by the filter)%n",
                        r,
                        ms(t0, System.nanoTime()),
                        m.size(),
                        kept);
            }
        }
        window(caf);
    }

    private static void window(Path caf) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        Background background = Background.create();
        MainWindow[] w = new MainWindow[1];
        FxStallBench.fx(() -> {
            w[0] = new MainWindow(new Stage(), SettingsStore.none(), background, false, 1360, 860);
            w[0].show();
        });
        System.out.println("window, files table of 100,000 rows: six jumps (scrollTo and layout)");
        ArchiveView v = FxStallBench.openAndWait(w[0], caf, null);
        FilesView f = FxStallBench.get(() -> FilesTab.of(v.details()));
        f.loaded().get(120, TimeUnit.SECONDS);
        FxStallBench.settle(w[0]);
        TableView<FileRow> t = f.table();
        for (int r = 1; r <= ROUNDS; r++) {
            long t0 = System.nanoTime();
            for (int at : new int[] {25_000, 50_000, 75_000, 99_999, 0, 99_999}) {
                FxStallBench.fx(() -> {
                    t.scrollTo(at);
                    t.layout();
                });
            }
            System.out.printf(Locale.US, "  round %d: %6.0f ms%n", r, ms(t0, System.nanoTime()));
        }
        FxStallBench.closeAll(w[0]);

        System.out.println("window, tree: FX thread held by expanding a node whose children take 1.5 s");
        for (int r = 1; r <= ROUNDS; r++) {
            ArchiveSession s = ArchiveSession.of(new SyntheticArchive(1500));
            FxStallBench.fx(() -> w[0].show(s));
            FxStallBench.settle(w[0]);
            ArchiveView sv = FxStallBench.get(w[0]::current);
            NodeTreeItem slow = FxStallBench.get(
                    () -> (NodeTreeItem) sv.tree().rootItem().getChildren().get(1));
            long held = FxStallBench.get(() -> {
                long t0 = System.nanoTime();
                slow.setExpanded(true);
                return System.nanoTime() - t0;
            });
            long t0 = System.nanoTime();
            FxStallBench.await(slow::isLoaded, 60);
            System.out.printf(
                    Locale.US,
                    "  round %d: expanding held the FX thread %.1f ms; children shown %.0f ms later%n",
                    r,
                    held / 1e6,
                    ms(t0, System.nanoTime()));
            FxStallBench.closeAll(w[0]);
        }
        background.shutdown();
        Platform.exit();
        System.exit(0);
    }

    /** One-byte files whose index lists them in a shuffled order, as Go's sorted keys would. */
    static Path shuffledCaf(Path file) throws Exception {
        CafChunk c = new CafChunk().data(new byte[N]);
        for (int k = 0; k < N; k++) {
            int i = (int) ((k * 7919L) % N);
            c.entry(String.format(Locale.ROOT, "dir%d/file-%06d.bin", i % 100, i), i, i + 1);
        }
        return c.write(file);
    }

    private static double ms(long from, long to) {
        return (to - from) / 1e6;
    }
}
