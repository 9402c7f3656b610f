package dev.vitrine.core.format.clps.kql;

import dev.vitrine.core.format.clps.kql.KqlLexer.Kind;
import dev.vitrine.core.format.clps.kql.KqlLexer.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive descent over clp-s's KQL grammar. AND and OR have the same precedence and group from
 * the left ({@code a OR b AND c} is {@code (a OR b) AND c}, as clp-s's grammar has them in one
 * alternative); NOT binds tighter than both.
 *
 * <pre>
 * query   := primary ((AND | OR) primary)*
 * primary := '(' query ')' | NOT primary | literal ':' '{' query '}' | literal ':' value
 *          | literal RANGE (literal | timestamp) | literal
 * value   := literal | '(' [AND | OR | NOT] literal* ')' | timestamp
 * timestamp := 'timestamp(' QUOTED [',' QUOTED] ')'
 * </pre>
 */
final class KqlParser {
    private final List<Token> tokens;
    private int at;

    private KqlParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    static KqlExpr parse(String query) {
        KqlParser p = new KqlParser(KqlLexer.tokenize(query));
        KqlExpr e = p.query();
        Token t = p.peek();
        if (t.kind() != Kind.EOF) {
            throw unexpected(t, "AND, OR or the end of the query");
        }
        return e;
    }

    private Token peek() {
        return tokens.get(at);
    }

    private Token next() {
        return tokens.get(at++);
    }

    private Token expect(Kind kind, String what) {
        Token t = next();
        if (t.kind() != kind) {
            throw unexpected(t, what);
        }
        return t;
    }

    private static KqlSyntaxException unexpected(Token t, String expected) {
        String found = t.kind() == Kind.EOF ? "the end of the query" : "'" + t.text() + "'";
        return new KqlSyntaxException(t.pos(), "expected " + expected + " but found " + found);
    }

    private KqlExpr query() {
        KqlExpr left = primary();
        while (peek().kind() == Kind.AND || peek().kind() == Kind.OR) {
            boolean and = next().kind() == Kind.AND;
            KqlExpr right = primary();
            left = and ? new KqlExpr.And(List.of(left, right)) : new KqlExpr.Or(List.of(left, right));
        }
        return left;
    }

    private KqlExpr primary() {
        Token t = next();
        switch (t.kind()) {
            case LPAREN -> {
                KqlExpr q = query();
                expect(Kind.RPAREN, "')'");
                return q;
            }
            case NOT -> {
                return new KqlExpr.Not(primary());
            }
            case QUOTED, UNQUOTED -> {
                return afterLiteral(t);
            }
            default -> throw unexpected(t, "a key, a value, '(' or NOT");
        }
    }

    private KqlExpr afterLiteral(Token first) {
        Token t = peek();
        if (t.kind() == Kind.COLON) {
            next();
            KqlColumn col = column(first);
            Token v = next();
            switch (v.kind()) {
                case LBRACE -> {
                    KqlExpr inner = query();
                    expect(Kind.RBRACE, "'}'");
                    return prefixed(inner, col, first);
                }
                case LPAREN -> {
                    return prefixed(list(), col, first);
                }
                case QUOTED, UNQUOTED -> {
                    return new KqlExpr.Filter(col, KqlOp.EQ, literal(v), false);
                }
                case TIMESTAMP -> {
                    return new KqlExpr.Filter(col, KqlOp.EQ, timestampLiteral(), false);
                }
                default -> throw unexpected(v, "a value, '(' or '{' after ':'");
            }
        }
        if (t.kind() == Kind.RANGE) {
            next();
            KqlColumn col = column(first);
            Token v = next();
            if (v.kind() == Kind.TIMESTAMP) {
                return new KqlExpr.Filter(col, KqlOp.ofRange(t.text()), timestampLiteral(), false);
            }
            if (!v.isLiteral()) {
                throw unexpected(v, "a value after '" + t.text() + "'");
            }
            return new KqlExpr.Filter(col, KqlOp.ofRange(t.text()), literal(v), false);
        }
        return new KqlExpr.Filter(KqlColumn.anyKey(), KqlOp.EQ, literal(first), false);
    }

    private KqlExpr list() {
        Kind cond = Kind.OR;
        if (peek().kind() == Kind.AND || peek().kind() == Kind.OR || peek().kind() == Kind.NOT) {
            cond = next().kind();
        }
        List<KqlExpr> items = new ArrayList<>();
        KqlColumn empty = new KqlColumn("", List.of());
        while (peek().isLiteral()) {
            items.add(new KqlExpr.Filter(empty, KqlOp.EQ, literal(next()), cond == Kind.NOT));
        }
        expect(Kind.RPAREN, "a value or ')'");
        return cond == Kind.OR ? new KqlExpr.Or(items) : new KqlExpr.And(items);
    }

    private static KqlExpr prefixed(KqlExpr inner, KqlColumn col, Token at) {
        try {
            return KqlExpr.prefix(inner, col);
        } catch (IllegalArgumentException e) {
            throw new KqlSyntaxException(at.pos(), "a key with a namespace prefix cannot be nested");
        }
    }

    /**
     * The rest of {@code timestamp("TEXT"[, "PATTERN"])} after its opener. clp-s reads TEXT with
     * PATTERN, or with the first of its default patterns that reads it, both as JSON literals
     * (the quotes are part of what the pattern matches); a text it cannot read refuses the query.
     */
    private KqlLiteral timestampLiteral() {
        Token text = expect(Kind.QUOTED, "a quoted timestamp after 'timestamp('");
        Token pattern = null;
        if (peek().kind() == Kind.COMMA) {
            next();
            pattern = expect(Kind.QUOTED, "a quoted timestamp pattern after ','");
        }
        expect(Kind.RPAREN, pattern == null ? "',' or ')'" : "')'");
        Long nanos;
        if (pattern != null) {
            TimestampPattern p;
            try {
                p = TimestampPattern.create(pattern.text());
            } catch (TimestampPattern.InvalidPatternException e) {
                throw new KqlSyntaxException(pattern.pos(), "invalid timestamp pattern " + pattern.text() + ": " + e.getMessage());
            }
            nanos = p.parse(text.text(), true);
            if (nanos == null) {
                throw new KqlSyntaxException(text.pos(), "timestamp " + text.text() + " does not match the pattern " + pattern.text());
            }
        } else {
            nanos = TimestampPattern.parseJsonLiteral(text.text(), List.of());
            if (nanos == null) {
                throw new KqlSyntaxException(text.pos(), "timestamp " + text.text()
                        + " matches none of clp-s's timestamp patterns (give one: timestamp(\"TEXT\", \"PATTERN\"))");
            }
        }
        return KqlLiteral.timestamp(nanos);
    }

    private static String unquote(Token t) {
        return t.kind() == Kind.QUOTED ? t.text().substring(1, t.text().length() - 1) : t.text();
    }

    private static KqlColumn column(Token t) {
        KqlColumn c = KqlColumn.parse(unquote(t));
        if (c == null) {
            throw new KqlSyntaxException(t.pos(), "invalid key " + t.text());
        }
        return c;
    }

    private static KqlLiteral literal(Token t) {
        String v = KqlEscapes.unescape(unquote(t), true);
        if (v == null) {
            throw new KqlSyntaxException(t.pos(), "invalid escape in value " + t.text());
        }
        return KqlLiteral.of(v);
    }
}
