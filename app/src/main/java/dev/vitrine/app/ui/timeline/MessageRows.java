package dev.vitrine.app.ui.timeline;

import dev.vitrine.app.ui.Human;
import dev.vitrine.app.ui.concurrent.Background;
import dev.vitrine.core.model.TimedMessages;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.collections.ObservableListBase;

/**
 * The messages of one window and channel filter as a list the table virtualizes: it grows as the
 * walk counts them, and holds only the few pages of rows the user has looked at. A row asked
 * for is a placeholder until its page, read in the background from its checkpoint, arrives.
 * Used on the FX thread; {@link #read} runs anywhere.
 */
final class MessageRows extends ObservableListBase<MessagesTable.Row> {
    private static final int PAGE = MessageCheckpoints.EVERY;
    private static final int MAX_PAGES = 8;

    private final TimedMessages timed;
    private final Background background;
    private final List<String> channels;
    private final long startNs;
    private final long stopNs;
    private final long minNs;
    final MessageCheckpoints checkpoints = new MessageCheckpoints();
    private final LinkedHashMap<Integer, MessagesTable.Row[]> pages = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, MessagesTable.Row[]> eldest) {
            return size() > MAX_PAGES;
        }
    };
    private int size;
    private volatile int lastPage;
    volatile boolean cancelled;

    MessageRows(TimedMessages timed, Background background, List<String> channels, long startNs, long stopNs, long minNs) {
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

    @Override
    public int size() {
        return size;
    }

    /** The walk counted {@code n} messages; {@code first} are the leading ones it kept, shown without another read. */
    void grow(int n, List<TimedMessages.Message> first) {
        if (n <= size) return;
        if (size % PAGE != 0) pages.remove(size / PAGE); // a short last page is read again with its new rows
        int was = size;
        size = n;
        for (int p = 0; p * PAGE < first.size() && p < MAX_PAGES; p++) {
            if (pages.containsKey(p) && pages.get(p).length == Math.min(PAGE, n - p * PAGE)) continue;
            int from = p * PAGE;
            int len = Math.min(PAGE, n - from);
            if (first.size() < from + len) break;
            pages.put(p, fill(placeholders(p, len), first.subList(from, from + len)));
        }
        beginChange();
        nextAdd(was, n);
        endChange();
    }

    @Override
    public MessagesTable.Row get(int index) {
        if (index < 0 || index >= size) throw new IndexOutOfBoundsException("row " + index + " of " + size);
        int page = index / PAGE;
        lastPage = page;
        MessagesTable.Row[] rows = pages.get(page);
        if (rows == null) {
            MessagesTable.Row[] target = placeholders(page, Math.min(PAGE, size - page * PAGE));
            pages.put(page, target);
            background.run(() -> Math.abs(page - lastPage) > 4 || cancelled ? null : read(page, target.length), got -> {
                if (got == null) pages.remove(page, target); // scrolled away: asking again reloads it
                else fill(target, got);
            }, err -> {
                String why = Human.error(err);
                for (MessagesTable.Row r : target) r.fail(why);
            });
            rows = target;
        }
        return rows[index - page * PAGE];
    }

    /** The message of row {@code index}, read here if its page is not at hand (slow: off the FX thread when possible). */
    TimedMessages.Message messageAt(int index) throws IOException {
        MessagesTable.Row[] rows = pages.get(index / PAGE);
        if (rows != null && rows[index % PAGE].message() != null) return rows[index % PAGE].message();
        List<TimedMessages.Message> got = read(index / PAGE, index % PAGE + 1);
        return got.get(got.size() - 1);
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
        if (out.size() < count) throw new IOException("the window ended after " + Human.count(page * (long) PAGE + out.size()) + " messages");
        return out;
    }

    /** The row of the message at {@code range} and {@code timeNs}, or -1: a short walk from the page before its time. */
    int find(TimedMessages.Message target) throws IOException {
        if (checkpoints.size() == 0) return -1;
        int page = checkpoints.pageBefore(target.timeNs());
        int skip = checkpoints.tie(page);
        int index = page * PAGE;
        try (TimedMessages.Cursor c = timed.messages(channels, Math.max(startNs, checkpoints.time(page)), stopNs)) {
            while (c.hasNext() && index < size && !cancelled) {
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

    /** The row among the pages at hand whose message is at {@code range}, or -1 (cheap, for the FX thread). */
    int findLoaded(dev.vitrine.core.model.ByteRange range) {
        for (MessagesTable.Row[] rows : pages.values()) {
            for (MessagesTable.Row r : rows) if (r.message() != null && r.message().range().equals(range)) return r.index();
        }
        return -1;
    }

    private MessagesTable.Row[] placeholders(int page, int n) {
        MessagesTable.Row[] rows = new MessagesTable.Row[n];
        for (int i = 0; i < n; i++) rows[i] = new MessagesTable.Row(page * PAGE + i, minNs);
        return rows;
    }

    private static MessagesTable.Row[] fill(MessagesTable.Row[] target, List<TimedMessages.Message> got) {
        for (int i = 0; i < target.length && i < got.size(); i++) target[i].set(got.get(i));
        return target;
    }
}
