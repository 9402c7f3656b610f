package dev.vitrine.core.format.clps.kql;

import static dev.vitrine.core.format.clps.kql.KqlPrefilter.MAYBE;
import static dev.vitrine.core.format.clps.kql.KqlPrefilter.NO;
import static dev.vitrine.core.format.clps.kql.KqlPrefilter.YES;

import com.fasterxml.jackson.databind.JsonNode;
import dev.vitrine.core.format.clps.kql.KqlPrefilter.Check;
import dev.vitrine.core.format.clps.kql.KqlPrefilter.Row;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Predicate;

/**
 * The prefilter's checks that a log type can answer for all its records ({@link KqlTemplates}):
 * on an array column, and on a CLP-string column.
 */
final class KqlTemplateChecks {
    private KqlTemplateChecks() {}

    /**
     * A filter on an array column or on keys inside it: the array alone is written and parsed
     * (not the whole record) and searched as the matcher searches it (clp-s's array filter).
     */
    static final class ArrayCheck implements Check, KqlTemplates.Judge {
        private final int column;
        /** Whether the filter holds for the array, parsed. */
        private final Predicate<JsonNode> holds;

        private final KqlTemplates templates;

        /** What the array's text must match for the filter to hold ({@link KqlTemplates#quotedPattern}), or null. */
        private final byte[] quoted;

        private final Wildcards.Pattern quotedText;

        ArrayCheck(int column, byte[] quoted, Predicate<JsonNode> holds) {
            this.column = column;
            this.holds = holds;
            this.templates = new KqlTemplates(column);
            this.quoted = quoted;
            this.quotedText =
                    quoted == null ? null : new Wildcards.Pattern(new String(quoted, StandardCharsets.US_ASCII));
        }

        /** {@code leaf} on array column {@code column}, or on the keys {@code rest} inside it. */
        static ArrayCheck of(int column, KqlLeaf leaf, List<KqlColumn.Token> rest) {
            KqlArraySearch search = new KqlArraySearch(leaf, rest);
            boolean inverted = leaf.inverted();
            return new ArrayCheck(column, KqlTemplates.quotedPattern(leaf), v -> search.array(v, 0) != inverted);
        }

        @Override
        public int judge(Row row) {
            int v = templates.judge(row, this);
            if (v != KqlTemplates.PER_ROW) return v;
            // Most arrays hold no "value": told from their bytes, no String made (nor looked up)
            if (quoted != null && !row.valueTextMayHold(column, quoted)) return NO;
            return judge(row.valueText(column));
        }

        @Override
        public int text(byte[] constant) {
            return judge(new String(constant, StandardCharsets.UTF_8));
        }

        @Override
        public boolean mayPass(KqlTemplate t) {
            return quoted == null || !t.backslashFree() || KqlTemplates.mayMatch(t, quoted);
        }

        /**
         * Answers by array text, for arrays short enough: the same few arrays come back in many records
         * (tags), and parsing each again was most of this check.
         */
        private final java.util.concurrent.ConcurrentHashMap<String, Integer> byText =
                new java.util.concurrent.ConcurrentHashMap<>();

        private static final int MEMO_ENTRIES = 4096, MEMO_LENGTH = 256;

        private int judge(String text) {
            if (text == null) return MAYBE;
            if (text.length() > MEMO_LENGTH) return judgeOnce(text);
            Integer known = byText.get(text);
            if (known != null) return known;
            int answer = judgeOnce(text);
            if (byText.size() < MEMO_ENTRIES) byText.put(text, answer);
            return answer;
        }

        private int judgeOnce(String text) {
            if (!KqlTemplates.mayHold(text, quotedText)) return NO; // not parsed (only a positive filter has one)
            JsonNode v;
            try {
                v = dev.vitrine.core.json.Json.MAPPER.readTree(text);
            } catch (java.io.IOException e) {
                return MAYBE;
            }
            if (v == null || !v.isArray()) return MAYBE;
            return holds.test(v) ? YES : NO;
        }
    }

    /**
     * A filter on a CLP-string column: judged once per log type when the log type has no
     * variables or cannot expand to a matching text ({@link KqlTemplates}), else each record's
     * string rebuilt and judged as a JSON string is.
     */
    static final class ClpStringCheck implements Check, KqlTemplates.Judge {
        private final int column;
        private final KqlStringCheck rule;
        private final KqlTemplates templates;
        /** The wildcard pattern a matching value must match whole, or null when the filter passes other values too. */
        private final byte[] pattern;

        private final KqlVariableVerdicts byVariables = new KqlVariableVerdicts();

        ClpStringCheck(int column, KqlStringCheck rule) {
            this.column = column;
            this.rule = rule;
            this.templates = new KqlTemplates(column);
            this.pattern = rule.pattern();
        }

        @Override
        public int judge(Row row) {
            int v = templates.judge(row, this);
            return v != KqlTemplates.PER_ROW ? v : byVariables.judge(row, column, rule);
        }

        @Override
        public int text(byte[] constant) {
            return rule.judge(constant);
        }

        @Override
        public boolean mayPass(KqlTemplate t) {
            return pattern == null || KqlTemplates.mayMatch(t, pattern);
        }

        /**
         * True when no log type of {@code all} can give a value the filter passes: its text, or any
         * expansion of it, is ruled out. An empty or unreadable dictionary rules nothing out (the
         * decode reports it). The caller bounds how many log types are read (ClpsLogTypeLookup).
         */
        boolean passesNoLogType(KqlPrefilter.LogTypes all) {
            int n = all.size();
            if (n <= 0) return false;
            for (int id = 0; id < n; id++) {
                KqlTemplate t = all.template(id);
                if (t == null) return false;
                boolean no = t.holes().length == 0 ? text(t.constant()) == NO : !mayPass(t);
                if (!no) return false;
            }
            return true;
        }
    }
}
