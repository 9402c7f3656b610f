package dev.vitrine.core.io;

import com.github.luben.zstd.util.ZstdVersion;
import java.util.Locale;

/**
 * Points zstd-jni at its library's copy in {@link NativeCache} before its first use, so a
 * command does not copy 900 KB out of the jar into a new temp file on every start (90 ms).
 *
 * <p>The launchers also start the JVM with {@code -Djdk.util.jar.version=21}, so that zstd-jni's
 * multi-release jar gives its JNI classes, not the FFM ones it adds for Java 22 and later: those
 * link every zstd function as a downcall when first used, about 0.4 s of a clp-s command's start
 * against 10 ms for JNI, with no gain on the large buffers we decompress.
 */
public final class ZstdNative {
    private static final String PROPERTY = "ZstdNativePath";

    private ZstdNative() {}

    /** Sets {@code ZstdNativePath} unless it is set; anything unexpected leaves zstd-jni's own loading. */
    public static synchronized void prepare() {
        if (System.getProperty(PROPERTY) != null) return;
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (!os.startsWith("linux")) return; // the only platform we package for; elsewhere zstd-jni finds its own
        String name = "libzstd-jni-" + ZstdVersion.VERSION + ".so";
        try {
            String lib = NativeCache.copyOf(ZstdVersion.class, "linux/" + arch + "/" + name, name, "zstd-jni")
                    .toString();
            System.setProperty(PROPERTY, lib);
        } catch (java.io.IOException | RuntimeException e) {
            // zstd-jni then copies its library into a temp file as it always did
        }
    }
}
