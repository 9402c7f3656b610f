package dev.vitrine.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the window cannot start, the one line says why, and names the package when GTK 3 is missing. */
class DesktopLauncherMessageTest {
    @Test
    void missingGtkNamesThePackage() {
        String m = DesktopLauncher.cannotStart("Unable to load glass GTK library.", false);
        assertTrue(m.startsWith("vitrine: cannot open a window: the window needs GTK 3 (install libgtk-3-0"), m);
        assertTrue(DesktopLauncher.cannotStart("Internal Error", true).contains("install libgtk-3-0"));
        assertEquals(1, m.lines().count());
    }

    @Test
    void otherFailuresKeepTheirReason() {
        String m = DesktopLauncher.cannotStart("Unable to open DISPLAY", false);
        assertTrue(m.startsWith("vitrine: cannot open a window (Unable to open DISPLAY)"), m);
    }
}
