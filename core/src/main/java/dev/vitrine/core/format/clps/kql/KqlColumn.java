package dev.vitrine.core.format.clps.kql;

import java.util.ArrayList;
import java.util.List;

/**
 * A column as clp-s resolves it: a namespace ({@code ""}, or {@code $ @ ! #} from the first
 * character) and key tokens split at unescaped dots. A token that is exactly an unescaped
 * {@code *} is a wildcard matching any number of key levels, zero included; runs of wildcards
 * collapse into one.
 */
record KqlColumn(String namespace, List<Token> tokens) {

    /** One key level; {@code wildcard} tokens have an empty name. */
    record Token(String name, boolean wildcard) {}

    static final String RANGE_INDEX_NAMESPACE = "$";

    static KqlColumn anyKey() {
        return new KqlColumn("", List.of(new Token("", true)));
    }

    KqlColumn {
        tokens = collapse(tokens);
    }

    boolean isPureWildcard() {
        return tokens.size() == 1 && tokens.getFirst().wildcard();
    }

    boolean hasWildcard() {
        return tokens.stream().anyMatch(Token::wildcard);
    }

    KqlColumn prefixedWith(KqlColumn prefix) {
        if (!namespace.isEmpty()) {
            throw new IllegalArgumentException("invalid descriptor");
        }
        List<Token> all = new ArrayList<>(prefix.tokens);
        all.addAll(tokens);
        return new KqlColumn(prefix.namespace, all);
    }

    /** Key names (wildcards as {@code *}), for schema pruning. */
    List<String> path() {
        return tokens.stream().map(t -> t.wildcard() ? "*" : t.name()).toList();
    }

    private static List<Token> collapse(List<Token> in) {
        List<Token> out = new ArrayList<>(in.size());
        for (Token t : in) {
            if (t.wildcard() && !out.isEmpty() && out.getLast().wildcard()) {
                continue;
            }
            out.add(t);
        }
        return List.copyOf(out);
    }

    /**
     * Parses a column's text (already unquoted). Returns null when clp-s would reject it: an empty
     * key level, a trailing backslash, or an escape it does not know.
     */
    static KqlColumn parse(String text) {
        String ns = "";
        int start = 0;
        if (!text.isEmpty() && "@$!#".indexOf(text.charAt(0)) >= 0) {
            ns = text.substring(0, 1);
            start = 1;
        }
        List<Token> tokens = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean escaped = false;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!escaped) {
                if (c == '\\') {
                    escaped = true;
                } else if (c == '.') {
                    if (cur.isEmpty() || !addToken(tokens, cur.toString())) {
                        return null;
                    }
                    cur.setLength(0);
                } else {
                    cur.append(c);
                }
                continue;
            }
            escaped = false;
            if (c != '.') {
                cur.append('\\');
            }
            cur.append(c);
        }
        if (escaped || cur.isEmpty() || !addToken(tokens, cur.toString())) {
            return null;
        }
        return new KqlColumn(ns, tokens);
    }

    /** Unescapes one key token (as a key, so {@code \?} is a plain {@code ?}) and adds it. */
    private static boolean addToken(List<Token> tokens, String raw) {
        String unescaped = KqlEscapes.unescape(raw, false);
        if (unescaped == null) {
            return false;
        }
        boolean wildcard = unescaped.equals("*");
        // Descriptor tokens keep \\ and \* escapes: drop the backslashes now.
        StringBuilder name = new StringBuilder();
        boolean esc = false;
        for (int i = 0; i < unescaped.length(); i++) {
            char c = unescaped.charAt(i);
            if (!esc && c == '\\') {
                esc = true;
                continue;
            }
            esc = false;
            name.append(c);
        }
        if (esc) {
            return false;
        }
        tokens.add(new Token(wildcard ? "" : name.toString(), wildcard));
        return true;
    }
}
