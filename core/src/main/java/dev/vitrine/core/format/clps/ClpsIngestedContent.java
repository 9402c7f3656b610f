package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.BatchedInputStream;
import dev.vitrine.core.model.Content;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * One ingested file: records [first, end) as JSON lines, streamed a chunk of records at a time
 * (an ingested file may be the whole archive, hundreds of MB of JSON). Its size is known only
 * once they are decoded, so the first call to size() decodes them.
 */
final class ClpsIngestedContent implements Content {
    /** Records rendered at once. */
    private static final int CHUNK = 8192;

    private final ClpsRecords records;
    private final String name;
    private final long first, end;
    private volatile long size = -1;

    ClpsIngestedContent(ClpsRecords records, String name, long first, long end) {
        this.records = records;
        this.name = name;
        this.first = first;
        this.end = end;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        if (size < 0) {
            try (InputStream in = open()) {
                size = in.transferTo(OutputStream.nullOutputStream());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return size;
    }

    @Override
    public InputStream open() {
        return new BatchedInputStream() {
            private long next = first;

            @Override
            protected byte[] nextBatch() throws IOException {
                if (next >= end) return null;
                int n = (int) Math.min(CHUNK, end - next);
                ByteArrayOutputStream bo = new ByteArrayOutputStream(n * 256);
                for (String line : records.lines(next, n)) bo.write(line.getBytes(StandardCharsets.UTF_8));
                next += n;
                return bo.toByteArray();
            }
        };
    }
}
