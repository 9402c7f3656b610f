package dev.vitrine.app.ui;

import dev.vitrine.app.ui.files.FileHealth;
import dev.vitrine.app.ui.hex.HexMark;
import dev.vitrine.app.ui.hex.HexPalette;
import dev.vitrine.app.ui.tree.NodeKey;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Problem;
import java.util.List;

/**
 * Work done on a spare core while the toolkit starts, so the window's first frames do not do
 * it on the FX thread: the settings' JSON mapper (Jackson's first use costs a few hundred ms
 * in a cold JVM) and the records' JSON trees, the archive formats, and the equals/hashCode of the records the views
 * compare (a record links its equals and hashCode through a bootstrap method on first use,
 * tens of milliseconds cold). Class initialisation is thread-safe: if the window gets there
 * first, it waits for this thread instead of doing the work twice. Touches no scene graph.
 */
public final class WarmUp {
    private WarmUp() {}

    public static void start() {
        Thread t = new Thread(WarmUp::run, "vitrine-warm-up");
        t.setDaemon(true);
        t.start();
    }

    private static void run() {
        try {
            Class.forName("dev.vitrine.app.ui.settings.SettingsStore", true, WarmUp.class.getClassLoader());
            FormatRegistry.get();
            // A JSON records table parses its first page into trees: 90-230 ms cold (the tree deserializers built
            // on first use), on the way to the first rows.
            dev.vitrine.core.json.Json.MAPPER.readTree("{\"a\":[1,2.5,\"x\",true,null,{\"b\":{}}],\"c\":-3}");
            ByteRange r = ByteRange.of(0, 1);
            List<Object> samples = List.of(
                    HexPalette.LIGHT,
                    HexPalette.DARK,
                    new NodeKey("k", "n", r),
                    r,
                    new HexMark(0, 1, HexMark.Kind.NODE, 0, "x"),
                    new Field("f", "v", r),
                    Problem.error("f", 0, "m"),
                    new FileHealth.Verdict(Health.OK, ""));
            int h = 0;
            for (Object a : samples) {
                for (Object b : samples) h += a.equals(b) ? 1 : 0;
                h += a.hashCode();
            }
            if (h == 42) Thread.onSpinWait(); // keep the calls from being optimised away
        } catch (Throwable ignored) {
            // only a head start; the window does all of this itself when it needs to
        }
    }
}
