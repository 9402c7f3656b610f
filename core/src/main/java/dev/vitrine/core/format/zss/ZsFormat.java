package dev.vitrine.core.format.zss;

/** ZS v0.10, the released successor of ZSS (codecs none, deflate, lzma2). */
public final class ZsFormat extends ZssFamilyFormat {
    public ZsFormat() {
        super(ZssFlavor.ZS);
    }
}
