package dev.vitrine.app.ui.clps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.app.ui.ArchiveView;
import dev.vitrine.app.ui.schema.SchemaTab;
import dev.vitrine.app.ui.schema.SchemaView;
import dev.vitrine.core.model.SchemaTree;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TreeItem;
import org.junit.jupiter.api.Test;

/** The schema view of a real clp-s archive: keys with their types, records per key and schema, bytes per column. */
class ClpsSchemaViewTest extends ClpsWindowTest {

    @Test
    void keysShowTheirTypesRecordsAndColumnBytes() throws Exception {
        ArchiveView v = openApp();
        SchemaView s = view(v, SchemaTab.ID, SchemaView.class);
        s.loaded().get(SETTLE.toSeconds(), TimeUnit.SECONDS);
        waitUntil("column sizes", () -> !s.columnBytes().isEmpty());
        settle();
        List<SchemaTree.KeyNode> all = fx(() -> {
            List<SchemaTree.KeyNode> out = new ArrayList<>();
            collect(s.tree().getRoot(), out);
            return out;
        });
        SchemaTree.KeyNode level =
                all.stream().filter(n -> n.key().equals("level")).findFirst().orElseThrow();
        assertEquals("VarString", level.type(), "the key's type, shown as its badge");
        assertEquals(3000, level.records(), "every record has a level");
        SchemaTree.KeyNode ip =
                all.stream().filter(n -> n.key().equals("ip")).findFirst().orElseThrow();
        SchemaTree.KeyNode client =
                all.stream().filter(n -> n.id() == ip.parent()).findFirst().orElseThrow();
        assertEquals("client", client.key(), "keys nest under their objects");
        assertEquals("Object", client.type());
        assertTrue(s.columnBytes().get(level.id()) > 0, "the level column's bytes are known");
        assertTrue(fx(s::statusText).contains("3,000 records"), fx(s::statusText));
        List<SchemaTree.Schema> schemas = fx(() -> List.copyOf(s.schemaList().getItems()));
        assertFalse(schemas.isEmpty());
        assertEquals(
                3000,
                schemas.stream().mapToLong(SchemaTree.Schema::records).sum(),
                "the schemas' records add up to the archive's");
        // Make the picture show a nested key selected.
        fx(() -> {
            TreeItem<SchemaTree.KeyNode> item = find(s.tree().getRoot(), ip.id());
            s.tree().getSelectionModel().select(item);
            s.tree().scrollTo(Math.max(0, s.tree().getRow(item) - 8));
            return null;
        });
        settle();
    }

    private static void collect(TreeItem<SchemaTree.KeyNode> item, List<SchemaTree.KeyNode> out) {
        if (item.getValue() != null) out.add(item.getValue());
        for (TreeItem<SchemaTree.KeyNode> c : item.getChildren()) collect(c, out);
    }

    private static TreeItem<SchemaTree.KeyNode> find(TreeItem<SchemaTree.KeyNode> item, int id) {
        if (item.getValue() != null && item.getValue().id() == id) return item;
        for (TreeItem<SchemaTree.KeyNode> c : item.getChildren()) {
            TreeItem<SchemaTree.KeyNode> f = find(c, id);
            if (f != null) return f;
        }
        return null;
    }
}
