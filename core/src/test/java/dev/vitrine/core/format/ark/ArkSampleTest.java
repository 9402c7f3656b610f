package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.TimedMessages;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArkSampleTest {
    @TempDir
    Path tmp;

    @Test
    void sampleLogIsCleanDeterministicAndHidesTheDebugChannel() throws Exception {
        ArkSample.write(tmp.resolve("a"), 4);
        ArkSample.write(tmp.resolve("b"), 4);
        List<Path> fa;
        try (Stream<Path> s = Files.walk(tmp.resolve("a"))) {
            fa = s.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path p : fa)
            assertArrayEquals(
                    Files.readAllBytes(p),
                    Files.readAllBytes(tmp.resolve("b").resolve(tmp.resolve("a").relativize(p))));
        try (ArkArchive a = ArkTestLogs.open(tmp.resolve("a"))) {
            assertEquals(List.of(), a.openProblems());
            assertEquals(List.of(), ArkTestLogs.verify(a));
            List<String> names =
                    a.channels().stream().map(TimedMessages.ChannelInfo::name).toList();
            assertEquals(List.of("/battery", "/camera/info", "/config", "/imu", "/odom", "/status"), names);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertEquals(
                    a.recordCount(),
                    a.writeJsonLines("channel=/status", out)
                            + a.recordCount()
                            - a.channels().get(5).count());
            assertTrue(out.toString().contains("\"task\":{\"index\":"));
        }
    }

    /** The bundled sample, when present, is exactly what the writer makes (so it can be remade). */
    @Test
    void bundledSampleMatchesTheWriter() throws Exception {
        Path bundled = Path.of("../samples/robot-log");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(bundled), "no bundled sample");
        ArkSample.write(tmp, 20);
        try (ArkArchive a = ArkTestLogs.open(bundled)) {
            assertEquals(List.of(), ArkTestLogs.verify(a));
        }
        try (Stream<Path> s = Files.walk(bundled)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                assertArrayEquals(
                        Files.readAllBytes(tmp.resolve(bundled.relativize(p).toString())),
                        Files.readAllBytes(p),
                        p.toString());
            }
        }
    }
}
