package dev.vitrine.app.ui.files;

/**
 * The format and pixel size of a PNG, JPEG, GIF or BMP, read from its header without decoding
 * it, so a small file that claims 100,000 × 100,000 pixels is refused before anything allocates
 * the pixels. No toolkit.
 */
public record ImageInfo(String format, int width, int height) {

    public long pixels() {
        return (long) width * height;
    }

    /** The format named by the magic bytes, or null. Cheap: looks at the first 12 bytes. */
    public static String formatOf(byte[] b, int n) {
        if (n >= 8
                && (b[0] & 0xff) == 0x89
                && b[1] == 'P'
                && b[2] == 'N'
                && b[3] == 'G'
                && b[4] == 0x0d
                && b[5] == 0x0a
                && b[6] == 0x1a
                && b[7] == 0x0a) return "PNG";
        if (n >= 3 && (b[0] & 0xff) == 0xff && (b[1] & 0xff) == 0xd8 && (b[2] & 0xff) == 0xff) return "JPEG";
        if (n >= 6
                && b[0] == 'G'
                && b[1] == 'I'
                && b[2] == 'F'
                && b[3] == '8'
                && (b[4] == '7' || b[4] == '9')
                && b[5] == 'a') return "GIF";
        if (n >= 26 && b[0] == 'B' && b[1] == 'M' && (u32le(b, 14) == 12 || u32le(b, 14) >= 40 && u32le(b, 14) <= 124))
            return "BMP";
        return null;
    }

    /** Format and size from the header, or null when the header is not one we can read. */
    public static ImageInfo read(byte[] b, int n) {
        String f = formatOf(b, n);
        if (f == null) return null;
        return switch (f) {
            case "PNG" ->
                n >= 24 && b[12] == 'I' && b[13] == 'H' && b[14] == 'D' && b[15] == 'R'
                        ? sized(f, u32be(b, 16), u32be(b, 20))
                        : null;
            case "GIF" -> n >= 10 ? sized(f, u16le(b, 6), u16le(b, 8)) : null;
            case "BMP" ->
                u32le(b, 14) == 12
                        ? sized(f, u16le(b, 18), u16le(b, 20))
                        : sized(f, Math.abs((long) (int) u32le(b, 18)), Math.abs((long) (int) u32le(b, 22)));
            case "JPEG" -> jpeg(b, n);
            default -> null;
        };
    }

    /** Walks the JPEG markers to the first start-of-frame (SOF0..SOF15 but DHT, JPG, DAC). */
    private static ImageInfo jpeg(byte[] b, int n) {
        int i = 2;
        while (i + 9 < n) {
            if ((b[i] & 0xff) != 0xff) return null;
            int marker = b[i + 1] & 0xff;
            if (marker == 0xff) {
                i++;
                continue;
            }
            if (marker == 0xd8 || marker == 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
                i += 2;
                continue;
            }
            int len = u16be(b, i + 2);
            if (marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc) {
                return sized("JPEG", u16be(b, i + 7), u16be(b, i + 5));
            }
            if (len < 2) return null;
            i += 2 + len;
        }
        return null;
    }

    private static ImageInfo sized(String f, long w, long h) {
        if (w <= 0 || h <= 0 || w > Integer.MAX_VALUE || h > Integer.MAX_VALUE) return null;
        return new ImageInfo(f, (int) w, (int) h);
    }

    private static long u32be(byte[] b, int i) {
        return ((long) (b[i] & 0xff) << 24) | ((b[i + 1] & 0xff) << 16) | ((b[i + 2] & 0xff) << 8) | (b[i + 3] & 0xff);
    }

    private static long u32le(byte[] b, int i) {
        return ((long) (b[i + 3] & 0xff) << 24) | ((b[i + 2] & 0xff) << 16) | ((b[i + 1] & 0xff) << 8) | (b[i] & 0xff);
    }

    private static int u16be(byte[] b, int i) {
        return ((b[i] & 0xff) << 8) | (b[i + 1] & 0xff);
    }

    private static int u16le(byte[] b, int i) {
        return ((b[i + 1] & 0xff) << 8) | (b[i] & 0xff);
    }
}
