package dev.vitrine.core.format.ark;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.model.BasicNode;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Role;
import dev.vitrine.core.model.RowTable;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.text.Placeholders;
import dev.vitrine.core.text.TimeText;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The channels and messages of an Ark log: the channel table, all messages in time order, one message and its decoded bytes. */
final class ArkMessageNodes {
    private ArkMessageNodes() {}

    static final class ChannelsNode extends ArkNode {
        final ArkArchive a;

        ChannelsNode(ArkArchive a) {
            super("channels", "channels", Set.of(Role.SECTION, Role.TABLE), ByteRange.NONE);
            this.a = a;
        }

        @Override
        List<Node> kids() throws IOException {
            List<Node> k = new ArrayList<>();
            for (TimedMessages.ChannelInfo c : a.channels()) k.add(channel(c));
            for (TimedMessages.Hidden h : a.hidden()) k.add(hidden(h));
            return k;
        }

        @Override
        public Optional<RowTable> table() {
            return Optional.of(new RowTable() {
                @Override
                public List<String> columns() {
                    return List.of("NAME", "TYPE", "COUNT", "RATE", "SIZE", "MIN", "MAX", "LATCHED");
                }

                @Override
                public long rowCount() throws IOException {
                    return a.channels().size();
                }

                @Override
                public List<Row> rows(long from, int count) throws IOException {
                    List<TimedMessages.ChannelInfo> cs = a.channels();
                    long start = TimedMessages.firstNs(cs, a.hidden());
                    List<Row> out = new ArrayList<>();
                    for (long i = from; i < cs.size() && i < from + count; i++) {
                        var c = cs.get((int) i);
                        out.add(new Row(
                                i,
                                List.of(
                                        c.name(),
                                        c.type(),
                                        String.valueOf(c.count()),
                                        String.format(java.util.Locale.ROOT, "%.3f", c.rateHz()),
                                        String.valueOf(c.bytes()),
                                        timeText(c.minTimeNs(), start),
                                        timeText(c.maxTimeNs(), start),
                                        c.latched() ? "latched" : ""),
                                ByteRange.NONE,
                                null));
                    }
                    return out;
                }
            });
        }
    }

    static Node channel(TimedMessages.ChannelInfo info) {
        return BasicNode.of(info.name(), "channel")
                .roles(Role.CHANNEL)
                .fields(List.of(
                        Field.of("name", info.name()),
                        Field.of("type", info.type()),
                        Field.of("count", info.count()),
                        Field.of("min_time_ns", info.minTimeNs()),
                        Field.of("max_time_ns", info.maxTimeNs()),
                        Field.of("bytes", info.bytes()),
                        Field.of("rate_hz", info.rateHz()),
                        Field.of("latched", info.latched())))
                .build();
    }

    /** Data an amendment hides: shown as hidden, not dropped. */
    static Node hidden(TimedMessages.Hidden h) {
        return BasicNode.of(h.channel() + " (hidden)", "hidden channel data")
                .roles(Role.CHANNEL)
                .fields(List.of(
                        Field.of("name", h.channel()),
                        Field.of("type", h.type()),
                        Field.of("hidden messages", h.count()),
                        Field.of("from_ns", h.startNs()),
                        Field.of("to_ns", h.stopNs()),
                        Field.of("why", h.reason())))
                .build();
    }

    /** All visible messages of the primary log in time order; pages continue one cursor when read in order. */
    static final class MessagesNode extends ArkNode {
        final ArkArchive a;
        private TimedMessages.Cursor cursor;
        private long cursorAt;

        MessagesNode(ArkArchive a) {
            super("messages (time order)", "messages", Set.of(Role.SECTION, Role.TABLE), ByteRange.NONE);
            this.a = a;
        }

        @Override
        public long childCount() throws IOException {
            return a.recordCount();
        }

        @Override
        public synchronized List<Node> children(long from, int count) throws IOException {
            List<Node> out = new ArrayList<>();
            for (TimedMessages.Message m : page(from, count)) out.add(m.node());
            return out;
        }

        synchronized List<TimedMessages.Message> page(long from, int count) throws IOException {
            if (cursor == null || from < cursorAt) {
                if (cursor != null) cursor.close();
                cursor = a.messages(null, Long.MIN_VALUE, Long.MAX_VALUE);
                cursorAt = 0;
            }
            while (cursorAt < from && cursor.hasNext()) {
                cursor.next();
                cursorAt++;
            }
            List<TimedMessages.Message> out = new ArrayList<>();
            while (out.size() < count && cursor.hasNext()) {
                out.add(cursor.next());
                cursorAt++;
            }
            return out;
        }

