package dev.vitrine.app.ui.packets;

import dev.vitrine.app.ui.views.FormatView;
import dev.vitrine.app.ui.views.ShownNode;
import dev.vitrine.app.ui.views.ViewContext;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.model.PacketStream;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;

/** The Packets tab of archives whose metadata is a stream of typed packets: a strip sized by bytes, and the chosen packet's value. */
public final class PacketsTab implements FormatView {
    public static final String ID = "packets";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String title() {
        return "Packets";
    }

    @Override
    public Ikon icon() {
        return MaterialDesignP.PACKAGE_VARIANT_CLOSED;
    }

    @Override
    public int order() {
        return 12;
    }

    @Override
    public boolean appliesTo(Archive archive) {
        return archive.capability(PacketStream.class).isPresent();
    }

    @Override
    public View create(ViewContext context) {
        PacketsView v = new PacketsView(
                context.session().archive().capability(PacketStream.class).orElseThrow());
        v.setOnPacketChosen(p -> {
            var root = context.session().root().node();
            context.background()
                    .run(
                            () -> {
                                java.util.List<dev.vitrine.core.model.Node> path =
                                        new java.util.ArrayList<>(java.util.List.of(root));
                                for (int i : p.nodePath()) {
                                    var kids = path.getLast().children(i, 1);
                                    if (kids.isEmpty()) return null;
                                    path.add(kids.getFirst());
                                }
                                return path;
                            },
                            path -> {
                                if (path != null) context.selection().revealAndFrame(path);
                            },
                            err -> context.notifier()
                                    .error("packet " + p.index() + ": " + dev.vitrine.app.ui.Human.error(err)));
        });
        return new Made(v);
    }

    /** The made tab: the strip follows a packet node selected in the tree. */
    public record Made(PacketsView view) implements View {
        @Override
        public javafx.scene.Node content() {
            return view;
        }

        @Override
        public void nodeShown(ShownNode shown) {
            view.showNode(shown.node());
        }
    }
}
