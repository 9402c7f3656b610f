package dev.vitrine.core.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;

/**
 * Capability of archives of time-stamped messages on named channels (Ark logs): a channel
 * table computed from indexes (no payload decoded), and a cursor over the messages in time
 * order filtered by channel and an inclusive time range. What `vitrine cat --json`, `info`'s
 * channel table, a timeline and a messages table use.
 */
public interface TimedMessages {

    /** One channel: the ark-logtool columns. {@code bytes} are stored (compressed) bytes. */
    record ChannelInfo(
            String name,
            String type,
            long count,
            long minTimeNs,
            long maxTimeNs,
            long bytes,
            double rateHz,
            boolean latched) {}

    /** Channels with at least one visible message, by name. Reads indexes only. */
    List<ChannelInfo> channels() throws IOException;

    /**
     * Data the archive holds but hides (Ark: amendment sections' acceptance filters): a channel's
     * messages in {@code [startNs, stopNs]} (both inclusive) are left out of {@link #messages} and
     * {@link #channels()}, and a timeline shades them. {@code count} is how many stored messages that is.
     */
    record Hidden(String channel, String type, long startNs, long stopNs, long count, String reason) {}

    default List<Hidden> hidden() throws IOException {
        return List.of();
    }

    /**
     * Where the log starts, as a timeline draws it and times are offset from: its first visible
     * message, or an earlier bounded hidden range's start; {@code Long.MAX_VALUE} for neither.
     */
    static long firstNs(List<ChannelInfo> channels, List<Hidden> hidden) {
        long min = Long.MAX_VALUE;
        for (ChannelInfo c : channels)
            if (!dev.vitrine.core.text.Placeholders.is(c.minTimeNs())) min = Math.min(min, c.minTimeNs());
        for (Hidden h : hidden)
            if (h.startNs() > Long.MIN_VALUE / 4 && h.startNs() < Long.MAX_VALUE / 4) min = Math.min(min, h.startNs());
        return min;
    }

    /**
     * What a timeline draws: the channel table, the hidden data, message counts per channel over
     * time ({@link TimelineDensity}, level 0 {@link TimelineDensity#defaultBins} wide) and, per
     * channel, the first and last time of its messages in each file that stores them (so damage
     * in a file marks where on its lanes).
     */
    record Overview(
            List<ChannelInfo> channels,
            List<Hidden> hidden,
            TimelineDensity density,
            java.util.Map<String, java.util.Map<FileRef, long[]>> spans) {}

