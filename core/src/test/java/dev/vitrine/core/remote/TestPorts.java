package dev.vitrine.core.remote;

import java.io.IOException;

/** A free loopback port, for tests in other packages that need an address nothing listens on. */
public final class TestPorts {
    private TestPorts() {}

    public static int free() throws IOException {
        return TestServers.freePort();
    }
}
