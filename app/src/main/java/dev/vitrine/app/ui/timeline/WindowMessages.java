package dev.vitrine.app.ui.timeline;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.app.ui.table.RowWindow;
import dev.vitrine.core.model.RowTable;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.text.TimeText;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The messages of one window and channel filter, without holding them: the walk's checkpoints
 * say where each page of rows starts, a page is read from its checkpoint when the table shows
 * it, and the last few pages read (and the first ones the walk kept) are at hand for the rows'
 * messages. Pages are {@link MessageCheckpoints#EVERY} rows, as the table's {@link RowWindow}.
 */
final class WindowMessages implements RowWindow.PageLoader {
    static final int PAGE = MessageCheckpoints.EVERY;
    private static final int MAX_PAGES = 8;

    private final TimedMessages timed;
    private final Background background;
    private final List<String> channels;
    private final long startNs;
    private final long stopNs;
    private final long minNs;
    final MessageCheckpoints checkpoints = new MessageCheckpoints();
    /** Pages of messages read lately, by page number; FX thread only. */
    private final LinkedHashMap<Long, List<TimedMessages.Message>> pages = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, List<TimedMessages.Message>> eldest) {
            return size() > MAX_PAGES;
        }
    };
    /** The first messages, kept by the walk; FX thread only. */
    private List<TimedMessages.Message> kept = List.of();

    volatile boolean cancelled;
    /** The table, once made: its page loads skip pages scrolled far away from. */
    RowWindow rows;

    WindowMessages(
            TimedMessages timed, Background background, List<String> channels, long startNs, long stopNs, long minNs) {
        this.timed = timed;
        this.background = background;
        this.channels = channels;
        this.startNs = startNs;
        this.stopNs = stopNs;
        this.minNs = minNs;
    }

    List<String> channels() {
        return channels;
    }

    long startNs() {
        return startNs;
    }

    long stopNs() {
        return stopNs;
    }

    void keep(List<TimedMessages.Message> first) {
        if (first.size() > kept.size()) kept = first;
    }

    /**
     * Reads rows {@code [from, from+count)} in the background (from the kept messages when it
     * can) and makes their cells there too: a page's texts cost more than a frame when cold.
     */
    @Override
    public void load(long from, int count, Consumer<List<RowTable.Row>> done, Consumer<Throwable> failed) {
        long page = from / PAGE;
        List<TimedMessages.Message> known =
                from + count <= kept.size() ? kept.subList((int) from, (int) from + count) : null;
        RowWindow table = rows;
        background.run(
                () -> {
                    if (cancelled || (known == null && table != null && !table.stillWanted(from))) return null;
                    List<TimedMessages.Message> got = known != null ? known : read((int) page, count);
                    return new Page(got, rowsOf(from, got));
                },
                got -> {
                    if (got == null) {
                        if (table != null) table.forget(from); // scrolled away: asking again reads it
                        return;
                    }
                    pages.put(page, got.messages());
                    done.accept(got.rows());
                },
                failed);
    }

    private record Page(List<TimedMessages.Message> messages, List<RowTable.Row> rows) {}

    private List<RowTable.Row> rowsOf(long from, List<TimedMessages.Message> got) {
        List<RowTable.Row> out = new ArrayList<>(got.size());
        for (int i = 0; i < got.size(); i++) {
            TimedMessages.Message m = got.get(i);
            out.add(new RowTable.Row(
                    from + i,
                    List.of(
                            TimeText.absolute(m.timeNs(), 1),
                            TimeText.relative(m.timeNs() - minNs),
                            m.channel(),
                            m.type(),
                            m.range().file().path(),
                            Human.count(m.range().offset()),
                            Human.size(m.range().length())),
                    m.range(),
                    null));
        }
        return out;
    }

    /** Row {@code i}'s message if its page is at hand (FX thread), else null. */
    TimedMessages.Message atHand(long i) {
        List<TimedMessages.Message> page = pages.get(i / PAGE);
        if (page != null && i % PAGE < page.size()) return page.get((int) (i % PAGE));
        return i < kept.size() ? kept.get((int) i) : null;
    }

    /** Row {@code i}'s message: at hand, or read here (a page read: keep it off the FX thread where possible). */
    TimedMessages.Message message(long i) throws IOException {
        TimedMessages.Message m = atHand(i);
        if (m != null) return m;
        List<TimedMessages.Message> got = read((int) (i / PAGE), (int) (i % PAGE) + 1);
        return got.getLast();
    }

    /** The first {@code count} messages of page {@code page}: at hand, or read here. */
    List<TimedMessages.Message> page(long page, int count) throws IOException {
        List<TimedMessages.Message> got = pages.get(page);
        if (got != null && got.size() >= count) return got;
        if (page * PAGE + count <= kept.size()) return kept.subList((int) (page * PAGE), (int) (page * PAGE) + count);
        return read((int) page, count);
    }

    /** Reads {@code count} messages of page {@code page}: from its checkpoint's time, past its ties. */
    List<TimedMessages.Message> read(int page, int count) throws IOException {
        long t = checkpoints.time(page);
        int skip = checkpoints.tie(page);
        List<TimedMessages.Message> out = new ArrayList<>(count);
        try (TimedMessages.Cursor c = timed.messages(channels, Math.max(startNs, t), stopNs)) {
            while (c.hasNext() && out.size() < count) {
                TimedMessages.Message m = c.next();
                if (m.latchedReplay()) continue;
                if (skip > 0) {
                    skip--;
                    continue;
                }
                out.add(m);
            }
        }
        if (out.size() < count)
            throw new IOException("the window ended after " + Human.count(page * (long) PAGE + out.size(), "message"));
        return out;
    }

    /** The row of {@code target}, or -1: a short walk from the checkpoint before its time. Any thread. */
    long find(TimedMessages.Message target) throws IOException {
        if (checkpoints.size() == 0) return -1;
        int page = checkpoints.pageBefore(target.timeNs());
        int skip = checkpoints.tie(page);
        long index = page * (long) PAGE;
        try (TimedMessages.Cursor c = timed.messages(channels, Math.max(startNs, checkpoints.time(page)), stopNs)) {
            while (c.hasNext() && !cancelled) {
                TimedMessages.Message m = c.next();
                if (m.latchedReplay()) continue;
                if (skip > 0) {
                    skip--;
                    continue;
                }
                if (m.timeNs() > target.timeNs()) return -1;
                if (m.range().equals(target.range())) return index;
                index++;
            }
        }
        return -1;
    }

    /** The row among the messages at hand at {@code range}, or -1 (cheap: for the FX thread). */
    long findAtHand(dev.vitrine.core.model.ByteRange range) {
        for (Map.Entry<Long, List<TimedMessages.Message>> e : pages.entrySet()) {
            List<TimedMessages.Message> ms = e.getValue();
            for (int i = 0; i < ms.size(); i++) if (ms.get(i).range().equals(range)) return e.getKey() * PAGE + i;
        }
        for (int i = 0; i < kept.size(); i++) if (kept.get(i).range().equals(range)) return i;
        return -1;
    }
}
