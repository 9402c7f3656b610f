package dev.vitrine.core.format.clps.kql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The column checks that let the renderer skip records a query cannot match: they rule out only
 * what the JSON matcher would refuse, and stay out of the way (null) wherever they cannot be
 * sure. The golden searches (ClpsSearchTest and friends) check the same on real archives.
 */
class KqlPrefilterTest {
    /** A table of {level: var-string column 0, message: CLP string 3, cached: boolean 4, http: {status: integer column 1}, tags: array}. */
    private static final List<KqlPrefilter.Node> NODES = List.of(
            new KqlPrefilter.Node(List.of("level"), KqlPrefilter.Kind.VAR_STRING, 0),
            new KqlPrefilter.Node(List.of("message"), KqlPrefilter.Kind.CLP_STRING, 3),
            new KqlPrefilter.Node(List.of("cached"), KqlPrefilter.Kind.BOOLEAN, 4),
            new KqlPrefilter.Node(List.of("latency"), KqlPrefilter.Kind.FLOAT, 5),
            new KqlPrefilter.Node(List.of("http"), KqlPrefilter.Kind.OBJECT, -1),
            new KqlPrefilter.Node(List.of("http", "status"), KqlPrefilter.Kind.INTEGER, 1),
            new KqlPrefilter.Node(List.of("tags"), KqlPrefilter.Kind.ARRAY, 2));

    private static final List<String> DICT = List.of("INFO", "ERROR", "two words");

