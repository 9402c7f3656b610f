package dev.vitrine.core.format.zss;

/** ZSS, the original sorted-records format (codecs none, deflate, bz2). */
public final class ZssFormat extends ZssFamilyFormat {
    public ZssFormat() {
        super(ZssFlavor.ZSS);
    }
}
