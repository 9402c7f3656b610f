package dev.vitrine.app;

import dev.vitrine.app.cli.VitrineCli;

/**
 * Entry point of the `vitrine` launcher: a subcommand (info, verify, cat, ...) runs headless
 * on the core; no arguments, or file names, open the window. JavaFX classes are loaded only
 * in the second case, so scripts never pay for (or need) a display.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        dev.vitrine.core.io.ZstdNative.prepare(); // before any archive is read: its library from the cache
        if (args.length > 0 && args[0].equals("verify")) prepareVerifyCalls();
        if (VitrineCli.handles(args)) {
            System.exit(VitrineCli.run(args));
        }
        // `vitrine verfy FILE`: a typo, not a file to open in the window.
        var typo = VitrineCli.unknownCommand(args);
        if (typo.isPresent()) {
            System.err.println(typo.get());
            System.exit(2);
        }
        prepareS3(args);
        DesktopLauncher.launch(args);
    }

    /**
     * An s3:// address among the window's arguments: the AWS SDK's client is made on another core
     * while the window starts (the window's start-up cache does not hold the SDK: a second cold),
     * not when the first request waits for it; the first draw comes 0.3-0.4 s sooner, the empty
     * window as much later. Nothing is sent. (For an https:// argument, TLS set up the same way
     * drew 50-120 ms sooner and showed the window 200 ms later: not done. The command line starts
     * from caches that hold both.)
     */
    private static void prepareS3(String[] args) {
        for (String a : args) {
            if (a.regionMatches(true, 0, "s3://", 0, 5)) {
                dev.vitrine.core.location.Locations.prepare(a, dev.vitrine.core.location.RemoteOptions.DEFAULT);
                return;
            }
        }
    }

    /**
     * Verify hashes with OpenSSL's SHA-256, checks CRC-64s with liblzma's and releases the pages
     * it has read, all through native calls whose first linking costs 0.2-0.4 s of CPU: done on
     * another core now, while the command line is parsed and the archive opened, instead of
     * before the first block is checked.
     */
    private static void prepareVerifyCalls() {
        Thread t = new Thread(
                () -> {
                    // in the order verify needs them
                    dev.vitrine.core.io.Sha256.nativeAvailable();
                    dev.vitrine.core.io.Crc64Xz.isNative();
                    dev.vitrine.core.export.PassedPages.prepare();
                },
                "verify-native-calls");
        t.setDaemon(true);
        t.start();
    }
}
