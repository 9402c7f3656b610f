/**
 * KQL as clp-s ({@code clp-s s ARCHIVE 'KQL'}, clp v0.10.0) means it, for {@code vitrine cat
 * --query}. Entry point: {@link dev.vitrine.core.format.clps.kql.KqlQuery#parse}, then
 * {@code matches(record)} or {@code matches(record, KqlContext)} per decoded record.
 *
 * <p>Semantics settled against the real tool (see the golden tests):
 * <ul>
 *   <li>AND and OR have the same precedence, grouped from the left; NOT binds tighter. Keywords
 *       in any case. {@code k: (a b)} is an OR of values, {@code (AND ...)}/{@code (NOT ...)}
 *       variants too; {@code k: {q}} prefixes k to the keys in q.</li>
 *   <li>Values match whole values, case-sensitively; {@code *} any bytes, {@code ?} one UTF-8
 *       byte. A number matches ints, floats and the string with the same text ({@code n: 42} takes
 *       {@code "42"}); true/false/null also match the strings "true"/"false"/"null". Ranges only
 *       compare numbers.</li>
 *   <li>Inside an AND, every filter needs its key present with a type its value can match, even
 *       under NOT: {@code NOT level: INFO} skips records without {@code level}, and
 *       {@code NOT n: 42.5} skips records whose {@code n} is an integer. {@code k: *} is "k is
 *       present" (objects do not count), {@code NOT k: *} "k is absent" (nothing when no record of
 *       the archive has k).</li>
 *   <li>Arrays: {@code k: v} matches an element of array k (nested arrays and objects inside
 *       included, {@code k.x: v} looks for x in objects in the array); {@code >} and friends on an
 *       array behave as "some element differs". {@code k: null} is true for any array k.</li>
 *   <li>{@code *} as a key (or a bare value) searches every value of the record; {@code *} inside
 *       a key path is any number of levels. A key with an empty name stands in for any one key.</li>
 *   <li>{@code timestamp("TEXT")} and {@code timestamp("TEXT", "PATTERN")} (after {@code :} or a
 *       range operator) are read by {@link dev.vitrine.core.format.clps.kql.TimestampPattern} into
 *       epoch nanoseconds; text no pattern reads refuses the query. The archive's timestamp column
 *       is typed TIMESTAMP and compares its encoded value (epoch ns from format 0.5, ms before,
 *       when literals are lowered to ms too): strings never match it, numbers compare as that
 *       integer, and float columns compare with the literal as epoch seconds.</li>
 *   <li>Archive-wide facts ({@link dev.vitrine.core.format.clps.kql.KqlArchiveFacts}), the timestamp
 *       column and index and the range index ({@code $_filename}) come through
 *       {@link dev.vitrine.core.format.clps.kql.KqlContext}.</li>
 * </ul>
 * Before a record is rebuilt as JSON, {@link dev.vitrine.core.format.clps.kql.KqlPrefilter} judges
 * the filters it can on the record's columns (yes, no or maybe, never disagreeing with the
 * matcher), so most records are ruled out or accepted without being parsed.
 * A query clp-s calls "logically false" (e.g. {@code n > abc}) parses here and
 * {@link dev.vitrine.core.format.clps.kql.KqlQuery#matchesNothing()} says so; clp-s exits 1 for it.
 */
package dev.vitrine.core.format.clps.kql;
