package dev.vitrine.app.ui;

import dev.vitrine.core.model.Health;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Role;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignB;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;
import org.kordamp.ikonli.materialdesign2.MaterialDesignV;

/**
 * Icons for node roles and health. A node's {@link Role}s pick its icon (most specific role
 * first), so a new format gets the right icons without a change here.
 */
public final class NodeIcons {
    private NodeIcons() {}

    /** Most specific first: a ZSS index block is also a BLOCK, and draws as an index block. */
    private static final List<Map.Entry<Role, Ikon>> BY_ROLE = List.of(
            Map.entry(Role.ARCHIVE, MaterialDesignA.ARCHIVE),
            Map.entry(Role.HEADER, MaterialDesignF.FORMAT_HEADER_POUND),
            Map.entry(Role.INDEX_BLOCK, MaterialDesignS.SITEMAP),
            Map.entry(Role.DATA_BLOCK, MaterialDesignC.CUBE_OUTLINE),
            Map.entry(Role.RECORD, MaterialDesignT.TEXT_BOX_OUTLINE),
            Map.entry(Role.MESSAGE, MaterialDesignM.MESSAGE_OUTLINE),
            Map.entry(Role.CHANNEL, MaterialDesignT.TIMELINE_OUTLINE),
            Map.entry(Role.PACKET, MaterialDesignP.PACKAGE_VARIANT_CLOSED),
            Map.entry(Role.SCHEMA, MaterialDesignC.CODE_BRACES),
            Map.entry(Role.DICTIONARY, MaterialDesignB.BOOK_OPEN_VARIANT),
            Map.entry(Role.FOLDER, MaterialDesignF.FOLDER_OUTLINE),
            Map.entry(Role.FILE, MaterialDesignF.FILE_OUTLINE),
            Map.entry(Role.INDEX, MaterialDesignF.FORMAT_LIST_BULLETED),
            Map.entry(Role.TABLE, MaterialDesignT.TABLE),
            Map.entry(Role.BLOCK, MaterialDesignC.CUBE_OUTLINE),
            Map.entry(Role.SECTION, MaterialDesignV.VIEW_SEQUENTIAL_OUTLINE));

    public static Ikon forNode(Node node) {
        for (Map.Entry<Role, Ikon> e : BY_ROLE) if (node.is(e.getKey())) return e.getValue();
        return MaterialDesignF.FILE_DOCUMENT_OUTLINE;
    }

    public static FontIcon nodeIcon(Node node) {
        FontIcon icon = new FontIcon(forNode(node));
        icon.getStyleClass().add("kind-icon");
        return icon;
    }

    public static Ikon forHealth(Health h) {
        return switch (h) {
            case UNCHECKED -> MaterialDesignC.CIRCLE_OUTLINE;
            case OK -> MaterialDesignC.CHECK_CIRCLE;
            case WARNING -> MaterialDesignA.ALERT;
            case DAMAGED -> MaterialDesignC.CLOSE_CIRCLE;
        };
    }

    /** CSS class for a health: health-unchecked, health-ok, health-warning, health-damaged. */
    public static String healthClass(Health h) {
        return "health-" + h.name().toLowerCase(Locale.ROOT);
    }

    public static String healthText(Health h) {
        return switch (h) {
            case UNCHECKED -> "not checked yet";
            case OK -> "checked: ok";
            case WARNING -> "warning";
            case DAMAGED -> "damaged";
        };
    }
}