    private static KqlPrefilter.Row row(long levelId, long status) {
        return new KqlPrefilter.Row() {
            @Override
            public long value(int column) {
                return column == 0 ? levelId : status;
            }

            @Override
            public byte[] varString(long id) {
                return DICT.get((int) id).getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public int varStrings() {
                return DICT.size();
            }

            @Override
            public byte[] clpString(int column) {
                return ("GET /v1/users took " + status + " ms").getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public boolean bool(int column) {
                return status % 2 == 0;
            }

            @Override
            public String valueText(int column) {
                return status >= 0 ? status + ".5" : "7"; // a latency; "7" is what an integer looks like
            }
        };
    }

    private static KqlPrefilter of(String query) {
        return KqlQuery.parse(query).prefilter(NODES, KqlContext.NONE.withTimestamp(List.of("timestamp"), null));
    }

    @Test
    void stringAndNumberFiltersRuleOutOnlyRecordsThatCannotMatch() {
        KqlPrefilter p = of("level: ERROR AND http.status >= 500");
        assertNotNull(p);
        assertTrue(p.mayMatch(row(1, 503)));
        assertFalse(p.mayMatch(row(0, 503)), "INFO is not ERROR");
        assertFalse(p.mayMatch(row(1, 200)), "200 < 500");
        KqlPrefilter w = of("level: ERR*");
        assertTrue(w.mayMatch(row(1, 0)));
        assertFalse(w.mayMatch(row(0, 0)));
        KqlPrefilter or = of("level: INFO OR http.status: 404");
        assertTrue(or.mayMatch(row(0, 200)));
        assertTrue(or.mayMatch(row(1, 404)));
        assertFalse(or.mayMatch(row(1, 200)));
    }

    @Test
    void aRecordEveryFilterOfAnAlternativeWasJudgedOnIsAcceptedForCertain() {
        assertEquals(KqlPrefilter.YES, of("level: ERROR AND http.status >= 500").judge(row(1, 503)));
        assertEquals(
                KqlPrefilter.YES,
                of("level: INFO OR http.status: 404").judge(row(0, 200)),
                "one certain alternative is enough");
        // An alternative with a filter judged only on the JSON stays open.
        KqlPrefilter mixed = of("level: ERROR AND tags: red");
        assertEquals(KqlPrefilter.MAYBE, mixed.judge(row(1, 0)));
        assertEquals(KqlPrefilter.NO, mixed.judge(row(0, 0)));
    }

    @Test
    void negatedFiltersAreJudgedOnTheColumnToo() {
        KqlPrefilter p = of("NOT level: ERROR");
        assertNotNull(p);
        assertEquals(KqlPrefilter.YES, p.judge(row(0, 0)), "INFO is not ERROR");
        assertEquals(KqlPrefilter.NO, p.judge(row(1, 0)));
        // clp-s adds "or level is a string of the other kind": a value with a space is one.
        assertEquals(KqlPrefilter.YES, p.judge(row(2, 0)));
        assertEquals(KqlPrefilter.YES, of("NOT http.status: 404").judge(row(0, 200)));
        assertEquals(KqlPrefilter.NO, of("NOT http.status: 404").judge(row(0, 404)));
        assertSame(KqlPrefilter.NONE, of("NOT user: alice"), "a key the table lacks: even a negated filter needs it");
    }

    @Test
    void clpStringsAreRebuiltAndBooleansReadForTheirFilters() {
        KqlPrefilter words = of("message: \"*took 200 ms\"");
        assertEquals(KqlPrefilter.YES, words.judge(row(0, 200)));
        assertEquals(KqlPrefilter.NO, words.judge(row(0, 404)));
        assertEquals(KqlPrefilter.YES, of("NOT message: \"*took 200 ms\"").judge(row(0, 404)));
        assertEquals(KqlPrefilter.YES, of("cached: true").judge(row(0, 200)));
        assertEquals(KqlPrefilter.NO, of("cached: true").judge(row(0, 201)));
        assertEquals(KqlPrefilter.YES, of("NOT cached: true").judge(row(0, 201)));
    }

    @Test
    void theTimestampKeyIsComparedByItsEncodedTime() {
        List<KqlPrefilter.Node> nodes = new java.util.ArrayList<>(NODES);
        nodes.add(new KqlPrefilter.Node(List.of("timestamp"), KqlPrefilter.Kind.OTHER, 6));
        // The archive's encoder: here the number itself, in tenths.
        KqlContext ctx = KqlContext.NONE.withTimestamp(List.of("timestamp"), v -> (long) (v.doubleValue() * 10));
        KqlPrefilter after = KqlQuery.parse("timestamp > 3000").prefilter(nodes, ctx);
        assertEquals(KqlPrefilter.YES, after.judge(row(0, 301)), "301.5 is 3015 tenths");
        assertEquals(KqlPrefilter.NO, after.judge(row(0, 299)));
        assertEquals(
                KqlPrefilter.YES,
                KqlQuery.parse("NOT timestamp > 3000").prefilter(nodes, ctx).judge(row(0, 299)));
    }

    @Test
    void floatsAreComparedAsTheMatcherReadsTheirText() {
        assertEquals(KqlPrefilter.YES, of("latency > 300").judge(row(0, 300)), "300.5 > 300");
        assertEquals(KqlPrefilter.NO, of("latency > 300").judge(row(0, 299)));
        assertEquals(KqlPrefilter.YES, of("latency: 200.5").judge(row(0, 200)));
        assertEquals(
                KqlPrefilter.MAYBE,
                of("latency > 3").judge(row(0, -1)),
                "text without a point is an integer to the matcher");
    }

    @Test
    void aKeyTheTableDoesNotHoldRulesOutTheWholeTable() {
        assertSame(KqlPrefilter.NONE, of("user: alice"));
        assertSame(KqlPrefilter.NONE, of("http: 200"), "an object holds no value");
        // An alternative on a key the table has keeps it.
        assertNotNull(of("user: alice OR level: INFO"));
        assertTrue(of("user: alice OR level: INFO").mayMatch(row(0, 0)));
    }

    @Test
    void whatItCannotJudgeItLeavesToTheMatcher() {
        assertNull(of("*.status: 500"), "wildcard keys");
        assertSame(KqlPrefilter.NONE, of("lev*: ERROR"), "a * inside a key is part of its name");
        assertNull(of("timestamp > 5"), "the timestamp key compares encoded times");
        assertNull(of("NOT level: *"), "a key's absence is judged against the whole archive");
        assertEquals(KqlPrefilter.YES, of("level: *").judge(row(0, 0)), "existence of a column the table has");
    }

    @Test
    void aWildcardKeyIsJudgedOnEveryColumnItCanCompareWith() {
        List<KqlPrefilter.Node> noArrays = NODES.subList(0, 6);
        KqlPrefilter error = of("*: ERROR", noArrays);
        assertNotNull(error);
        assertEquals(KqlPrefilter.YES, error.judge(row(1, 0)), "level is ERROR");
        assertEquals(KqlPrefilter.NO, error.judge(row(0, 0)), "no value is ERROR");
        assertEquals(KqlPrefilter.YES, of("*: 503", noArrays).judge(row(0, 503)), "http.status");
        assertEquals(KqlPrefilter.NO, of("*: 503", noArrays).judge(row(0, 200)));
        assertEquals(KqlPrefilter.YES, of("*: \"*users*\"", noArrays).judge(row(0, 200)), "the rebuilt message");
        assertEquals(KqlPrefilter.MAYBE, of("*: ERROR").judge(row(0, 0)), "an array may hold it: the matcher decides");
        List<KqlPrefilter.Node> numbers = NODES.subList(4, 6);
        assertSame(KqlPrefilter.NONE, of("*: abc", numbers), "no column of the table can hold text");
        // A negated string filter also holds where the value is a string of the other kind: left to the matcher.
        assertNull(of("NOT *: abc", numbers));
    }

    @Test
    void aTimestampColumnIsComparedOnItsStoredEpoch() {
        List<KqlPrefilter.Node> nodes =
                List.of(new KqlPrefilter.Node(List.of("timestamp"), KqlPrefilter.Kind.TIMESTAMP, 1));
        KqlContext ctx = KqlContext.NONE.withTimestamp(List.of("timestamp"), v -> {
            throw new AssertionError("a stored epoch needs no rendered value");
        });
        KqlPrefilter p = KqlQuery.parse(
                        "timestamp > 100 AND timestamp <= timestamp(\"1970-01-01T00:00:00.000000500Z\")")
                .prefilter(nodes, ctx);
        assertEquals(KqlPrefilter.YES, p.judge(row(0, 500)));
        assertEquals(KqlPrefilter.NO, p.judge(row(0, 501)));
        assertEquals(KqlPrefilter.NO, p.judge(row(0, 100)));
        assertEquals(
                KqlPrefilter.YES, KqlQuery.parse("*: 500").prefilter(nodes, ctx).judge(row(0, 500)));
    }

    private static KqlPrefilter of(String query, List<KqlPrefilter.Node> nodes) {
        return KqlQuery.parse(query).prefilter(nodes, KqlContext.NONE.withTimestamp(List.of("timestamp"), null));
    }

    /** A row that answers as {@code base} does, for tests that change one or two of its answers. */
    private static class RowOver implements KqlPrefilter.Row {
        final KqlPrefilter.Row base;

        RowOver(KqlPrefilter.Row base) {
            this.base = base;
        }

        @Override
        public long value(int column) {
            return base.value(column);
        }

        @Override
        public byte[] varString(long id) {
            return base.varString(id);
        }

        @Override
        public int varStrings() {
            return base.varStrings();
        }

        @Override
        public byte[] clpString(int column) {
            return base.clpString(column);
        }

        @Override
        public boolean bool(int column) {
            return base.bool(column);
        }

        @Override
        public String valueText(int column) {
            return base.valueText(column);
        }

        @Override
        public int templateId(int column) {
            return base.templateId(column);
        }

        @Override
        public int templates(int column) {
            return base.templates(column);
        }

        @Override
        public KqlTemplate template(int column, int id) {
            return base.template(column, id);
        }
    }

    @Test
    void arraysAreSearchedAloneWithoutTheRecord() {
        KqlPrefilter.Row tags = new RowOver(row(0, 0)) {
            @Override
            public String valueText(int column) {
                return column == 2 ? "[\"red\",{\"colour\":\"blue\"},3]" : base.valueText(column);
            }
        };
        assertEquals(KqlPrefilter.YES, of("tags: red").judge(tags));
        assertEquals(KqlPrefilter.NO, of("tags: green").judge(tags));
        assertEquals(KqlPrefilter.YES, of("tags: 3").judge(tags));
        assertEquals(KqlPrefilter.YES, of("tags.colour: blue").judge(tags), "keys inside the array");
        assertEquals(KqlPrefilter.NO, of("tags.colour: red").judge(tags));
        assertEquals(KqlPrefilter.YES, of("tags: *").judge(tags), "the array exists");
    }

    /**
     * A record whose message (column 3) and tags (column 2) have log type {@code type}: 0 is "GET /v1/users took
     * \u0011 ms" (a variable), 1 is "service started" and tags' 1 is ["red","blue"] (no variables). Values are
     * rebuilt only when a check asks for them, which {@code rebuilt} counts.
     */
    private static KqlPrefilter.Row typed(int type, long status, int[] rebuilt) {
        return new RowOver(row(0, status)) {
            @Override
            public byte[] clpString(int column) {
                rebuilt[0]++;
                return (type == 1 ? "service started" : "GET /v1/users took " + status + " ms")
                        .getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public String valueText(int column) {
                rebuilt[0]++;
                return type == 1 ? "[\"red\",\"blue\"]" : "[\"x" + status + "\"]";
            }

            @Override
            public int templateId(int column) {
                return type;
            }

            @Override
            public int templates(int column) {
                return 2;
            }

            @Override
            public KqlTemplate template(int column, int id) {
                if (column == 2)
                    return id == 1
                            ? new KqlTemplate(
                                    "[\"red\",\"blue\"]".getBytes(StandardCharsets.UTF_8),
                                    new int[0],
                                    false,
                                    false,
                                    true)
                            : new KqlTemplate(
                                    "[\"x\"]".getBytes(StandardCharsets.UTF_8), new int[] {2}, true, false, true);
                return id == 1
                        ? new KqlTemplate(
                                "service started".getBytes(StandardCharsets.UTF_8), new int[0], false, false, true)
                        : new KqlTemplate(
                                "GET /v1/users took  ms".getBytes(StandardCharsets.UTF_8),
                                new int[] {19},
                                false,
                                false,
                                true);
            }
        };
    }

    @Test
    void aLogTypeAnswersForEveryRecordOfItWithoutRebuildingThem() {
        int[] rebuilt = {0};
        KqlPrefilter started = of("message: \"service*\"");
        for (int i = 0; i < 5; i++) assertEquals(KqlPrefilter.YES, started.judge(typed(1, i, rebuilt)));
        // The variable-bearing log type cannot read "service...": ruled out from its constant text alone.
        for (int i = 0; i < 5; i++) assertEquals(KqlPrefilter.NO, started.judge(typed(0, i, rebuilt)));
        assertEquals(0, rebuilt[0], "no message was rebuilt");
        // One that may match through its variable is judged record by record.
        KqlPrefilter took = of("message: \"*took 20? ms\"");
        assertEquals(KqlPrefilter.YES, took.judge(typed(0, 200, rebuilt)));
        assertEquals(KqlPrefilter.NO, took.judge(typed(0, 300, rebuilt)));
        assertEquals(KqlPrefilter.NO, took.judge(typed(1, 200, rebuilt)));
        assertEquals(2, rebuilt[0]);
        // A negated filter passes other text too: never ruled out by the log type, still judged once for it.
        assertEquals(KqlPrefilter.YES, of("NOT message: \"*took 20? ms\"").judge(typed(1, 0, rebuilt)));
        // Arrays without variables: searched once per log type.
        rebuilt[0] = 0;
        KqlPrefilter red = of("tags: red");
        KqlPrefilter anyBlue = of("*: blue");
        for (int i = 0; i < 5; i++) {
            assertEquals(KqlPrefilter.YES, red.judge(typed(1, i, rebuilt)));
            assertEquals(KqlPrefilter.YES, anyBlue.judge(typed(1, i, rebuilt)));
        }
        assertEquals(0, rebuilt[0], "no array was rebuilt");
        assertEquals(KqlPrefilter.NO, red.judge(typed(0, 1, rebuilt)), "an array with a variable is rebuilt");
        assertEquals(1, rebuilt[0]);
        // ... unless its JSON text cannot hold the value between quotes: a space has to come from the constant.
        assertEquals(KqlPrefilter.NO, of("tags: \"no such\"").judge(typed(0, 1, rebuilt)));
        assertEquals(KqlPrefilter.NO, of("*: \"no such\"").judge(typed(0, 1, rebuilt)));
        assertEquals(1, rebuilt[0]);
    }

    /** {@link #typed} whose message's one encoded variable is {@code var} (the status, or another log type's). */
    private static KqlPrefilter.Row filled(int type, long status, long var, int[] rebuilt) {
        return new RowOver(typed(type, status, rebuilt)) {
            @Override
            public int variables(int column) {
                return column == 3 && type == 0 ? 1 : -1;
            }

            @Override
            public long variable(int column, int i) {
                return var;
            }
        };
    }

    @Test
    void aMessageWhoseLogTypeCannotDecideIsRebuiltOncePerFillingOfItsVariables() {
        int[] rebuilt = {0};
        KqlPrefilter took = of("message: \"*took 20? ms\"");
        for (int i = 0; i < 4; i++) {
            assertEquals(KqlPrefilter.YES, took.judge(filled(0, 200, 200, rebuilt)), "a match");
            assertEquals(KqlPrefilter.NO, took.judge(filled(0, 300, 300, rebuilt)), "a non-match");
        }
        assertEquals(2, rebuilt[0], "each filling rebuilt once");
        // Its log type alone still decides without rebuilding; a record whose variables cannot be read is rebuilt.
        assertEquals(KqlPrefilter.NO, took.judge(filled(1, 200, 200, rebuilt)));
        assertEquals(KqlPrefilter.YES, took.judge(typed(0, 201, rebuilt)));
        assertEquals(KqlPrefilter.YES, took.judge(typed(0, 201, rebuilt)));
        assertEquals(4, rebuilt[0]);
        // A negated filter answers the same as rebuilt, and a wildcard key (its array and float columns aside).
        KqlPrefilter not = of("NOT message: \"*took 20? ms\"");
        int before = 0;
        for (int i = 0; i < 3; i++) {
            assertEquals(KqlPrefilter.NO, not.judge(filled(0, 200, 200, rebuilt)));
            assertEquals(KqlPrefilter.YES, not.judge(filled(0, 300, 300, rebuilt)));
            if (i == 0) before = rebuilt[0];
        }
        assertEquals(before, rebuilt[0], "nothing rebuilt again");
        KqlPrefilter any = of("*: \"*took 3*\"");
        for (int i = 0; i < 3; i++) {
            assertEquals(KqlPrefilter.YES, any.judge(filled(0, 300, 300, rebuilt)));
            assertEquals(KqlPrefilter.NO, any.judge(filled(0, 200, 200, rebuilt)));
        }
    }

    @Test
    void aStoredFloatFarFromTheLiteralIsComparedWithoutItsText() {
        int[] written = {0};
        KqlPrefilter.Row stored = new RowOver(row(0, 380)) {
            @Override
            public String valueText(int column) {
                written[0]++;
                return "380.019";
            }

            @Override
            public double storedFloat(int column) {
                return column == 5 ? 380.019 : Double.NaN;
            }

            @Override
            public double storedFloatSlack(int column) {
                return 0.001;
            }
        };
        assertEquals(KqlPrefilter.YES, of("latency < 500.5").judge(stored));
        assertEquals(KqlPrefilter.NO, of("NOT latency < 500.5").judge(stored));
        assertEquals(KqlPrefilter.NO, of("latency > 380.1").judge(stored));
        assertEquals(KqlPrefilter.NO, of("latency: 380").judge(stored));
        assertEquals(KqlPrefilter.NO, of("latency: 380.1").judge(stored));
        assertEquals(0, written[0], "no text written");
        // Within the slack of the literal, the text decides.
        assertEquals(KqlPrefilter.YES, of("latency: 380.019").judge(stored));
        assertEquals(KqlPrefilter.YES, of("latency > 380.0185").judge(stored));
        assertEquals(2, written[0]);
    }

    @Test
    void aLogTypeIsRuledOutOnlyWhenNoFillingOfItsVariablesCanMatch() {
        KqlTemplate took =
                new KqlTemplate("took  ms".getBytes(StandardCharsets.UTF_8), new int[] {5}, false, false, true);
        assertTrue(KqlTemplates.mayMatch(took, bytes("took 12 ms")));
        assertTrue(KqlTemplates.mayMatch(took, bytes("took  ms")), "a variable may be empty");
        assertTrue(KqlTemplates.mayMatch(took, bytes("*k ? m*")));
        assertTrue(KqlTemplates.mayMatch(took, bytes("took * ms")));
        assertTrue(KqlTemplates.mayMatch(took, bytes("took x y z ms")), "a variable's text may hold spaces");
        KqlTemplate word = new KqlTemplate(took.constant(), took.holes(), true, false, true);
        assertFalse(KqlTemplates.mayMatch(word, bytes("took x y z ms")), "unless its variables are tokens");
        assertFalse(KqlTemplates.mayMatch(word, bytes("*Connection pool exhausted*")));
        assertTrue(KqlTemplates.mayMatch(word, bytes("*ok 1? m*")));
        assertTrue(KqlTemplates.mayMatch(word, bytes("took *")));
        KqlTemplate floats = new KqlTemplate(bytes("[,]"), new int[] {1, 2}, true, true, true);
        assertFalse(KqlTemplates.mayMatch(floats, bytes("*\"bob\"*")), "no quote but from the constant");
        assertTrue(KqlTemplates.mayMatch(floats, bytes("*1.5*")));
        assertFalse(KqlTemplates.mayMatch(took, bytes("took 12 s")));
        assertTrue(KqlTemplates.mayMatch(took, bytes("*exhausted*")), "as the variable's text");
        assertFalse(KqlTemplates.mayMatch(took, bytes("Took*")), "bytes are compared as they are");
        assertFalse(KqlTemplates.mayMatch(took, bytes("*ms x")), "the text ends with the constant's end");
        assertFalse(KqlTemplates.mayMatch(took, bytes("took 12 ms?")), "? is one byte more");
        KqlTemplate star = new KqlTemplate("a*b".getBytes(StandardCharsets.UTF_8), new int[0], false, false, true);
        assertTrue(KqlTemplates.mayMatch(star, bytes("a\\*b")), "an escaped * is the byte itself");
        assertFalse(KqlTemplates.mayMatch(star, bytes("a\\?b")));
        KqlTemplate two =
                new KqlTemplate("=".getBytes(StandardCharsets.UTF_8), new int[] {0, 0, 1}, false, false, true);
        assertTrue(KqlTemplates.mayMatch(two, bytes("x=y")));
        assertFalse(KqlTemplates.mayMatch(two, bytes("xy")));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * An array filter's quick look at a value's written bytes says "cannot hold" exactly where the
     * check on its text does, and "may hold" wherever the text needs the String's reading.
     */
    @Test
    void anArraysBytesRuleOutWhatItsTextRulesOut() {
        byte[] quoted = "*\"bob\"*".getBytes(StandardCharsets.US_ASCII);
        Wildcards.Pattern pattern = new Wildcards.Pattern("*\"bob\"*");
        for (String text : List.of(
                "[\"retry\",\"cache\"]", "[\"bob\"]", "[1,\"bobby\"]", "[\"x\",\"bob\"]", "[]", "\"bob\"", "{}")) {
            byte[] b = (text + "tail").getBytes(StandardCharsets.UTF_8); // only the first bytes are the value
            assertEquals(KqlTemplates.mayHold(text, pattern), KqlTemplates.mayHold(b, text.length(), quoted), text);
        }
        assertFalse(KqlTemplates.mayHold("[\"alice\"]".getBytes(StandardCharsets.UTF_8), 9, quoted));
        byte[] escaped = "[\"b\\u006fb\"]".getBytes(StandardCharsets.UTF_8);
        assertTrue(KqlTemplates.mayHold(escaped, escaped.length, quoted), "an escape: the text decides");
        byte[] accented = "[\"b\u00f6b\"]".getBytes(StandardCharsets.UTF_8);
        assertTrue(KqlTemplates.mayHold(accented, accented.length, quoted), "beyond ASCII: the text decides");
        assertTrue(KqlTemplates.mayHold(new byte[0], 0, quoted), "nothing written: the text decides");
    }
}
