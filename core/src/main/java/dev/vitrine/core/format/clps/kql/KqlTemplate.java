package dev.vitrine.core.format.clps.kql;

/**
 * A log type as the checks see it: its constant text (escapes removed), in order the positions in
 * it where its variables go (several may share one), and whether no variable's text holds a space.
 */
public record KqlTemplate(byte[] constant, int[] holes, boolean spacelessVariables) {}
