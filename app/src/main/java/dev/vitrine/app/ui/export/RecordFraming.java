package dev.vitrine.app.ui.export;

import dev.vitrine.app.cli.Escapes;
import dev.vitrine.core.io.Uleb128;
import java.io.IOException;
import java.io.OutputStream;

/**
 * How exported records are separated, as `vitrine cat` writes them: a terminator after each
 * record (newline by default), or each record's length before it as uleb128 or u64le.
 */
public record RecordFraming(Kind kind, byte[] terminator) {

    public enum Kind {
        TERMINATOR,
        ULEB128,
        U64LE
    }

    public static final RecordFraming NEWLINE = new RecordFraming(Kind.TERMINATOR, new byte[] {'\n'});

    public static RecordFraming terminator(String escaped) {
        return new RecordFraming(Kind.TERMINATOR, Escapes.parse(escaped));
    }

    public static RecordFraming uleb128() {
        return new RecordFraming(Kind.ULEB128, new byte[0]);
    }

    public static RecordFraming u64le() {
        return new RecordFraming(Kind.U64LE, new byte[0]);
    }

    /** Writes one framed record. {@code scratch} must hold at least 10 bytes. */
    public void write(OutputStream out, byte[] rec, int off, int len, byte[] scratch) throws IOException {
        switch (kind) {
            case ULEB128 -> out.write(scratch, 0, Uleb128.encode(len, scratch, 0));
            case U64LE -> {
                for (int i = 0; i < 8; i++) scratch[i] = (byte) ((long) len >>> (8 * i));
                out.write(scratch, 0, 8);
            }
            case TERMINATOR -> {}
        }
        out.write(rec, off, len);
        if (kind == Kind.TERMINATOR) out.write(terminator);
    }

    public String describe() {
        return switch (kind) {
            case TERMINATOR ->
                terminator.length == 1 && terminator[0] == '\n'
                        ? "one per line"
                        : "terminated by " + dev.vitrine.app.ui.table.RecordText.escape(terminator);
            case ULEB128 -> "uleb128 length-prefixed";
            case U64LE -> "u64le length-prefixed";
        };
    }
}
