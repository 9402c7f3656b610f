package dev.vitrine.core.model;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
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
    record ChannelInfo(String name, String type, long count, long minTimeNs, long maxTimeNs, long bytes, double rateHz,
                       boolean latched) {}

    /** Channels with at least one visible message, by name. Reads indexes only. */
    List<ChannelInfo> channels() throws IOException;

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
        List<dev.vitrine.core.verify.Problem> problems();

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
    default long writeJsonLines(Collection<String> channels, long startNs, long stopNs, OutputStream out) throws IOException {
        long n = 0;
        try (Cursor c = messages(channels, startNs, stopNs);
             JsonGenerator g = Json.MAPPER.getFactory().createGenerator(new NonClosing(out))) {
            g.setRootValueSeparator(null);
            while (c.hasNext()) {
                Message m = c.next();
                g.writeStartObject();
                g.writeStringField("channel", m.channel());
                g.writeNumberField("time_ns", m.timeNs());
                try {
                    JsonNode v = m.value();
                    g.writeFieldName("value");
                    Json.MAPPER.writeTree(g, v);
                } catch (IOException e) {
                    g.writeStringField("error", e.getMessage());
                }
                g.writeEndObject();
                g.writeRaw('\n');
                n++;
            }
            g.flush();
        }
        return n;
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
            public List<dev.vitrine.core.verify.Problem> problems() {
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
