package dev.vitrine.core.format.ark;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufDecoder;
import dev.vitrine.core.rbuf.RbufException;
import dev.vitrine.core.rbuf.RbufIr;
import dev.vitrine.core.rbuf.RbufJson;
import java.io.IOException;

/** One message of a split: where its stored bytes are, its payload decompressed per its column, its value. */
public final class ArkMessage implements TimedMessages.Message {
    final ArkLog log;
    final ArkLog.Run run;
    final ArkChannel channel;
    final ArkSplit.Entry entry;
    final boolean replay;

    ArkMessage(ArkLog log, ArkLog.Run run, ArkChannel channel, ArkSplit.Entry entry, boolean replay) {
        this.log = log;
        this.run = run;
        this.channel = channel;
        this.entry = entry;
        this.replay = replay;
    }

    @Override
    public String channel() {
        return channel.name;
    }

    @Override
    public String type() {
        return channel.type;
    }

    @Override
    public long timeNs() {
        return entry.timeNs();
    }

    @Override
    public ByteRange range() {
        return ByteRange.in(run.split.ref(), entry.offset(), entry.size());
    }

    public ArkSplit.Entry entry() {
        return entry;
    }

    public ArkChannel arkChannel() {
        return channel;
    }

    @Override
    public boolean latchedReplay() {
        return replay;
    }

    public ArkCodec codec() {
        return channel.column.codec;
    }

    /** The stored (compressed) bytes. */
    public byte[] stored() throws IOException {
        return run.split.stored(entry, log.archive.limits.maxBlockBytes());
    }

    @Override
    public byte[] payload() throws IOException {
        byte[] stored = stored();
        try {
            return codec().decompress(stored, log.archive.limits.maxBlockBytes());
        } catch (dev.vitrine.core.io.FormatException | dev.vitrine.core.io.SourceUnavailableException e) {
            throw e;
        } catch (IOException e) {
            // A codec's own message names neither the split nor the message: place it on the stored bytes.
            var ref = run.split.ref();
            throw new dev.vitrine.core.io.FormatException(ref.path(), ref, entry.offset(), e.getMessage());
        }
    }

    /** The decoded value; D13: bytes left after the value are damage. */
    public RValue.Obj decode() throws IOException {
        return decode(false).value();
    }

    /** A value and where each part of it lies in the payload (empty unless asked for). */
    record Decoding(RValue.Obj value, java.util.Map<RValue, int[]> spans) {}

    /** For showing the message: the value with its parts' byte spans (a map entry per value, so never on the cat path). */
    Decoding decodeWithSpans() throws IOException {
        return decode(true);
    }

    private Decoding decode(boolean spans) throws IOException {
        RbufIr ir = channel.ir();
        if (ir == null)
            throw new IOException("schema registry of " + channel.name + " does not parse: " + channel.irError());
        byte[] p = payload();
        var limits = log.archive.limits;
        RbufDecoder d = new RbufDecoder(ir, p, 0, p.length, limits.maxDepth(), limits.maxEntries());
        java.util.Map<RValue, int[]> where = spans ? d.recordSpans() : java.util.Map.of();
        RValue.Obj v;
        try {
            v = d.readObject(channel.schemaName());
        } catch (RbufException e) {
            throw new RbufException(e.offset(), "payload does not decode as " + channel.type + ": " + e.detail());
        }
        if (d.remaining() != 0)
            throw new RbufException(d.position(), d.remaining() + " bytes left after the " + channel.type + " value");
        return new Decoding(v, where);
    }

    /**
     * The value as JSON lines write it. A message that reuses another's stored bytes is not
     * decoded again, and one that does not decode is damage met while reading: either way the
     * archive notes it ({@link ArkArchive#damageMet()}) so no line goes without a value unsaid.
     */
    @Override
    public JsonNode value() throws IOException {
        ArkSplit s = run.split;
        try {
            int k = s.aliasOf(entry.index());
            if (k >= 0) {
                ArkSplit.Entry o = s.entry(k);
                throw new IOException("shares bytes [" + entry.offset() + ", " + entry.end() + ") with index entry " + k
                        + " [" + o.offset() + ", " + o.end()
                        + "): not decoded again (aliases let a log expand far beyond its size)");
            }
            return RbufJson.toJson(decode());
        } catch (IOException e) {
            String what = e instanceof RbufException r
                    ? r.detail()
                    : e instanceof dev.vitrine.core.io.FormatException f ? f.detail() : e.getMessage();
            log.archive.met(dev.vitrine.core.model.Problem.error(
                    s.ref(),
                    entry.offset(),
                    "message " + entry.index() + " of " + channel.name + " @" + entry.timeNs() + ": " + what));
            throw e;
        }
    }

    @Override
    public Node node() {
        return new ArkMessageNodes.MessageNode(this);
    }
}
