package dev.vitrine.core.format.zss;

import java.util.Optional;

/** Codec lookup by header name, per flavor (bz2 is ZSS only, lzma2 is ZS only). */
final class Codecs {
    private Codecs() {}

    static Optional<Codec> forName(ZssFlavor flavor, String name) {
        if (name == null || !flavor.codecs().contains(name)) return Optional.empty();
        return Optional.of(
                switch (name) {
                    case "none" -> NoneCodec.INSTANCE;
                    case "deflate" -> new DeflateCodec();
                    case "bz2" -> new Bzip2Codec();
                    case Lzma2Codec.NAME -> new Lzma2Codec();
                    default -> throw new IllegalStateException(name);
                });
    }
}
