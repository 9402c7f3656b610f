package dev.vitrine.core.format.zss;

import java.util.List;

/**
 * The two members of the family: ZSS (the original format) and ZS v0.10 (its released
 * successor). Layout is identical; only the magic numbers, the name used in messages and the
 * codec set differ.
 */
public enum ZssFlavor {
    ZSS(
            "zss",
            "ZSS",
            "ZSS sorted records",
            bytes(0x5a, 0x53, 0x53, 0x1c, 0x8e, 0x6c, 0x00, 0x01),
            bytes(0x53, 0x53, 0x5a, 0x1c, 0x8e, 0x6c, 0x00, 0x01),
            List.of("none", "deflate", "bz2")),
    ZS(
            "zs",
            "ZS",
            "ZS v0.10 sorted records",
            bytes(0xab, 0x5a, 0x53, 0x66, 0x69, 0x4c, 0x65, 0x01),
            bytes(0xab, 0x5a, 0x53, 0x74, 0x6f, 0x42, 0x65, 0x01),
            List.of("none", "deflate", Lzma2Codec.NAME));

    private final String id;
    private final String label;
    private final String displayName;
    private final byte[] magic;
    private final byte[] partialMagic;
    private final List<String> codecs;

    ZssFlavor(String id, String label, String displayName, byte[] magic, byte[] partialMagic, List<String> codecs) {
        this.id = id;
        this.label = label;
        this.displayName = displayName;
        this.magic = magic;
        this.partialMagic = partialMagic;
        this.codecs = codecs;
    }

    /** Format id and file extension, e.g. "zss". */
    public String id() {
        return id;
    }

    /** The name used in messages, e.g. "ZSS". */
    public String label() {
        return label;
    }

    public String displayName() {
        return displayName;
    }

    public byte[] magic() {
        return magic.clone();
    }

    /** Written first and replaced by {@link #magic()} once the file is complete and synced. */
    public byte[] partialMagic() {
        return partialMagic.clone();
    }

    /** Codec names as stored in the header. */
    public List<String> codecs() {
        return codecs;
    }

    boolean isMagic(byte[] b) {
        return java.util.Arrays.equals(b, magic);
    }

    boolean isPartialMagic(byte[] b) {
        return java.util.Arrays.equals(b, partialMagic);
    }

    /** The header codec name for a user-given name ("lzma" is accepted for ZS's lzma2 codec). */
    public String codecName(String userName) {
        if (this == ZS && ("lzma".equals(userName) || "lzma2".equals(userName))) return Lzma2Codec.NAME;
        return userName;
    }

    private static byte[] bytes(int... v) {
        byte[] b = new byte[v.length];
        for (int i = 0; i < v.length; i++) b[i] = (byte) v[i];
        return b;
    }
}
