package dev.vitrine.core.model;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.vitrine.core.io.BatchedInputStream;
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
        return new BatchedInputStream() {
            private final ByteArrayOutputStream batch = new ByteArrayOutputStream(BATCH + 4096);
            private final JsonGenerator g = Json.MAPPER.getFactory().createGenerator(batch);

            {
                g.setRootValueSeparator(null);
            }

            @Override
            protected byte[] nextBatch() throws IOException {
                if (!cursor.hasNext()) return null;
                batch.reset();
                while (cursor.hasNext() && batch.size() < BATCH) {
                    TimedMessages.writeLine(g, cursor.next());
                    g.flush();
                }
                return batch.toByteArray();
            }

            @Override
            public void close() {
                cursor.close();
            }
        };
    }
}
