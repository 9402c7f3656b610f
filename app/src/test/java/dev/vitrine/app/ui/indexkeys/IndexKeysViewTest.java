package dev.vitrine.app.ui.indexkeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.table.LazyRow;
import dev.vitrine.app.ui.testing.WindowTest;
import dev.vitrine.core.format.ArchiveWriter;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javafx.scene.control.Tab;
import org.junit.jupiter.api.Test;

/** The Index keys tab of a bundle we wrote: its keys in order, the prefix filter, a chosen key decoded and found in the tree. */
class IndexKeysViewTest extends WindowTest {

    /** a.txt, docs/readme.md, docs/notes/n1.txt and 300 KB of random bytes in z.bin, in 64 KiB records. */
    Path bundle() throws Exception {
        Path in = temp.resolve("in");
        Files.createDirectories(in.resolve("docs/notes"));
        Files.writeString(in.resolve("a.txt"), "alpha\n");
        Files.writeString(in.resolve("docs/readme.md"), "# read me\n".repeat(100));
        Files.writeString(in.resolve("docs/notes/n1.txt"), "note one\n");
        byte[] z = new byte[300_000];
        new Random(7).nextBytes(z);
        Files.write(in.resolve("z.bin"), z);
        Path out = temp.resolve("keys.bundle");
        ArchiveWriter w = FormatRegistry.get().formats().stream()
                .flatMap(f -> f.writer().stream())
                .filter(x -> x.name().equals("bundle"))
                .findFirst()
                .orElseThrow();
        w.write(
                Map.of("--record-size", "64K"),
                List.of(in.toString(), out.toString()),
                null,
                new PrintWriter(new StringWriter()));
        return out;
    }

    IndexKeysView view(ArchiveView v) throws Exception {
        assertTrue(fx(() -> v.details().select("tab-" + IndexKeysTab.ID)), "a bundle has an Index keys tab");
        Tab tab = fx(() -> v.details().tabs().getTabs().stream()
                .filter(t -> ("tab-" + IndexKeysTab.ID).equals(t.getId()))
                .findFirst()
                .orElseThrow());
        waitUntil("the index keys view", () -> tab.getContent() instanceof IndexKeysView);
        IndexKeysView k = (IndexKeysView) fx(tab::getContent);
        waitUntil("keys counted", k::counted);
        return k;
    }

    static List<String> shownKeys(IndexKeysView k) throws Exception {
        return fx(() -> k.grid().shownRows().stream().map(r -> r.cell(0)).toList());
    }

    /** Every key, scrolling the table a screen at a time as a user would. */
    List<String> allKeys(IndexKeysView k) throws Exception {
        long total = fx(() -> k.grid().viewport().total());
        List<String> out = new ArrayList<>();
        while (out.size() < total) {
            long top = out.size();
            fx(() -> {
                k.grid().scrollToRow(top);
                return null;
            });
            waitForRows(k);
            for (LazyRow r : fx(() -> k.grid().shownRows())) if (r.index() == out.size()) out.add(r.cell(0));
            if (out.size() == top) throw new AssertionError("no rows from " + top);
        }
        return out;
    }

    void waitForRows(IndexKeysView k) throws Exception {
        waitUntil(
                "rows read",
                () -> !k.grid().shownRows().isEmpty()
                        && k.grid().shownRows().stream().allMatch(LazyRow::isLoaded));
    }

