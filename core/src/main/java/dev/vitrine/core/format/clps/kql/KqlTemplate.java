package dev.vitrine.core.format.clps.kql;

/**
 * A log type as the checks see it: its constant text (escapes removed), in order the positions in
 * it where its variables go (several may share one), whether no variable's text holds a space,
 * or a double quote, and whether no text it expands to holds a backslash (an array's JSON then
 * writes every string as it is, without escapes).
 */
public record KqlTemplate(
        byte[] constant, int[] holes, boolean spacelessVariables, boolean quotelessVariables, boolean backslashFree) {}
