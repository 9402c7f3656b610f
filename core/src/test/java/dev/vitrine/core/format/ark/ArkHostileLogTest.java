package dev.vitrine.core.format.ark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.export.ExportLimit;
import dev.vitrine.core.export.ExportOptions;
import dev.vitrine.core.export.ExportReport;
import dev.vitrine.core.export.Exporter;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile logs: index entries that all name one message, a payload that inflates past the limit, a missing split. */
class ArkHostileLogTest {
    @TempDir
    Path tmp;

    @Test
    void messagesSharingBytesAreDecodedOnceAndTheOthersAreSaidNotWritten() throws Exception {
        int message = 64 << 10;
        ArkHostileLogs.aliases(tmp, 2000, message);
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertEquals(2000, a.writeJsonLines(null, Long.MIN_VALUE, Long.MAX_VALUE, out));
            // One copy of the message, not 2,000 (128 MB of JSON before).
            assertTrue(out.size() < 2 * message + 2000 * 200, "wrote " + out.size() + " bytes");
            List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
            assertTrue(lines.get(0).contains("\"value\""));
            assertTrue(lines.get(1).contains("\"error\":\"shares bytes ["), lines.get(1));
            List<Problem> met = a.damageMet();
            assertTrue(met.size() > 1 && met.size() <= 12, met.toString()); // ten, then one line with the count
            assertTrue(
                    met.getFirst().message().contains("message 1 of /alias")
                            && met.getFirst().offset() > 0,
                    met.toString());
            assertTrue(
                    met.getLast().message().contains("1989 more like this"),
                    met.getLast().message());
            // Export through the shared exporter: also one copy.
            ExportReport r = new Exporter(ExportLimit.of(a, Limits.DEFAULT).applyTo(ExportOptions.DEFAULT))
                    .export(a.channelFiles(List.of()), tmp.resolve("out"));
            assertTrue(Files.size(tmp.resolve("out/alias.jsonl")) < 2 * message + 2000 * 200, r.toString());
            // Verify still reports the overlaps.
            assertTrue(
                    ArkTestLogs.verify(a).stream().anyMatch(p -> p.message().contains("overlaps the one of entry 0")));
        }
    }

    @Test
    void aPayloadThatInflatesPastTheLimitIsReportedWhereItIsNotDroppedSilently() throws Exception {
        ArkHostileLogs.zstdBomb(tmp, 8 << 20);
        Limits small = new Limits(
                1 << 20, Limits.DEFAULT.maxEntries(), Limits.DEFAULT.maxDepth(), Limits.DEFAULT.maxMetadataBytes());
        try (ArkArchive a = (ArkArchive) new ArkFormat().open(tmp, small)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertEquals(3, a.writeJsonLines(null, Long.MIN_VALUE, Long.MAX_VALUE, out));
            List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
            assertTrue(lines.get(1).contains("\"error\":\"zstd frame decodes to more than the limit"), lines.get(1));
            List<Problem> met = a.damageMet();
            assertEquals(1, met.size(), met.toString());
            Problem p = met.getFirst();
            assertEquals(Severity.ERROR, p.severity());
            assertTrue(p.file().startsWith("splits/") && p.offset() >= 1024, p.toString());
            assertTrue(
                    p.message().startsWith("message 1 of /a @2000000000: zstd frame decodes to more than the limit"),
                    p.message());
        }
    }

    @Test
    void linksAreNotFollowedAndAreCalledLinksNotMissing() throws Exception {
        Path log = tmp.resolve("log");
        ArkTestLogs.writeSmall(log, 10);
        List<Path> splits = ArkDamageTest.splits(log);
        Path linked = splits.getFirst();
        Files.delete(linked);
        Files.createSymbolicLink(linked, Path.of("/etc/passwd"));
        try (ArkArchive a = ArkTestLogs.open(log)) {
            List<Problem> ps = a.openProblems().stream()
                    .filter(p -> p.message().contains(linked.getFileName().toString()))
                    .toList();
            assertEquals(1, ps.size(), a.openProblems().toString());
            assertTrue(
                    ps.getFirst().message().contains("is not read: a symbolic link; links are not followed"),
                    ps.getFirst().message());
            assertEquals(
                    1,
                    ArkTestLogs.verify(a).stream()
                            .filter(p ->
                                    p.message().contains(linked.getFileName().toString()))
                            .count());
        }
        // splits/ itself a link to a folder outside the log: not followed, said for each split.
        Path outside = tmp.resolve("outside");
        Files.move(log.resolve("splits"), outside);
        Files.createSymbolicLink(log.resolve("splits"), outside);
        try (ArkArchive a = ArkTestLogs.open(log)) {
            assertTrue(
                    a.files().stream().noneMatch(f -> f.path().startsWith("splits/")),
                    a.files().toString());
            List<Problem> v = ArkTestLogs.verify(a);
            assertEquals(
                    splits.size(),
                    v.stream()
                            .filter(
                                    p -> p.severity() == Severity.ERROR
                                            && p.message()
                                                    .contains(
                                                            "splits is a symbolic link; links are not followed out of the archive folder"))
                            .count(),
                    v.toString());
        }
        Path manifests = tmp.resolve("manifests-elsewhere");
        Files.move(log.resolve("manifests"), manifests);
        Files.createSymbolicLink(log.resolve("manifests"), manifests);
        java.io.IOException e =
                org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> ArkTestLogs.open(log));
        assertTrue(dev.vitrine.core.text.Messages.reason(e).contains("manifests is a symbolic link"), e.toString());
    }

    @Test
    void aSplitThatMayNotBeReadSaysPermissionDenied() throws Exception {
        // Root reads whatever the mode says: run as an ordinary user (by hand: setpriv --reuid=nobody).
        org.junit.jupiter.api.Assumptions.assumeFalse("root".equals(System.getProperty("user.name")), "runs as root");
        ArkTestLogs.writeSmall(tmp, 10);
        Path locked = ArkDamageTest.splits(tmp).getFirst();
        Files.setPosixFilePermissions(locked, java.util.Set.of());
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            assertTrue(
                    a.openProblems().stream().anyMatch(p -> p.message().contains("is not read: permission denied")),
                    a.openProblems().toString());
        }
    }

    @Test
    void aMissingSplitIsAnErrorAtOpenYetTheRestReadsAndVerifySaysItOnce() throws Exception {
        ArkTestLogs.writeSmall(tmp, 10);
        Path gone = ArkDamageTest.splits(tmp).getFirst();
        Files.delete(gone);
        try (ArkArchive a = ArkTestLogs.open(tmp)) {
            assertFalse(a.unreadable());
            assertTrue(a.openProblems().stream()
                    .anyMatch(p -> p.severity() == Severity.ERROR
                            && p.message().contains(gone.getFileName().toString())));
            assertTrue(a.writeJsonLines(null, Long.MIN_VALUE, Long.MAX_VALUE, new ByteArrayOutputStream()) > 0);
            assertEquals(
                    1,
                    ArkTestLogs.verify(a).stream()
                            .filter(p -> p.message().contains(gone.getFileName().toString()))
                            .count());
        }
    }
}
