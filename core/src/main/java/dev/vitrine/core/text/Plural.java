package dev.vitrine.core.text;

/** "1 warning", "2 warnings", "0 files": a count with its noun agreeing, for every message that counts. */
public final class Plural {
    private Plural() {}

    /** {@code n} and {@code noun}, with an "s" unless {@code n} is 1 (nouns with other plurals say both). */
    public static String of(long n, String noun) {
        return n + " " + (n == 1 ? noun : noun + "s");
    }

    /** {@code n}, then {@code one} or {@code many}. */
    public static String of(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
