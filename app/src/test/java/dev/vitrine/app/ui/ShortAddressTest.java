package dev.vitrine.app.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What a remote archive's tab says: host and path, the middle given up first when long. */
class ShortAddressTest {

    @Test
    void shortAddressesKeepHostAndPath() {
        assertEquals("example.com/data/a.zss", ShortAddress.of("https://example.com/data/a.zss"));
        assertEquals("s3://bucket/weather-bundle", ShortAddress.of("s3://bucket/weather-bundle/"));
        // a login's user and a signed URL's parameters tell nothing apart
        assertEquals("example.com/a.zss", ShortAddress.of("https://me:…@example.com/a.zss?X-Amz-Signature=…"));
    }

    @Test
    void longOnesKeepTheFileAndItsFolder() {
        assertEquals(
                "s3://bucket/…/parts/2024/05/logs/weather-lzma.zs",
                ShortAddress.of("s3://bucket/very/long/prefix/of/many/parts/2024/05/logs/weather-lzma.zs"));
        assertEquals(
                "example.com/…/a-folder-with-a-long-name/an-archive-with-a-longer-name.zs",
                ShortAddress.of("http://example.com/x/a-folder-with-a-long-name/an-archive-with-a-longer-name.zs"));
    }
}
