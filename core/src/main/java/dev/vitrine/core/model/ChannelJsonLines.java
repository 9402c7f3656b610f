package dev.vitrine.core.model;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.vitrine.core.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * One channel's messages as a file of JSON lines for the exporter: the lines are made as the
 * stream is read (a batch of about 64 KiB at a time), so a channel of millions of messages is
 * never held whole, and its size is not known before ({@link Content#UNKNOWN_SIZE}).
 */
final class ChannelJsonLines implements Content {
    private static final int BATCH = 64 << 10;

    private final TimedMessages timed;
    private final String channel;
    private final String name;

    ChannelJsonLines(TimedMessages timed, String channel, String name) {
        this.timed = timed;
        this.channel = channel;
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return UNKNOWN_SIZE;
    }

    @Override
    public InputStream open() throws IOException {
        TimedMessages.Cursor cursor = timed.messages(List.of(channel), Long.MIN_VALUE, Long.MAX_VALUE);
        return new InputStream() {
            private final ByteArrayOutputStream batch = new ByteArrayOutputStream(BATCH + 4096);
            private final JsonGenerator g = Json.MAPPER.getFactory().createGenerator(batch);
            private byte[] buf = new byte[0];
            private int pos;

            {
                g.setRootValueSeparator(null);
            }

            /** False at the end of the channel. */
            private boolean fill() throws IOException {
                while (pos >= buf.length) {
                    if (!cursor.hasNext()) return false;
                    batch.reset();
                    while (cursor.hasNext() && batch.size() < BATCH) {
                        TimedMessages.writeLine(g, cursor.next());
                        g.flush();
                    }
                    buf = batch.toByteArray();
                    pos = 0;
                }
                return true;
            }

            @Override
            public int read() throws IOException {
                return fill() ? buf[pos++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) return 0;
                if (!fill()) return -1;
                int n = Math.min(len, buf.length - pos);
                System.arraycopy(buf, pos, b, off, n);
                pos += n;
                return n;
            }

            @Override
            public void close() {
                cursor.close();
            }
        };
    }
}
