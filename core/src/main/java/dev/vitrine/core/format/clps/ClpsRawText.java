package dev.vitrine.core.format.clps;

import dev.vitrine.core.export.EntryPathPolicy;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * msgpack strings that are not UTF-8, kept whole. clp-s stores the path it was given as
 * {@code _filename} byte for byte, and Linux file names are bytes, so an archive made from
 * {@code $'\xffname.jsonl'} is sound: {@code clp-s x} reads it. Each byte that is not part of
 * valid UTF-8 becomes the lone surrogate U+DC80..U+DCFF (Python's "surrogateescape", PEP 383):
 * the text is then still a Java string, no two byte strings give the same text, the exact bytes
 * come back with {@link #bytes}, and the shared name printers already quote and escape lone
 * surrogates ({@code "\\udcffname.jsonl"}). Valid UTF-8 never decodes to a lone surrogate, so
 * the mark is unambiguous.
 */
final class ClpsRawText {
    private static final char FIRST = '\uDC80', LAST = '\uDCFF';

    private ClpsRawText() {}

    /** The bytes as text: UTF-8 where they are, each other byte as U+DC00 plus its value. */
    static String decode(byte[] b) {
        CharsetDecoder d = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b);
        CharBuffer out = CharBuffer.allocate(b.length);
        while (true) {
            CoderResult r = d.decode(in, out, true);
            if (r.isUnderflow()) break;
            if (!r.isError()) throw new IllegalStateException("decoded text longer than its bytes");
            // Malformed (or unmappable) input: its bytes are escaped one by one, then decoding goes on.
            for (int i = 0; i < r.length(); i++) out.put((char) (0xDC00 | (in.get() & 0xff)));
        }
        d.flush(out);
        return out.flip().toString();
    }

    /** Whether {@code s} holds a byte {@link #decode} could not read as UTF-8. */
    static boolean hasRawBytes(String s) {
        return firstRawByte(s) >= 0;
    }

    /** The char index of the first escaped byte in {@code s}, or -1. */
    static int firstRawByte(String s) {
        for (int i = 0; i < s.length(); i++) if (isRaw(s, i)) return i;
        return -1;
    }

    /** The exact bytes {@link #decode} read {@code s} from. */
    static byte[] bytes(String s) {
        if (!hasRawBytes(s)) return s.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() + 8);
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            if (!isRaw(s, i)) continue;
            out.writeBytes(s.substring(from, i).getBytes(StandardCharsets.UTF_8));
            out.write(s.charAt(i) & 0xff);
            from = i + 1;
        }
        out.writeBytes(s.substring(from).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** {@code s} with each escaped byte replaced by U+FFFD, as UTF-8 readers show such bytes: text any file system takes. */
    static String replaced(String s) {
        if (!hasRawBytes(s)) return s;
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) b.append(isRaw(s, i) ? '\uFFFD' : s.charAt(i));
        return b.toString();
    }

    /**
     * A metadata value as the tree and the packet tables show it: as it is, or quoted and escaped
     * by the shared name rule when it holds escaped bytes, controls or deceptive characters.
     */
    static Object shown(Object v) {
        return v instanceof String s && !s.isEmpty() && EntryPathPolicy.needsQuoting(s) ? EntryPathPolicy.shown(s) : v;
    }

    /** A lone low surrogate in the escape range (a low surrogate after a high one is half of a real character). */
    private static boolean isRaw(String s, int i) {
        char c = s.charAt(i);
        return c >= FIRST && c <= LAST && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)));
    }
}
