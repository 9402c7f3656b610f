package dev.vitrine.core.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vitrine.core.model.Content;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ExportEngineTest {
    @TempDir
    Path tmp;

    Path dest;
    Path outside;

    /** In-memory content; {@code declared} may lie about the size. */
    record Bytes(String name, byte[] data, long declared) implements Content {
        Bytes(String name, String text) {
            this(name, text.getBytes(StandardCharsets.UTF_8), text.getBytes(StandardCharsets.UTF_8).length);
        }

        @Override
        public long size() {
            return declared;
        }

        @Override
        public InputStream open() {
            return new ByteArrayInputStream(data);
        }
    }

    record Mapped(String name, byte[] data) implements SegmentContent {
        @Override
        public long size() {
            return data.length;
        }

        @Override
        public MemorySegment segment() {
            return MemorySegment.ofArray(data);
        }

        @Override
        public InputStream open() {
            return new ByteArrayInputStream(data);
        }
    }

    @BeforeEach
    void layout() throws IOException {
        dest = tmp.resolve("dest");
        outside = Files.createDirectories(tmp.resolve("outside"));
    }

    private List<String> everythingUnder(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void policyRefusesEscapesAndCleansOddNames() {
        for (String bad : List.of(
                "",
                "../x",
                "a/../b",
                "..",
                "/etc/passwd",
                "\\x",
                "C:x",
                "c:\\x",
                "a\u0000b",
                "a\nb",
                "\u007f",
                "./",
                "//",
                "x\ud800")) {
            assertTrue(EntryPathPolicy.decide(bad) instanceof EntryPathPolicy.Refused, bad);
        }
        assertEquals(
                new EntryPathPolicy.Safe(
                        "a/b/c.txt", List.of("a", "b", "c.txt"), List.of("backslashes read as folder separators")),
                EntryPathPolicy.decide("a\\b\\c.txt"));
        assertEquals("x/y", ((EntryPathPolicy.Safe) EntryPathPolicy.decide("./x//y/")).relative());
        EntryPathPolicy.Safe plain = (EntryPathPolicy.Safe) EntryPathPolicy.decide("über café ☃.txt");
        assertFalse(plain.sanitised());
        assertEquals("\"a\\u0000b\\\\\"", EntryPathPolicy.quote("a\u0000b\\"));
    }

    @Test
    void writesNestedFilesAndCreatesTheFolder() throws Exception {
        ExportReport r = new Exporter(ExportOptions.DEFAULT)
                .export(
                        List.of(
                                new Bytes("a.txt", "A"),
                                new Mapped("d/e/b.bin", new byte[] {1, 2, 3}),
                                new Bytes("d\\c.txt", "C")),
                        dest);
        assertTrue(r.ok(), r::toString);
        assertEquals(3, r.exported().size());
        assertEquals(5, r.bytes());
        assertEquals("A", Files.readString(dest.resolve("a.txt")));
        assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(dest.resolve("d/e/b.bin")));
        assertEquals("C", Files.readString(dest.resolve("d/c.txt")));
        assertEquals(
                List.of("backslashes read as folder separators"),
                r.exported().get(2).notes());
        assertEquals(List.of("", "a.txt", "d", "d/c.txt", "d/e", "d/e/b.bin"), everythingUnder(dest));
    }

    @Test
    void hostileNamesNeverLeaveTheFolder() throws Exception {
        List<String> before = everythingUnder(tmp);
        List<Content> evil = new ArrayList<>();
        for (String n : List.of(
                "../escape.txt",
                "../../escape.txt",
                "sub/../../escape.txt",
                "/tmp/escape.txt",
                tmp.resolve("outside/abs.txt").toString(),
                "C:\\escape.txt",
                "..\\escape.txt",
                "a\u0000b",
                "",
                "x/../y")) {
            evil.add(new Bytes(n, "evil"));
        }
        ExportReport r = new Exporter(ExportOptions.OVERWRITE).export(evil, dest);
        assertEquals(evil.size(), r.refused().size(), r::toString);
        assertFalse(r.ok());
        List<String> after = new ArrayList<>(everythingUnder(tmp));
        after.remove("dest");
        assertEquals(before, after, "nothing new outside the destination");
        assertEquals(List.of(""), everythingUnder(dest));
        assertFalse(Files.exists(Path.of("/tmp/escape.txt")));
    }

    @Test
    void symbolicLinksInTheDestinationAreNotFollowed() throws Exception {
        Files.createDirectories(dest);
        Files.createSymbolicLink(dest.resolve("docs"), outside);
        Path victim = Files.writeString(outside.resolve("victim.txt"), "original");
        Files.createSymbolicLink(dest.resolve("victim.txt"), victim);
        ExportReport r = new Exporter(ExportOptions.OVERWRITE)
                .export(
                        List.of(
                                new Bytes("docs/x.txt", "evil"),
                                new Bytes("docs/deeper/y.txt", "evil"),
                                new Bytes("victim.txt", "evil"),
                                new Bytes("ok.txt", "fine")),
                        dest);
        assertEquals(3, r.refused().size(), r::toString);
        assertTrue(r.refused().get(0).reason().contains("symbolic link"));
        assertEquals(
                List.of("victim.txt"),
                everythingUnder(outside).stream().filter(s -> !s.isEmpty()).toList());
        assertEquals("original", Files.readString(victim));
        assertTrue(Files.isSymbolicLink(dest.resolve("victim.txt")));
        assertEquals("fine", Files.readString(dest.resolve("ok.txt")));
    }

    @Test
    void existingFilesAreSkippedUnlessOverwriteIsAsked() throws Exception {
        Files.createDirectories(dest);
        Files.writeString(dest.resolve("a.txt"), "mine");
        ExportReport r = new Exporter(ExportOptions.DEFAULT)
                .export(List.of(new Bytes("a.txt", "theirs"), new Bytes("b.txt", "new")), dest);
        assertEquals(1, r.skipped().size());
        assertTrue(r.ok(), "a skip is not a failure");
        assertEquals("mine", Files.readString(dest.resolve("a.txt")));
        r = new Exporter(ExportOptions.OVERWRITE).export(List.of(new Bytes("a.txt", "theirs")), dest);
        assertEquals(1, r.exported().size());
        assertEquals("theirs", Files.readString(dest.resolve("a.txt")));
        assertNoTemps();
    }

    /** Names limit bytes, not characters: 250, 240 and 240 bytes of é, € and 😀 are legal and export. */
    @ParameterizedTest
    @MethodSource("longNonAsciiNames")
    void longNamesThatAreNotAsciiExport(String name) throws Exception {
        assertTrue(name.getBytes(StandardCharsets.UTF_8).length >= 240);
        ExportReport r = new Exporter(ExportOptions.DEFAULT).export(List.of(new Bytes(name, "x")), dest);
        assertEquals(List.of(), r.failed());
        assertEquals("x", Files.readString(dest.resolve(name)));
        assertNoTemps();
    }

    static Stream<String> longNonAsciiNames() {
        return Stream.of("é".repeat(125), "€".repeat(80), "😀".repeat(60));
    }

    @Test
    void duplicatesAndObstaclesAreReportedAndTheRestIsWritten() throws Exception {
        Files.createDirectories(dest.resolve("dir"));
        Files.writeString(dest.resolve("file"), "x");
        ExportReport r = new Exporter(ExportOptions.OVERWRITE)
                .export(
                        List.of(
                                new Bytes("same.txt", "1"),
                                new Bytes("same.txt", "2"),
                                new Bytes("a//same.txt", "3"),
                                new Bytes("a/same.txt", "4"),
                                new Bytes("dir", "into a folder"),
                                new Bytes("file/under", "under a file"),
                                new Bytes("last.txt", "last")),
                        dest);
        assertEquals(2, r.refused().size(), r::toString);
        assertEquals(2, r.failed().size(), r::toString);
        assertEquals("1", Files.readString(dest.resolve("same.txt")));
        assertEquals("3", Files.readString(dest.resolve("a/same.txt")));
        assertEquals("last", Files.readString(dest.resolve("last.txt")));
    }

    @Test
    void contentThatLiesAboutItsSizeFailsWithoutLeavingAFile() throws Exception {
        ExportReport r = new Exporter(ExportOptions.DEFAULT)
                .export(
                        List.of(
                                new Bytes("short", "abc".getBytes(StandardCharsets.UTF_8), 10),
                                new Bytes("long", "abcdef".getBytes(StandardCharsets.UTF_8), 2),
                                new Content() {
                                    @Override
                                    public String name() {
                                        return "broken";
                                    }

                                    @Override
                                    public long size() {
                                        return 5;
                                    }

                                    @Override
                                    public InputStream open() throws IOException {
                                        throw new IOException("damaged at offset 7");
                                    }
                                }),
                        dest);
        assertEquals(3, r.failed().size(), r::toString);
        assertTrue(r.failed().get(2).reason().contains("offset 7"));
        assertEquals(List.of(""), everythingUnder(dest));
    }

    @Test
    void cancelStopsAndLeavesNoPartialFile() throws Exception {
        AtomicBoolean cancel = new AtomicBoolean();
        byte[] big = new byte[40 << 20];
        List<long[]> ticks = new ArrayList<>();
        ExportReport r = new Exporter(
                        ExportOptions.DEFAULT,
                        (done, total, name) -> {
                            ticks.add(new long[] {done, total});
                            if (done > 0) cancel.set(true);
                        },
                        cancel)
                .export(List.of(new Mapped("big.bin", big), new Bytes("after.txt", "x")), dest);
        assertTrue(r.cancelled());
        assertFalse(r.ok());
        assertEquals(List.of(""), everythingUnder(dest));
        assertEquals((40 << 20) + 1, ticks.getFirst()[1]);
    }

    @Test
    void streamsLargeContentInBoundedMemory() throws Exception {
        long size = 64L << 20;
        Content gen = new Content() {
            @Override
            public String name() {
                return "gen.bin";
            }

            @Override
            public long size() {
                return size;
            }

            @Override
            public InputStream open() {
                return new InputStream() {
                    long left = size;

                    @Override
                    public int read() {
                        return left-- > 0 ? 7 : -1;
                    }

                    @Override
                    public int read(byte[] b, int off, int len) {
                        if (left <= 0) return -1;
                        int n = (int) Math.min(len, left);
                        java.util.Arrays.fill(b, off, off + n, (byte) 7);
                        left -= n;
                        return n;
                    }
                };
            }
        };
        ExportReport r = new Exporter(ExportOptions.DEFAULT).export(List.of(gen), dest);
        assertTrue(r.ok(), r::toString);
        assertEquals(size, Files.size(dest.resolve("gen.bin")));
    }

    /** Content that, while it is being written, puts {@code intruder} at {@code where}: a file appearing mid-export. */
    record Racing(String name, Path where, String intruder) implements Content {
        @Override
        public long size() {
            return 3;
        }

        @Override
        public InputStream open() throws IOException {
            Files.createDirectories(where.getParent());
            Files.writeString(where, intruder);
            return new ByteArrayInputStream("new".getBytes(StandardCharsets.UTF_8));
        }
    }

    static List<TempFile.Publisher> publishers() {
        return List.of(TempFile.Publisher.forThisSystem(), TempFile.Publisher.portable());
    }

    @Test
    void onLinuxTheNoReplaceRenameIsUsed() {
        Assumptions.assumeTrue(System.getProperty("os.name").equals("Linux"));
        // The tests run with native access enabled, as the launcher does: a silent fall back would hide a regression.
        assertTrue(LinuxCalls.renameNoReplaceAvailable());
        assertTrue(TempFile.Publisher.forThisSystem().usesRename());
        assertTrue(LinuxCalls.madviseAvailable());
    }

    @ParameterizedTest
    @MethodSource("publishers")
    void aFileThatAppearsWhileExportingIsNeverReplaced(TempFile.Publisher publisher) throws Exception {
        Files.createDirectories(dest.resolve("old"));
        List<Content> contents = List.of(
                new Racing("fresh/a.txt", dest.resolve("fresh/a.txt"), "theirs"), // in a folder this export creates
                new Racing("old/b.txt", dest.resolve("old/b.txt"), "theirs"), // in a folder that was there
                new Racing("c.txt", dest.resolve("c.txt"), "theirs"),
                new Bytes("fresh/after.txt", "ok"));
        ExportReport r = new Exporter(ExportOptions.DEFAULT, null, null, EntryPathPolicy.of(false), publisher)
                .export(contents, dest);
        assertEquals(3, r.skipped().size(), r::toString);
        assertTrue(r.skipped().stream().allMatch(x -> x.reason().contains("appeared while exporting")), r::toString);
        assertTrue(r.ok(), r::toString);
        for (String n : List.of("fresh/a.txt", "old/b.txt", "c.txt"))
            assertEquals("theirs", Files.readString(dest.resolve(n)), n);
        assertEquals("ok", Files.readString(dest.resolve("fresh/after.txt")));
        assertNoTemps();
        // A link that appears is not replaced (nor followed) either.
        Path victim = Files.writeString(outside.resolve("victim.txt"), "original");
        Content linkRace = new Content() {
            @Override
            public String name() {
                return "fresh/link.txt";
            }

            @Override
            public long size() {
                return 4;
            }

            @Override
            public InputStream open() throws IOException {
                Files.createSymbolicLink(dest.resolve("fresh/link.txt"), victim);
                return new ByteArrayInputStream("evil".getBytes(StandardCharsets.UTF_8));
            }
        };
        r = new Exporter(ExportOptions.DEFAULT, null, null, EntryPathPolicy.of(false), publisher)
                .export(List.of(linkRace), dest);
        assertEquals(1, r.skipped().size(), r::toString);
        assertEquals("original", Files.readString(victim));
        assertTrue(Files.isSymbolicLink(dest.resolve("fresh/link.txt")));
        assertNoTemps();
    }

    @Test
    void whenTheNoReplaceRenameIsUnsupportedTheRestUsesLinkAndUnlink() throws Exception {
        List<String> calls = new ArrayList<>();
        TempFile.Publisher unsupported = new TempFile.Publisher((from, to) -> {
            calls.add(to.getFileName().toString());
            return LinuxCalls.EINVAL; // what renameat2 says on a file system without RENAME_NOREPLACE
        });
        Files.createDirectories(dest);
        Files.writeString(dest.resolve("taken.txt"), "mine");
        ExportReport r = new Exporter(ExportOptions.DEFAULT, null, null, EntryPathPolicy.of(false), unsupported)
                .export(
                        List.of(
                                new Bytes("a.txt", "A"),
                                new Bytes("b.txt", "B"),
                                new Racing("c.txt", dest.resolve("c.txt"), "theirs"),
                                new Bytes("taken.txt", "x")),
                        dest);
        assertEquals(List.of("a.txt"), calls, "asked once, then not again in this export");
        assertFalse(unsupported.usesRename());
        assertEquals(2, r.exported().size(), r::toString);
        assertEquals(2, r.skipped().size(), r::toString);
        assertEquals("A", Files.readString(dest.resolve("a.txt")));
        assertEquals("B", Files.readString(dest.resolve("b.txt")));
        assertEquals("theirs", Files.readString(dest.resolve("c.txt")));
        assertEquals("mine", Files.readString(dest.resolve("taken.txt")));
        assertNoTemps();
    }

    @Test
    void otherRenameErrorsAreLeftToThePortablePathAndTheNameTakenMeansSkipped() throws Exception {
        TempFile.Publisher eacces = new TempFile.Publisher((from, to) -> 13);
        ExportReport r = new Exporter(ExportOptions.DEFAULT, null, null, EntryPathPolicy.of(false), eacces)
                .export(List.of(new Bytes("a.txt", "A")), dest);
        assertTrue(r.ok(), r::toString);
        assertTrue(eacces.usesRename(), "one odd error does not turn the call off");
        assertEquals("A", Files.readString(dest.resolve("a.txt")));
        TempFile.Publisher taken = new TempFile.Publisher((from, to) -> LinuxCalls.EEXIST);
        r = new Exporter(ExportOptions.DEFAULT, null, null, EntryPathPolicy.of(false), taken)
                .export(List.of(new Bytes("b.txt", "B")), dest);
        assertEquals(1, r.skipped().size(), r::toString);
        assertFalse(Files.exists(dest.resolve("b.txt")));
        assertNoTemps();
    }

    @Test
    void renameNoReplaceRefusesATakenNameAndKeepsBothFiles() throws Exception {
        Assumptions.assumeTrue(LinuxCalls.renameNoReplaceAvailable());
        Files.createDirectories(dest);
        Path a = Files.writeString(dest.resolve("über a"), "a");
        Path b = Files.writeString(dest.resolve("b"), "b");
        assertEquals(LinuxCalls.EEXIST, LinuxCalls.renameNoReplace(a, b));
        assertEquals("a", Files.readString(a));
        assertEquals("b", Files.readString(b));
        Path dangling = dest.resolve("dangling");
        Files.createSymbolicLink(dangling, dest.resolve("nowhere"));
        assertEquals(LinuxCalls.EEXIST, LinuxCalls.renameNoReplace(a, dangling));
        assertFalse(Files.exists(dest.resolve("nowhere")));
        Path c = dest.resolve("ç");
        assertEquals(0, LinuxCalls.renameNoReplace(a, c));
        assertFalse(Files.exists(a));
        assertEquals("a", Files.readString(c));
        // Paths of another file system are not the kernel's to rename.
        Path zip = tmp.resolve("x.zip");
        try (java.nio.file.FileSystem zfs =
                java.nio.file.FileSystems.newFileSystem(zip, java.util.Map.of("create", "true"))) {
            Path inZip = Files.writeString(zfs.getPath("/a"), "a");
            assertEquals(LinuxCalls.ENOTSUP, LinuxCalls.renameNoReplace(inZip, zfs.getPath("/b")));
        }
    }

    @Test
    void foldersMadeInThisExportStillStopFilesOfTheSameName() throws Exception {
        ExportReport r = new Exporter(ExportOptions.OVERWRITE)
                .export(
                        List.of(
                                new Bytes("d/x.txt", "1"),
                                new Bytes("d", "file over a folder"),
                                new Bytes("d/x.txt/y", "under a file"),
                                new Bytes("e", "a file"),
                                new Bytes("e/z", "under it"),
                                new Bytes("d/w.txt", "2")),
                        dest);
        assertEquals(3, r.failed().size(), r::toString);
        assertTrue(r.failed().get(0).reason().contains("is a folder"), r::toString);
        assertEquals("1", Files.readString(dest.resolve("d/x.txt")));
        assertEquals("2", Files.readString(dest.resolve("d/w.txt")));
        assertEquals("a file", Files.readString(dest.resolve("e")));
        assertNoTemps();
    }

    @Test
    void manyAdjacentMappedEntriesAreWrittenExactly() throws Exception {
        // Entries side by side in one mapped file, as in a CAF: the batched page release must not disturb them.
        int n = 300;
        int size = 10_000; // not a page multiple, so entries straddle pages
        byte[] all = new byte[n * size];
        new java.util.Random(7).nextBytes(all);
        Path file = Files.write(tmp.resolve("chunk.bin"), all);
        List<Content> contents = new ArrayList<>();
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file);
                java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofShared()) {
            MemorySegment mapped = ch.map(java.nio.channels.FileChannel.MapMode.READ_ONLY, 0, all.length, arena);
            for (int i = 0; i < n; i++) {
                MemorySegment slice = mapped.asSlice((long) i * size, size);
                String name = "m/" + i + ".bin";
                contents.add(new SegmentContent() {
                    @Override
                    public String name() {
                        return name;
                    }

                    @Override
                    public long size() {
                        return size;
                    }

                    @Override
                    public MemorySegment segment() {
                        return slice;
                    }

                    @Override
                    public InputStream open() {
                        throw new AssertionError("mapped content is written from its segment");
                    }
                });
            }
            contents.add(
                    new Mapped("m/big.bin", java.util.Arrays.copyOf(all, 40 << 20))); // heap segment, several pieces
            ExportReport r = new Exporter(ExportOptions.DEFAULT).export(contents, dest);
            assertTrue(r.ok(), r::toString);
            // The mapping is still intact after its pages were released.
            assertEquals(all[all.length - 1], mapped.get(java.lang.foreign.ValueLayout.JAVA_BYTE, all.length - 1));
        }
        for (int i = 0; i < n; i++) {
            assertArrayEquals(
                    java.util.Arrays.copyOfRange(all, i * size, (i + 1) * size),
                    Files.readAllBytes(dest.resolve("m/" + i + ".bin")),
                    "entry " + i);
        }
        assertEquals(40 << 20, Files.size(dest.resolve("m/big.bin")));
    }

    @Test
    void windowsPolicyRefusesNamesWindowsCannotHoldAndExportsTheRest() throws Exception {
        List<String> hostile = List.of(
                "aux.c",
                "AUX",
                "src/con/x.txt",
                "nul.tar.gz",
                "Com1",
                "lpt9.txt",
                "COM\u00b9",
                "lpt\u00b2.x",
                "CONIN$",
                "data:stream",
                "a<b",
                "a>b",
                "q\"q",
                "p|q",
                "what?",
                "st*r",
                "trailing.",
                "trailing ",
                "dots.../x",
                "aux .txt");
        List<Content> contents = new ArrayList<>();
        for (String n : hostile) contents.add(new Bytes(n, "x"));
        contents.add(new Bytes("auxiliary.c", "fine"));
        contents.add(new Bytes("com10", "fine"));
        contents.add(new Bytes("x.aux", "fine"));

        ExportReport win =
                new Exporter(ExportOptions.DEFAULT, null, null, EntryPathPolicy.of(true)).export(contents, dest);
        assertEquals(
                hostile, win.refused().stream().map(ExportReport.Refused::name).toList(), win::toString);
        assertTrue(
                win.refused().stream().allMatch(x -> x.reason().startsWith("cannot be written on Windows: ")),
                win::toString);
        assertEquals(
                "cannot be written on Windows: reserved device name AUX",
                win.refused().getFirst().reason());
        assertEquals(
                "cannot be written on Windows: reserved device name CON in \"con\"",
                win.refused().get(2).reason());
        assertEquals(3, win.exported().size());
        assertFalse(win.ok(), "refused entries make the export not ok (exit 1 from the command line)");
        assertEquals(List.of("", "auxiliary.c", "com10", "x.aux"), everythingUnder(dest));

        Path elsewhere = tmp.resolve("posix");
        ExportReport posix =
                new Exporter(ExportOptions.DEFAULT, null, null, EntryPathPolicy.of(false)).export(contents, elsewhere);
        assertTrue(posix.ok(), posix::toString);
        assertEquals(contents.size(), posix.exported().size());
        assertEquals("x", Files.readString(elsewhere.resolve("data:stream")));
        assertEquals("x", Files.readString(elsewhere.resolve("src/con/x.txt")));
    }

    @Test
    void thePolicyFollowsTheSystemByDefault() {
        assertTrue(EntryPathPolicy.isWindows("Windows 11"));
        assertTrue(EntryPathPolicy.isWindows("windows server 2022"));
        assertFalse(EntryPathPolicy.isWindows("Linux"));
        assertFalse(EntryPathPolicy.isWindows("Mac OS X"));
        assertEquals(
                System.getProperty("os.name").startsWith("Windows"),
                EntryPathPolicy.forThisSystem().windows());
        // Control characters and escapes are refused in both modes, before any Windows rule.
        for (boolean windows : new boolean[] {false, true}) {
            EntryPathPolicy p = EntryPathPolicy.of(windows);
            for (String bad : List.of("a\u0001b", "x\u001f", "../aux", "C:aux"))
                assertTrue(p.check(bad) instanceof EntryPathPolicy.Refused, bad);
            assertEquals(EntryPathPolicy.decide("a\\b.txt"), p.check("a\\b.txt"));
        }
        assertTrue(EntryPathPolicy.of(false).check("aux") instanceof EntryPathPolicy.Safe);
        assertTrue(EntryPathPolicy.decide("aux") instanceof EntryPathPolicy.Safe, "decide stays the same everywhere");
        assertEquals("reserved device name AUX in \"aux\"", EntryPathPolicy.windowsProblem((EntryPathPolicy.Safe)
                EntryPathPolicy.decide("a\\aux")));
    }

    private void assertNoTemps() throws IOException {
        assertTrue(everythingUnder(tmp).stream().noneMatch(s -> s.contains(".vitrine-")));
    }
}