    /**
     * Reads the {@link Overview}. This default walks every message (twice); a format with
     * indexes counts from them in one pass without a message object each (Ark).
     */
    default Overview overview() throws IOException {
        List<ChannelInfo> cs = channels();
        TimelineDensity d = TimelineDensity.build(this, TimelineDensity.defaultBins(cs.size()));
        java.util.Map<String, java.util.Map<FileRef, long[]>> spans = new java.util.HashMap<>();
        try (Cursor c = messages(null, Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (c.hasNext()) {
                if (Thread.currentThread().isInterrupted()) throw new java.io.InterruptedIOException("interrupted");
                Message m = c.next();
                if (m.latchedReplay()) continue;
                long[] span = spans.computeIfAbsent(m.channel(), k -> new java.util.LinkedHashMap<>())
                        .computeIfAbsent(m.range().file(), k -> new long[] {m.timeNs(), m.timeNs()});
                span[0] = Math.min(span[0], m.timeNs());
                span[1] = Math.max(span[1], m.timeNs());
            }
        }
        return new Overview(cs, hidden(), d, spans);
    }

    /** One message. {@link #range()} is its stored (compressed) bytes in its file. */
    interface Message {
        String channel();

        String type();

        long timeNs();

        ByteRange range();

        /** True for a latched channel's last message before the cursor's start, replayed first. */
        boolean latchedReplay();

        /** The decompressed payload. */
        byte[] payload() throws IOException;

        /** The decoded value as JSON (the format's pinned form). */
        JsonNode value() throws IOException;

        /** The message as a tree node (fields, decoded bytes beside the raw ones). */
        Node node();
    }

    /** Messages in time order; damage met while reading ends the affected file's run and shows in {@link #problems()}. */
    interface Cursor extends Iterator<Message>, AutoCloseable {
        List<dev.vitrine.core.model.Problem> problems();

        @Override
        void close();
    }

    /**
     * Messages of {@code channels} (null or empty: all) with {@code startNs <= time <= stopNs},
     * in time order; first, for each latched channel, its last visible message with time
     * before {@code startNs}.
     */
    Cursor messages(Collection<String> channels, long startNs, long stopNs) throws IOException;

    /**
     * Writes {@code {"channel","time_ns","value"}} lines for {@link #messages}; a message whose
     * payload does not decode is written with {@code "error"} instead of {@code "value"}.
     * Returns how many lines were written.
     */
    default long writeJsonLines(Collection<String> channels, long startNs, long stopNs, OutputStream out)
            throws IOException {
        long n = 0;
        try (Cursor c = messages(channels, startNs, stopNs);
                JsonGenerator g = Json.MAPPER.getFactory().createGenerator(new NonClosing(out))) {
            g.setRootValueSeparator(null);
            while (c.hasNext()) {
                writeLine(g, c.next());
                n++;
            }
            g.flush();
        }
        return n;
    }

    /** Writes one {@code {"channel","time_ns","value"}} line ({@code "error"} instead of a value that does not decode). */
    static void writeLine(JsonGenerator g, Message m) throws IOException {
        g.writeStartObject();
        g.writeStringField("channel", m.channel());
        g.writeNumberField("time_ns", m.timeNs());
        JsonNode v;
        try {
            v = m.value();
        } catch (IOException e) {
            v = null;
            // What went wrong; where (file and offset) is in the problem the archive noted for it.
            g.writeStringField(
                    "error", e instanceof dev.vitrine.core.io.FormatException f ? f.detail() : e.getMessage());
        }
        if (v != null) {
            g.writeFieldName("value");
            Json.MAPPER.writeTree(g, v);
        }
        g.writeEndObject();
        g.writeRaw('\n');
    }

    /**
     * A path-safe file name for a channel's JSON lines: leading slashes dropped, every character
     * but letters, digits, '.', '_' and '-' replaced by '_', never starting with '.', never empty.
     */
    static String safeFileName(String channel) {
        String s = channel.replaceFirst("^/+", "");
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length() && b.length() < 200; i++) {
            char c = s.charAt(i);
            b.append(
                    (c >= 'a' && c <= 'z')
                                    || (c >= 'A' && c <= 'Z')
                                    || (c >= '0' && c <= '9')
                                    || c == '.'
                                    || c == '_'
                                    || c == '-'
                            ? c
                            : '_');
        }
        if (b.isEmpty()) b.append("channel");
        if (b.charAt(0) == '.') b.setCharAt(0, '_');
        return b.toString();
    }

    /**
     * Export: one {@code <safe name>.jsonl} file per channel of {@code channels} (null or empty:
     * all), each with that channel's {@code {"channel","time_ns","value"}} lines in time order,
     * made as the exporter reads them ({@link Content#UNKNOWN_SIZE}), so the shared
     * {@link dev.vitrine.core.export.Exporter} applies its output limit and name and link rules.
     * Names that only differ in case get a "-2", "-3"... suffix.
     */
    default List<Content> channelFiles(Collection<String> channels) throws IOException {
        List<Content> files = new java.util.ArrayList<>();
        java.util.Set<String> taken = new java.util.HashSet<>();
        for (ChannelInfo c : channels()) {
            if (channels != null && !channels.isEmpty() && !channels.contains(c.name())) continue;
            String base = safeFileName(c.name());
            String name = base;
            for (int n = 2; !taken.add(name.toLowerCase(java.util.Locale.ROOT)); n++) name = base + "-" + n;
            files.add(new ChannelJsonLines(this, c.name(), name + ".jsonl"));
        }
        return files;
    }

    /** Keeps the caller's stream open when the generator closes. */
    final class NonClosing extends java.io.FilterOutputStream {
        public NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }

    /** An empty cursor. */
    static Cursor empty() {
        return new Cursor() {
            @Override
            public List<dev.vitrine.core.model.Problem> problems() {
                return List.of();
            }

            @Override
            public void close() {}

            @Override
            public boolean hasNext() {
                return false;
            }

            @Override
            public Message next() {
                throw new java.util.NoSuchElementException();
            }
        };
    }
}
