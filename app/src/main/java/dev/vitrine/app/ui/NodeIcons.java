package dev.vitrine.app.ui;

import dev.vitrine.core.model.Health;
import java.util.Locale;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignA;
import org.kordamp.ikonli.materialdesign2.MaterialDesignC;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;
import org.kordamp.ikonli.materialdesign2.MaterialDesignK;
import org.kordamp.ikonli.materialdesign2.MaterialDesignL;
import org.kordamp.ikonli.materialdesign2.MaterialDesignM;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignS;
import org.kordamp.ikonli.materialdesign2.MaterialDesignT;

/**
 * Icons for node kinds and health. Kinds are free text chosen by each format ("index-block",
 * "record", "file"): words in the kind pick the icon, so a new format gets sensible icons
 * without a change here.
 */
public final class NodeIcons {
    private NodeIcons() {}

    public static Ikon forKind(String kind) {
        String k = kind == null ? "" : kind.toLowerCase(Locale.ROOT);
        if (k.contains("archive") || k.equals("root") || k.equals("file-root")) return MaterialDesignA.ARCHIVE;
        if (k.contains("header")) return MaterialDesignF.FORMAT_HEADER_POUND;
        if (k.contains("footer") || k.contains("trailer")) return MaterialDesignF.FORMAT_LIST_BULLETED;
        if (k.contains("index")) return MaterialDesignS.SITEMAP;
        if (k.contains("extension")) return MaterialDesignP.PUZZLE_OUTLINE;
        if (k.contains("metadata") || k.contains("json") || k.contains("schema")) return MaterialDesignC.CODE_BRACES;
        if (k.contains("record")) return MaterialDesignT.TEXT_BOX_OUTLINE;
        if (k.contains("message")) return MaterialDesignM.MESSAGE_OUTLINE;
        if (k.contains("channel") || k.contains("timeline")) return MaterialDesignT.TIMELINE_OUTLINE;
        if (k.contains("dir") || k.contains("folder")) return MaterialDesignF.FOLDER_OUTLINE;
        if (k.contains("file") || k.contains("entry")) return MaterialDesignF.FILE_OUTLINE;
        if (k.contains("table") || k.contains("list")) return MaterialDesignT.TABLE;
        if (k.contains("checksum") || k.contains("crc") || k.contains("hash")) return MaterialDesignL.LOCK_OUTLINE;
        if (k.contains("key")) return MaterialDesignK.KEY_OUTLINE;
        if (k.contains("block") || k.contains("chunk") || k.contains("packet") || k.contains("segment")) return MaterialDesignC.CUBE_OUTLINE;
        return MaterialDesignF.FILE_DOCUMENT_OUTLINE;
    }

    public static FontIcon kindIcon(String kind) {
        FontIcon icon = new FontIcon(forKind(kind));
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
