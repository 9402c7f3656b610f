package dev.vitrine.core.format.zss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.MappedFileSource;
import java.lang.foreign.MemorySegment;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * ZSS's uleb128s through the shared decoder: the reference tool's words for each kind of bad
 * number, and a 10-byte number (bit 63 in the 10th byte) read as the u64 it is.
 */
class ZssUlebTest {
    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    /** The error walking a data payload's records. */
    private static PayloadException payloadError(String payload) {
        RecordCursor c = new RecordCursor(MemorySegment.ofArray(hex(payload)));
        return assertThrows(PayloadException.class, () -> {
            while (c.next()) {
                // only the prefixes matter
            }
        });
    }

    private static String frameError(String file) throws Exception {
        byte[] b = hex(file);
        BlockReader r = new BlockReader(MappedFileSource.ofBytes("t.zss", b), null, 1 << 20);
        return assertThrows(FormatException.class, () -> r.frameAt(2, b.length)).getMessage();
    }

    @Test
    void recordPrefixesFailInTheReferenceWords() {
        PayloadException cut = payloadError("01 61 80");
        assertEquals("hit end of buffer while decoding uleb128", cut.getMessage());
        assertEquals(2, cut.position());
        assertEquals("unnormalized uleb128", payloadError("80 00").getMessage());
        assertEquals(
                "uleb128 integer overflowed uint64",
                payloadError("80 80 80 80 80 80 80 80 80 02 61").getMessage());
        assertEquals(
                "uleb128 integer overflowed uint64",
                payloadError("80 80 80 80 80 80 80 80 80 80 01").getMessage());
    }

    @Test
    void aRecordLengthOfTwoToThe63IsALengthPastTheBlockNotAnOverflow() {
        PayloadException e = payloadError("01 61 80 80 80 80 80 80 80 80 80 01 62");
        assertEquals(
                "record extends past end of block (1 bytes remaining in block, 9223372036854775808 bytes in record)",
                e.getMessage());
        assertEquals(2, e.position());
    }

    @Test
    void blockLengthPrefixesFailInTheReferenceWordsAtTheBlock() throws Exception {
        assertEquals("t.zss: offset 2: unexpectedly ran out of data while reading uleb128", frameError("00 00 80 80"));
        assertEquals("t.zss: offset 2: unnormalized uleb128", frameError("00 00 80 00 00"));
        assertEquals(
                "t.zss: offset 2: uleb128 integer overflowed uint64",
                frameError("00 00 ff ff ff ff ff ff ff ff ff 7f"));
        assertEquals(
                "t.zss: offset 2: unexpected EOF: block at 2 needs 18446744073709551633 bytes, but only 10 remain",
                frameError("00 00 ff ff ff ff ff ff ff ff ff 01"),
                "2^64-1 + 10 prefix bytes + 8 CRC bytes");
    }
}
