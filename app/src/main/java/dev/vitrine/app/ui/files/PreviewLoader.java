package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.Human;
import dev.vitrine.core.model.Content;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Reads what the preview shows of one file, never more than it needs: the first 256 KiB for
 * text (strict UTF-8, else Latin-1), a whole picture only when it is at most 32 MiB and its
 * header promises a sane pixel count, otherwise a hex dump of the first bytes. Blocking and
 * cancellable between reads: run it in the background. No toolkit.
 */
public final class PreviewLoader {
    public static final int TEXT_LIMIT = 256 * 1024;
    public static final long IMAGE_LIMIT = 32L << 20;
    /** 40 megapixels: about 160 MB once decoded as ARGB; a picture claiming more is not decoded. */
    public static final long MAX_PIXELS = 40_000_000L;

    static final int HEX_BYTES = 256;
    static final int SNIFF = 8192;
    private static final int READ = 64 * 1024;

    private PreviewLoader() {}

    public static Preview load(Content content, BooleanSupplier cancelled) {
        long total;
        try {
            total = content.size();
        } catch (RuntimeException e) {
            return new Preview.Unreadable(Human.error(e), 0);
        }
        try (InputStream in = content.open()) {
            return read(in, total, cancelled);
        } catch (CancellationException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            return new Preview.Unreadable(Human.error(e), total);
        }
    }

    private static Preview read(InputStream in, long total, BooleanSupplier cancelled) throws IOException {
        byte[] head = readUpTo(in, TEXT_LIMIT, cancelled);
        int n = head.length;
        if (n == 0) return total == 0 ? new Preview.Empty() : new Preview.Unreadable("no bytes could be read", total);
        String format = ImageInfo.formatOf(head, n);
        if (format != null) return picture(in, head, format, Math.max(total, n), cancelled);
        boolean more = n == TEXT_LIMIT && in.read() >= 0;
        long size = Math.max(total, n + (more ? 1L : 0L));
        if (looksBinary(head, Math.min(n, SNIFF)))
            return new Preview.Binary(kindOf(head, n), "", hexDump(head, Math.min(n, HEX_BYTES)), size);
        return text(head, n, more || n < total, size);
    }

    private static Preview picture(InputStream in, byte[] head, String format, long total, BooleanSupplier cancelled)
            throws IOException {
        String kind = format + " image";
        String hex = hexDump(head, Math.min(head.length, HEX_BYTES));
        if (total > IMAGE_LIMIT)
            return new Preview.Binary(
                    kind, "image larger than " + Human.size(IMAGE_LIMIT) + "; not previewed", hex, total);
        ImageInfo info = ImageInfo.read(head, head.length);
        if (info == null) return new Preview.Binary(kind, "image header cannot be read", hex, total);
        if (info.pixels() > MAX_PIXELS) {
            return new Preview.Binary(
                    kind,
                    "image of " + info.width() + " × " + info.height() + " px is too large to preview",
                    hex,
                    total);
        }
        byte[] all = head;
        if (head.length == TEXT_LIMIT) {
            byte[] rest = readUpTo(in, (int) (IMAGE_LIMIT - TEXT_LIMIT), cancelled);
            all = Arrays.copyOf(head, head.length + rest.length);
            System.arraycopy(rest, 0, all, head.length, rest.length);
        }
        return new Preview.Picture(all, info, total);
    }

    private static Preview text(byte[] b, int n, boolean truncated, long total) {
        int end = truncated ? completeUtf8(b, n) : n;
        int start = end >= 3 && (b[0] & 0xff) == 0xef && (b[1] & 0xff) == 0xbb && (b[2] & 0xff) == 0xbf ? 3 : 0;
        try {
            String s = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, start, end - start))
                    .toString();
            return new Preview.Text(s, "UTF-8", end, total);
        } catch (CharacterCodingException e) {
            return new Preview.Text(
                    new String(b, 0, n, StandardCharsets.ISO_8859_1), "Latin-1 (not valid UTF-8)", n, total);
        }
    }

    /** {@code n} less an incomplete UTF-8 sequence at the end (cut off by the read limit). */
    static int completeUtf8(byte[] b, int n) {
        for (int i = n - 1; i >= 0 && i >= n - 4; i--) {
            int c = b[i] & 0xff;
            if ((c & 0xc0) == 0x80) continue; // continuation byte: look further back for its lead
            int need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
            return n - i < need ? i : n;
        }
        return n;
    }

    /** A NUL, or more than one byte in twenty a control character other than tab, newlines, form feed and escape. */
    static boolean looksBinary(byte[] b, int n) {
        int control = 0;
        for (int i = 0; i < n; i++) {
            int c = b[i] & 0xff;
            if (c == 0) return true;
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b) || c == 0x7f) control++;
        }
        return control * 20 > n;
    }

    /** A word on what the bytes are, from their magic. */
    static String kindOf(byte[] b, int n) {
        if (starts(b, n, 'P', 'K', 3, 4)) return "ZIP archive";
        if (starts(b, n, 0x1f, 0x8b)) return "gzip data";
        if (starts(b, n, 0x28, 0xb5, 0x2f, 0xfd)) return "zstd data";
        if (starts(b, n, 0xfd, '7', 'z', 'X', 'Z', 0)) return "xz data";
        if (starts(b, n, 'B', 'Z', 'h')) return "bzip2 data";
        if (starts(b, n, '7', 'z', 0xbc, 0xaf, 0x27, 0x1c)) return "7-Zip archive";
        if (starts(b, n, '%', 'P', 'D', 'F')) return "PDF document";
        if (starts(b, n, 0x7f, 'E', 'L', 'F')) return "ELF executable";
        if (starts(b, n, 'M', 'Z')) return "DOS/Windows executable";
        if (starts(b, n, 'S', 'Q', 'L', 'i', 't', 'e')) return "SQLite database";
        return "data";
    }

    private static boolean starts(byte[] b, int n, int... magic) {
        if (n < magic.length) return false;
        for (int i = 0; i < magic.length; i++) if ((b[i] & 0xff) != magic[i]) return false;
        return true;
    }

    /** Classic dump: offset, 16 bytes in hex (a gap after 8), and the printable ASCII. */
    static String hexDump(byte[] b, int n) {
        StringBuilder s = new StringBuilder();
        for (int row = 0; row < n; row += 16) {
            s.append(String.format("%08x ", row));
            for (int i = 0; i < 16; i++) {
                if (i == 8) s.append(' ');
                s.append(row + i < n ? String.format(" %02x", b[row + i] & 0xff) : "   ");
            }
            s.append("  |");
            for (int i = row; i < Math.min(n, row + 16); i++) {
                int c = b[i] & 0xff;
                s.append(c >= 0x20 && c < 0x7f ? (char) c : '.');
            }
            s.append("|\n");
        }
        return s.toString();
    }

    /** Up to {@code limit} bytes, in pieces, checking for cancellation between them. */
    static byte[] readUpTo(InputStream in, int limit, BooleanSupplier cancelled) throws IOException {
        byte[] buf = new byte[(int) Math.min(limit, READ)];
        int n = 0;
        while (n < limit) {
            if (cancelled.getAsBoolean()) throw new CancellationException("preview cancelled");
            if (n == buf.length) buf = Arrays.copyOf(buf, (int) Math.min(limit, (long) buf.length * 2));
            int r = in.read(buf, n, Math.min(buf.length - n, READ));
            if (r < 0) break;
            n += r;
        }
        return n == buf.length ? buf : Arrays.copyOf(buf, n);
    }
}
