package dev.vitrine.core.format.clps.kql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a query into tokens the way clp-s's KQL lexer does: AND/OR/NOT in any case, quoted
 * strings (a backslash keeps the next character, so {@code \"} stays inside), unquoted literals
 * made of any character but {@code \():<>"{}} and white space unless escaped, range operators,
 * and the {@code timestamp(} opener.
 */
final class KqlLexer {
    enum Kind {
        LPAREN,
        RPAREN,
        LBRACE,
        RBRACE,
        COLON,
        COMMA,
        RANGE,
        AND,
        OR,
        NOT,
        QUOTED,
        UNQUOTED,
        TIMESTAMP,
        EOF
    }

    record Token(Kind kind, String text, int pos) {
        boolean isLiteral() {
            return kind == Kind.QUOTED || kind == Kind.UNQUOTED;
        }
    }

    private static final String SPECIAL = "\\():<>\"*?{}.@$!#";
    private static final String STOP = "\\():<>\"{} \r\n\t";

    private KqlLexer() {}

    static List<Token> tokenize(String q) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        int n = q.length();
        while (i < n) {
            char c = q.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                i++;
                continue;
            }
            int start = i;
            switch (c) {
                case '(' -> out.add(new Token(Kind.LPAREN, "(", i++));
                case ')' -> out.add(new Token(Kind.RPAREN, ")", i++));
                case '{' -> out.add(new Token(Kind.LBRACE, "{", i++));
                case '}' -> out.add(new Token(Kind.RBRACE, "}", i++));
                case ':' -> out.add(new Token(Kind.COLON, ":", i++));
                case '<', '>' -> {
                    i++;
                    if (i < n && q.charAt(i) == '=') {
                        i++;
                    }
                    out.add(new Token(Kind.RANGE, q.substring(start, i), start));
                }
                case '"' -> {
                    i++;
                    while (i < n && q.charAt(i) != '"') {
                        i += q.charAt(i) == '\\' && i + 1 < n ? 2 : 1;
                    }
                    if (i >= n) {
                        throw new KqlSyntaxException(start, "unterminated quoted string");
                    }
                    i++;
                    out.add(new Token(Kind.QUOTED, q.substring(start, i), start));
                }
                default -> {
                    if (q.startsWith("timestamp(", i)) {
                        i += "timestamp(".length();
                        out.add(new Token(Kind.TIMESTAMP, "timestamp(", start));
                        continue;
                    }
                    i = unquotedEnd(q, i);
                    String text = q.substring(start, i);
                    out.add(new Token(keywordKind(text), text, start));
                }
            }
        }
        out.add(new Token(Kind.EOF, "", n));
        return out;
    }

    private static Kind keywordKind(String text) {
        if (text.equalsIgnoreCase("and")) {
            return Kind.AND;
        }
        if (text.equalsIgnoreCase("or")) {
            return Kind.OR;
        }
        if (text.equalsIgnoreCase("not")) {
            return Kind.NOT;
        }
        return text.equals(",") ? Kind.COMMA : Kind.UNQUOTED;
    }

    /** End of an unquoted literal starting at {@code i} (which is not a stop character). */
    private static int unquotedEnd(String q, int i) {
        int n = q.length();
        while (i < n) {
            char c = q.charAt(i);
            if (c == '\\') {
                if (i + 1 >= n) {
                    throw new KqlSyntaxException(i, "a backslash must escape a character");
                }
                char e = q.charAt(i + 1);
                if (e == 't' || e == 'r' || e == 'n' || SPECIAL.indexOf(e) >= 0) {
                    i += 2;
                } else if (e == 'u' && i + 6 <= n && isHex(q, i + 2, i + 6)) {
                    i += 6;
                } else {
                    throw new KqlSyntaxException(i, "invalid escape \\" + e);
                }
            } else if (STOP.indexOf(c) >= 0) {
                break;
            } else {
                i++;
            }
        }
        return i;
    }

    private static boolean isHex(String q, int from, int to) {
        for (int k = from; k < to; k++) {
            if (Character.digit(q.charAt(k), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
