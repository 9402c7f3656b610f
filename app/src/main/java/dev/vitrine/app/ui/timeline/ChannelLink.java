package dev.vitrine.app.ui.timeline;

import dev.vitrine.app.ui.ArchiveSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.function.Consumer;

/**
 * The channel last chosen in one archive's Channels table or on its timeline, shared by the two
 * tabs: a row chosen in the table highlights its lane and filters the messages table, a lane
 * clicked on the timeline selects its row. Each tab is made only when first shown, so the last
 * choice is kept for a tab made later. FX thread only.
 */
final class ChannelLink {
    private static final Map<ArchiveSession, ChannelLink> LINKS = new WeakHashMap<>();

    private String chosen;
    private final List<Consumer<String>> timelines = new ArrayList<>();
    private final List<Consumer<String>> tables = new ArrayList<>();

    static ChannelLink of(ArchiveSession session) {
        return LINKS.computeIfAbsent(session, s -> new ChannelLink());
    }

    /** The archive is closing: its views and their listeners go. */
    static void release(ArchiveSession session) {
        LINKS.remove(session);
    }

    String chosen() {
        return chosen;
    }

    /** A row of the Channels table was chosen: the timelines hear it. */
    void chooseInTable(String channel) {
        if (Objects.equals(chosen, channel)) return;
        chosen = channel;
        for (Consumer<String> c : List.copyOf(timelines)) c.accept(channel);
    }

    /** A lane was clicked: the Channels tables hear it. */
    void chooseOnTimeline(String channel) {
        if (Objects.equals(chosen, channel)) return;
        chosen = channel;
        for (Consumer<String> c : List.copyOf(tables)) c.accept(channel);
    }

    void onChosenInTable(Consumer<String> timeline) {
        timelines.add(timeline);
    }

    void onChosenOnTimeline(Consumer<String> table) {
        tables.add(table);
    }
}