        @Override
        public Optional<RowTable> table() {
            return Optional.of(new RowTable() {
                @Override
                public List<String> columns() {
                    return List.of("time", "since start", "channel", "type", "file", "offset", "size");
                }

                @Override
                public long rowCount() throws IOException {
                    return a.recordCount();
                }

                @Override
                public List<Row> rows(long from, int count) throws IOException {
                    List<Row> out = new ArrayList<>();
                    long i = from;
                    long start = TimedMessages.firstNs(a.channels(), a.hidden());
                    for (TimedMessages.Message m : page(from, count)) {
                        ByteRange r = m.range();
                        out.add(new Row(
                                i++,
                                List.of(
                                        TimeText.absolute(m.timeNs(), 1_000_000),
                                        start == Long.MAX_VALUE ? "" : TimeText.relative(m.timeNs() - start),
                                        m.channel(),
                                        m.type(),
                                        r.file().path(),
                                        String.valueOf(r.offset()),
                                        String.valueOf(r.length())),
                                r,
                                null));
                    }
                    return out;
                }
            });
        }
    }

    /** A time as the timeline's axis shows it, with its offset from the log's start when that is known. */
    static String timeText(long ns, long startNs) {
        return startNs == Long.MAX_VALUE && !Placeholders.is(ns)
                ? TimeText.absolute(ns, 1_000_000)
                : TimeText.at(ns, startNs);
    }

    /** An index entry whose short id maps to no object of its column. */
    static Node rawEntry(ArkSplit s, ArkSplit.Entry e) {
        return BasicNode.of("@" + e.timeNs() + " object " + e.object(), "unmapped message")
                .roles(Role.MESSAGE)
                .range(ByteRange.in(s.ref(), e.offset(), e.size()))
                .fields(() -> entryFields(e))
                .build();
    }

    static List<Field> entryFields(ArkSplit.Entry e) {
        return List.of(
                Field.of("timestamp_ns", e.timeNs()),
                Field.of("offset", e.offset()),
                Field.of("size", e.size()),
                Field.of("object_identifier", e.object()),
                Field.of("flags", e.flags()),
                Field.of("index entry at", e.position()));
    }

    static final class MessageNode extends ArkNode {
        final ArkMessage m;
        /** Damage met when the value was decoded (by {@link #kids()}, off the UI thread); problems() never reads. */
        private volatile List<Problem> problems = List.of();

        MessageNode(ArkMessage m) {
            super(
                    timeText(m.timeNs(), m.log.startNs()) + " " + m.channel()
                            + (m.channel.visible(m.timeNs()) ? "" : " (hidden)"),
                    "message " + m.type(),
                    Set.of(Role.MESSAGE),
                    m.range());
            this.m = m;
        }

        @Override
        public boolean hasChildren() {
            return true;
        }

        /** The exact time the label rounds. */
        @Override
        public String note() {
            return String.format(java.util.Locale.ROOT, "%,d ns", m.timeNs());
        }

        @Override
        public List<Field> fields() {
            List<Field> f = new ArrayList<>();
            f.add(Field.of("channel", m.channel()));
            f.add(Field.of("type", m.type()));
            f.add(Field.of("compression", m.codec().name().toLowerCase(java.util.Locale.ROOT)));
            if (m.latchedReplay()) f.add(Field.of("latched", "last message before the start"));
            if (!m.channel.visible(m.timeNs())) {
                f.add(Field.of(
                        "hidden", "by the acceptance filter of section " + m.channel.hiddenBySection + " (D18)"));
            }
            f.addAll(entryFields(m.entry));
            return f;
        }

        @Override
        List<Node> kids() {
            try {
                ArkMessage.Decoding d = m.decodeWithSpans();
                List<Node> k = List.of(new ArkValueNode("value", d.value(), ByteRange.NONE, m, d.spans()));
                problems = List.of();
                return k;
            } catch (IOException e) {
                problems = List.of(Problem.error(m.run.split.ref(), m.entry.offset(), "message: " + e.getMessage()));
                return List.of();
            }
        }

        @Override
        public List<Problem> problems() {
            return problems;
        }

        @Override
        public Optional<Decoded> decoded() {
            return Optional.of(new MessageBytes(m, 0, -1));
        }
    }

    /** Bytes inside a message's decompressed payload, beside its stored (compressed) bytes; length -1: the whole payload. */
    static class MessageBytes implements Decoded {
        final ArkMessage m;
        final long offset;
        final long length;

        MessageBytes(ArkMessage m, long offset, long length) {
            this.m = m;
            this.offset = offset;
            this.length = length;
        }

        @Override
        public ByteRange container() {
            return m.range();
        }

        @Override
        public String label() {
            return m.codec() == ArkCodec.NONE
                    ? "message @ " + m.entry.offset() + " (stored raw)"
                    : m.codec().name().toLowerCase(java.util.Locale.ROOT) + " frame @ " + m.entry.offset()
                            + ", decompressed";
        }

        @Override
        public long offset() {
            return offset;
        }

        @Override
        public long length() {
            if (length >= 0) return length;
            try {
                return m.payload().length;
            } catch (IOException e) {
                return 0;
            }
        }

        @Override
        public ByteSource open() throws IOException {
            return MappedFileSource.ofBytes(m.channel() + " @ " + m.timeNs(), m.payload());
        }
    }
}
