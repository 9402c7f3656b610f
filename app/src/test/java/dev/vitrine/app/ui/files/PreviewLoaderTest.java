package dev.vitrine.app.ui.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.Content;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** What the preview reads of a file, and how little: no toolkit. */
class PreviewLoaderTest {

    static Content content(String name, byte[] b) {
        return new Content() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public long size() {
                return b.length;
            }

            @Override
            public InputStream open() {
                return new ByteArrayInputStream(b);
            }
        };
    }

    /** A content claiming {@code size} bytes whose stream repeats {@code head} and then zeros, counting what was read. */
    static final class Endless implements Content {
        final byte[] head;
        final long size;
        long read;

        Endless(byte[] head, long size) {
            this.head = head;
            this.size = size;
        }

        @Override
        public String name() {
            return "big";
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public InputStream open() {
            return new InputStream() {
                long pos;

                @Override
                public int read() {
                    byte[] one = new byte[1];
                    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    if (pos >= size) return -1;
                    int n = (int) Math.min(len, size - pos);
                    for (int i = 0; i < n; i++) b[off + i] = pos + i < head.length ? head[(int) (pos + i)] : (byte) 'a';
                    pos += n;
                    Endless.this.read += n;
                    return n;
                }
            };
        }
    }

    static byte[] image(String format, int w, int h) throws IOException {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) img.setRGB(x, y, (x * 255 / w) << 16 | (y * 255 / h) << 8 | 0x80);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertTrue(ImageIO.write(img, format, out), "no writer for " + format);
        return out.toByteArray();
    }

    @Test
    void smallUtf8TextIsShownWhole() {
        Preview p =
                PreviewLoader.load(content("a.txt", "héllo\nwörld ☃\n".getBytes(StandardCharsets.UTF_8)), () -> false);
        Preview.Text t = assertInstanceOf(Preview.Text.class, p);
        assertEquals("héllo\nwörld ☃\n", t.text());
        assertEquals("UTF-8", t.charset());
        assertFalse(t.truncated());
        assertEquals("text · UTF-8 · 18 B", t.note());
    }

    @Test
    void longTextStopsAt256KiBWithoutSplittingACharacter() {
        byte[] b = new byte[PreviewLoader.TEXT_LIMIT + 5000];
        Arrays.fill(b, (byte) 'x');
        byte[] snow = "☃".getBytes(StandardCharsets.UTF_8);
        System.arraycopy(snow, 0, b, PreviewLoader.TEXT_LIMIT - 1, 3); // straddles the limit
        Endless c = new Endless(b, b.length);
        Preview.Text t = assertInstanceOf(Preview.Text.class, PreviewLoader.load(c, () -> false));
        assertTrue(t.truncated());
        assertEquals(PreviewLoader.TEXT_LIMIT - 1, t.shown(), "the cut character is left out, not garbled");
        assertEquals(PreviewLoader.TEXT_LIMIT - 1, t.text().length());
        assertTrue(t.note().contains("showing first 256 KiB of 261 KiB"), t.note());
        assertTrue(c.read <= PreviewLoader.TEXT_LIMIT + 1, "read " + c.read + " bytes");
    }

    @Test
    void aHugeTextFileIsReadOnlyAsFarAsShown() {
        Endless c = new Endless("line\n".getBytes(StandardCharsets.US_ASCII), 10L << 30);
        Preview.Text t = assertInstanceOf(Preview.Text.class, PreviewLoader.load(c, () -> false));
        assertEquals(10L << 30, t.total());
        assertTrue(c.read <= PreviewLoader.TEXT_LIMIT + 1, "read " + c.read + " bytes of 10 GiB");
        assertTrue(t.note().contains("of 10.0 GiB"), t.note());
    }

    @Test
    void invalidUtf8FallsBackToLatin1() {
        byte[] b = "caf\u00e9 cr\u00e8me".getBytes(StandardCharsets.ISO_8859_1);
        Preview.Text t = assertInstanceOf(Preview.Text.class, PreviewLoader.load(content("l.txt", b), () -> false));
        assertEquals("café crème", t.text());
        assertTrue(t.charset().startsWith("Latin-1"));
    }

    @Test
    void binaryGetsANoteAndAHexDump() {
        byte[] b = new byte[1000];
        for (int i = 0; i < b.length; i++) b[i] = (byte) (i * 7);
        Preview.Binary p = assertInstanceOf(Preview.Binary.class, PreviewLoader.load(content("x.dat", b), () -> false));
        assertEquals("data", p.kind());
        assertTrue(p.note().startsWith("binary file · data · 1000 B"), p.note());
        String[] lines = p.hex().split("\n");
        assertEquals(PreviewLoader.HEX_BYTES / 16, lines.length);
        assertEquals("00000000  00 07 0e 15 1c 23 2a 31  38 3f 46 4d 54 5b 62 69  |.....#*18?FMT[bi|", lines[0]);
        assertEquals("ZIP archive", PreviewLoader.kindOf(new byte[] {'P', 'K', 3, 4, 0}, 5));
    }

    @Test
    void picturesAreReadWholeWithTheirSizeFromTheHeader() throws Exception {
        for (String f : new String[] {"png", "jpg", "gif", "bmp"}) {
            byte[] b = image(f, 64, 48);
            Preview.Picture p =
                    assertInstanceOf(Preview.Picture.class, PreviewLoader.load(content("p." + f, b), () -> false), f);
            assertEquals(64, p.info().width(), f);
            assertEquals(48, p.info().height(), f);
            assertEquals(b.length, p.bytes().length);
            assertTrue(p.note().startsWith("image · "), p.note());
        }
    }

    @Test
    void aPictureClaimingTooManyPixelsOrBytesIsNotDecoded() throws Exception {
        byte[] png = image("png", 8, 8);
        // Patch IHDR to claim 100,000 × 100,000 pixels (the CRC is wrong too; we never decode it).
        byte[] bomb = png.clone();
        for (int i : new int[] {16, 20}) {
            bomb[i] = 0;
            bomb[i + 1] = 1;
            bomb[i + 2] = (byte) 0x86;
            bomb[i + 3] = (byte) 0xa0;
        }
        Preview.Binary b =
                assertInstanceOf(Preview.Binary.class, PreviewLoader.load(content("bomb.png", bomb), () -> false));
        assertTrue(b.reason().contains("100000 × 100000 px is too large"), b.reason());
        Endless big = new Endless(png, PreviewLoader.IMAGE_LIMIT + 1);
        Preview.Binary tooBig = assertInstanceOf(Preview.Binary.class, PreviewLoader.load(big, () -> false));
        assertTrue(tooBig.reason().contains("larger than 32.0 MiB"), tooBig.reason());
        assertTrue(big.read <= PreviewLoader.TEXT_LIMIT + 1);
    }

    @Test
    void imageHeadersAreReadWithoutDecoding() throws Exception {
        for (String f : new String[] {"png", "jpg", "gif", "bmp"}) {
            byte[] b = image(f, 300, 7);
            ImageInfo i = ImageInfo.read(b, b.length);
            assertEquals(300, i.width(), f);
            assertEquals(7, i.height(), f);
        }
        assertNull(ImageInfo.read("BMW is not a bitmap, says this text".getBytes(StandardCharsets.US_ASCII), 35));
        assertNull(
                ImageInfo.read(new byte[] {(byte) 0xff, (byte) 0xd8, (byte) 0xff}, 3),
                "a JPEG cut before its frame header");
    }

    @Test
    void emptyUnreadableAndCancelled() {
        assertInstanceOf(Preview.Empty.class, PreviewLoader.load(content("e", new byte[0]), () -> false));
        Content broken = new Content() {
            @Override
            public String name() {
                return "bad";
            }

            @Override
            public long size() {
                return 10;
            }

            @Override
            public InputStream open() throws IOException {
                throw new IOException("entry \"bad\": range runs past the data section");
            }
        };
        Preview.Unreadable u = assertInstanceOf(Preview.Unreadable.class, PreviewLoader.load(broken, () -> false));
        assertTrue(u.note().contains("runs past the data section"), u.note());
        assertThrows(
                CancellationException.class, () -> PreviewLoader.load(new Endless(new byte[0], 1 << 20), () -> true));
    }
}