    @Test
    void keysOfAWrittenBundleAppearInBytewiseOrderAndThePrefixNarrowsThem() throws Exception {
        ArchiveView v = open(bundle());
        IndexKeysView k = view(v);
        List<String> keys = allKeys(k);
        // The contract's keys for what we packed: the config, one FILE_METADATA key per file and folder, then the
        // records.
        List<String> files = new ArrayList<>(List.of(
                "FILE_METADATA # / # a.txt",
                "FILE_METADATA # / # docs",
                "FILE_METADATA # docs/ # notes",
                "FILE_METADATA # docs/ # readme.md",
                "FILE_METADATA # docs/notes/ # n1.txt",
                "FILE_METADATA # / # z.bin"));
        files.sort((x, y) ->
                Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8), y.getBytes(StandardCharsets.UTF_8)));
        assertEquals("BUNDLE_CONFIG #", keys.getFirst());
        assertEquals(files, keys.subList(1, 1 + files.size()));
        List<String> records = keys.subList(1 + files.size(), keys.size());
        // 300 KB of random bytes plus the small files: at least five 64 KiB records, keyed by shard and stream offset.
        assertTrue(records.size() >= 5, records.toString());
        assertEquals("SHARD_METADATA # 00000000000000000000 # 00000000000000000000", records.getFirst());
        for (int i = 1; i < records.size(); i++)
            assertTrue(records.get(i - 1).compareTo(records.get(i)) < 0, records.toString());
        assertEquals(keys.size() + " keys", fx(k::countText));
        assertEquals(
                "SHARD_METADATA",
                fx(() -> k.grid().shownRows().getLast().cell(1)),
                "the kind column names what the last key holds");

        fx(() -> {
            k.filter().setText("FILE_METADATA # docs/");
            k.filter().fireEvent(new javafx.event.ActionEvent());
            return null;
        });
        waitUntil("the filter counted", () -> k.counted() && k.countText().equals("3 keys"));
        waitForRows(k);
        assertEquals(
                List.of(
                        "FILE_METADATA # docs/ # notes",
                        "FILE_METADATA # docs/ # readme.md",
                        "FILE_METADATA # docs/notes/ # n1.txt"),
                shownKeys(k));

        fx(() -> {
            k.filter().setText("NO_SUCH_KEY");
            k.filter().fireEvent(new javafx.event.ActionEvent());
            return null;
        });
        waitUntil("nothing matches", () -> k.counted() && k.countText().equals("0 keys"));
        assertEquals(List.of(), shownKeys(k));
    }

    @Test
    void choosingAKeyShowsItsValueDecodedAndSelectsItsNodeInTheTree() throws Exception {
        ArchiveView v = open(bundle());
        IndexKeysView k = view(v);
        fx(() -> {
            k.filter().setText("FILE_METADATA # docs/ # readme");
            k.filter().fireEvent(new javafx.event.ActionEvent());
            return null;
        });
        waitUntil("one key", () -> k.counted() && k.countText().equals("1 key"));
        waitForRows(k);
        fx(() -> {
            k.grid().jumpTo(0);
            return null;
        });
        waitUntil("its fields", () -> !k.fields().getItems().isEmpty());
        List<Field> fields =
                fx(() -> k.fields().getItems().stream().map(i -> i.field()).toList());
        assertEquals("REGULAR", value(fields, "type"));
        assertEquals(String.valueOf("# read me\n".length() * 100), value(fields, "uncompressed_size"));
        assertEquals("readme.md", value(fields, "name"));
        waitUntil(
                "the tree follows",
                () -> v.tree().selectedProperty().get() != null
                        && v.tree().selectedProperty().get().name().equals("readme.md"));
        Node n = fx(() -> v.tree().selectedProperty().get());
        assertEquals("file", n.kind());

        fx(() -> {
            k.filter().setText("SHARD_METADATA # 00000000000000000000 # 00000000000000065536");
            k.filter().fireEvent(new javafx.event.ActionEvent());
            return null;
        });
        waitUntil("the second record's key", () -> k.counted() && k.countText().equals("1 key"));
        waitForRows(k);
        fx(() -> {
            k.grid().jumpTo(0);
            return null;
        });
        waitUntil(
                "the tree selects the record",
                () -> v.tree().selectedProperty().get() != null
                        && v.tree().selectedProperty().get().kind().equals("record"));
        assertTrue(fx(() -> v.tree().selectedProperty().get().name()).contains("[65536, +65536)"));
        assertEquals(
                "65536",
                value(
                        fx(() -> k.fields().getItems().stream()
                                .map(i -> i.field())
                                .toList()),
                        "shard_uncompressed_offset"));
    }

    static String value(List<Field> fields, String name) {
        return fields.stream()
                .filter(f -> f.name().equals(name))
                .map(Field::value)
                .findFirst()
                .orElse("(no field " + name + " in " + fields + ")");
    }
}
