package dev.vitrine.core.format.caf;

import static dev.vitrine.core.format.caf.CafTestFiles.ascii;
import static dev.vitrine.core.format.caf.CafTestFiles.caf;
import static org.junit.jupiter.api.Assertions.*;

import dev.vitrine.core.format.PartVerifyRun;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import org.junit.jupiter.api.Test;

/** "Verify this part" on a CAF chunk: a file's data bytes bring that file's findings, placed at its key. */
class CafPartVerifyTest {
    private static final String INDEX = "{\"format_version\":\"1.0\",\"files\":{"
            + "\"a\":{\"start_byte\":0,\"end_byte\":3},"
            + "\"../evil\":{\"start_byte\":3,\"end_byte\":5},"
            + "\"c\":{\"start_byte\":5,\"end_byte\":99}}}";

    private static long key(String name) {
        return 10 + INDEX.indexOf("\"" + name + "\"");
    }

    @Test
    void aFilesDataBringsItsOwnFindingsOnly() {
        try (CafArchive a = CafTestFiles.open(caf(ascii("0123456789"), INDEX))) {
            PartVerifyRun whole = PartVerifyRun.of(a, null);
            assertFalse(whole.with("unsafe name").isEmpty(), whole.problems().toString());
            assertFalse(whole.with("entry \"c\"").isEmpty(), whole.problems().toString());

            PartVerifyRun evil = PartVerifyRun.of(a, ByteRange.of(3, 2));
            assertEquals(
                    java.util.List.of(key("../evil")),
                    evil.problems().stream().map(Problem::offset).toList(),
                    evil.problems().toString());
            assertTrue(evil.problems().getFirst().message().contains("unsafe name"));
            assertTrue(
                    evil.report().scope().startsWith("1 file's data in the part"),
                    evil.report().scope());

            PartVerifyRun clean = PartVerifyRun.of(a, ByteRange.of(0, 3));
            assertEquals(java.util.List.of(), clean.problems());

            // c's key in the index: its range error, and nothing of the others
            PartVerifyRun cKey = PartVerifyRun.of(a, ByteRange.of(key("c"), 3));
            assertFalse(cKey.problems().isEmpty());
            assertTrue(
                    cKey.problems().stream().allMatch(p -> p.offset() == key("c")),
                    cKey.problems().toString());
        }
    }
}
