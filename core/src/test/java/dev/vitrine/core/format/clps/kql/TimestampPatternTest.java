package dev.vitrine.core.format.clps.kql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** clp-s's timestamp patterns read into epoch nanoseconds; java.time gives the expected instants. */
class TimestampPatternTest {

    private static long nanos(String iso) {
        Instant t = Instant.parse(iso);
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static Long read(String pattern, String text) {
        return TimestampPattern.create(pattern).parse(text, false);
    }

    @Test
    void specifiers() {
        assertEquals(
                nanos("2024-03-14T01:26:53.123Z"),
                read("\\Y-\\m-\\dT\\H:\\M:\\S.\\3\\z{+08:00}", "2024-03-14T09:26:53.123+08:00"));
        assertEquals(
                nanos("2024-03-14T16:26:53.123456Z"),
                read("\\Y-\\m-\\dT\\H:\\M:\\S.\\6\\Z", "2024-03-14T09:26:53.123456-07:00"));
        assertEquals(
                nanos("2024-03-14T09:26:53Z"),
                read(
                        "\\A{Sun,Mon,Tue,Wed,Thu,Fri,Sat} \\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec} \\e \\H:\\M:\\S \\Y",
                        "Thu Mar 14 09:26:53 2024"));
        assertNull(
                read(
                        "\\A{Sun,Mon,Tue,Wed,Thu,Fri,Sat} \\B{Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec} \\e \\H:\\M:\\S \\Y",
                        "Fri Mar 14 09:26:53 2024"),
                "a weekday that does not fit the date");
        assertEquals(
                nanos("2024-03-14T21:05:00Z"),
                read(
                        "\\B{January,February,March,April,May,June,July,August,September,October,November,December} \\d, \\Y \\l:\\M \\p",
                        "March 14, 2024  9:05 PM"));
        assertEquals(nanos("2024-03-14T00:05:00Z"), read("\\y\\m\\d \\I:\\M \\p", "240314 12:05 AM"));
        assertEquals(nanos("1969-03-14T00:00:00Z"), read("\\y\\m\\d", "690314"));
        assertEquals(
                nanos("2016-12-31T23:59:59Z"),
                read("\\Y-\\m-\\d \\H:\\M:\\s", "2016-12-31 23:59:60"),
                "a leap second reads as :59");
        assertEquals(nanos("2024-03-14T09:26:53.5Z"), read("\\Y-\\m-\\d \\H:\\M:\\S.\\T", "2024-03-14 09:26:53.5"));
        assertNull(read("\\Y-\\m-\\d \\H:\\M:\\S.\\T", "2024-03-14 09:26:53.50"), "\\T takes no trailing zero");
        assertEquals(
                nanos("2024-03-14T09:26:53.120Z"),
                read("\\Y-\\m-\\d \\H:\\M:\\S.\\?", "2024-03-14 09:26:53.120"),
                "\\? takes 3, 6 or 9 digits as they are");
        assertNull(read("\\Y-\\m-\\d", "2024-3-14"), "fields are zero-padded");
        assertNull(read("\\Y-\\m-\\d", "2024-03-14 "), "nothing may be left over");
        assertNull(read("\\Y-\\m-\\d", "2024-02-30"));
    }

    @Test
    void epochs() {
        assertEquals(1_710_408_413_054_000_000L, read("\\L", "1710408413054"));
        assertEquals(
                1_710_408_413_054_000_000L, read("\\P", "1710408413054"), "\\P guesses milliseconds from the size");
        assertEquals(1_710_408_413_000_000_000L, read("\\P", "1710408413"));
        assertEquals(-1_500_000_000L, read("\\E.\\?", "-1.5"));
        assertEquals(1_710_408_413_120_000_000L, read("\\E.\\?", "1710408413.120"));
        assertNull(read("\\E", "0123"), "no leading zero");
        assertNull(read("\\E", "-0"));
    }

    @Test
    void jsonLiterals() {
        // As clp-s reads a timestamp(...) literal and a string column value: quotes included.
        assertEquals(
                nanos("2024-03-14T09:26:53.641Z"),
                TimestampPattern.parseJsonLiteral("\"2024-03-14T09:26:53.641Z\"", List.of()));
        assertEquals(
                nanos("2024-03-14T09:26:53.641Z"),
                TimestampPattern.parseJsonLiteral("\"2024/03/14 09:26:53,641\"", List.of()));
        assertEquals(1_710_408_413_641_000_000L, TimestampPattern.parseJsonLiteral("\"1710408413641\"", List.of()));
        assertEquals(1_710_408_413_641_000_000L, TimestampPattern.parseJsonLiteral("1710408413641", List.of()));
        assertNull(TimestampPattern.parseJsonLiteral("\"2024-03-14 09:26:53.641 UTC\"", List.of()));
        assertEquals(
                nanos("2024-03-01T00:00:00Z"),
                TimestampPattern.create("\"\\Y\\\\\\m\"").parse("\"2024\\\\03\"", true),
                "a pattern's \\\\ matches an escaped backslash in a JSON literal");
        // Archive patterns come first: a ms pattern reads a small number as milliseconds.
        assertEquals(5_000_000L, TimestampPattern.parseJsonLiteral("5", List.of(TimestampPattern.create("\\L"))));
        assertEquals(5_000_000_000L, TimestampPattern.parseJsonLiteral("5", List.of()));
    }

    /** Query text is user input: any pattern is accepted or refused, any text read or not, never a crash. */
    @Test
    void arbitraryPatternsAndTextsNeverThrowOtherwise() {
        String alphabet = "\\\\\\YymdeABpHkIlMSJ369TELCNzZ?PO s{},.:-+\"0123456789AMPMJanFeb\u2212";
        java.util.Random r = new java.util.Random(42);
        int created = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder p = new StringBuilder();
            StringBuilder t = new StringBuilder();
            for (int k = r.nextInt(12); k > 0; k--) p.append(alphabet.charAt(r.nextInt(alphabet.length())));
            for (int k = r.nextInt(16); k > 0; k--) t.append(alphabet.charAt(r.nextInt(alphabet.length())));
            TimestampPattern tp;
            try {
                tp = TimestampPattern.create(p.toString());
            } catch (TimestampPattern.InvalidPatternException refused) {
                continue;
            }
            created++;
            tp.parse(t.toString(), r.nextBoolean());
            TimestampPattern.parseJsonLiteral(t.toString(), List.of(tp));
        }
        org.junit.jupiter.api.Assertions.assertTrue(created > 1000, "patterns accepted: " + created);
    }

    @Test
    void refusedPatterns() {
        for (String p : new String[] {
            "\\Q", "\\Y\\Y", "\\Y \\E", "\\H \\p", "\\I", "\\B{Jan}", "\\O{}", "\\z{+25:00}", "a\\", "\"x\"y\"", "\\n"
        }) {
            assertThrows(TimestampPattern.InvalidPatternException.class, () -> TimestampPattern.create(p), p);
        }
    }
}
