package dev.vitrine.core.format.clps.kql;

import dev.vitrine.core.format.clps.kql.KqlLexer.Kind;
import dev.vitrine.core.format.clps.kql.KqlLexer.Token;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A parser of clp-s's KQL grammar. AND and OR have the same precedence and group from
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

    /**
     * The query and every group in it, parsed with an explicit stack so that a query nested or
     * chained thousands deep (clp-s answers 10,000 parentheses) needs no deep Java recursion.
     * Same-operator chains become one n-ary node and runs of NOT collapse by parity, which
     * changes nothing clp-s's rewriting sees; what is left nests only where operators alternate.
     */
    private KqlExpr query() {
        ArrayDeque<Group> stack = new ArrayDeque<>();
        Group g = new Group(Kind.EOF, null, null, false);
        while (true) {
            // An operand: NOTs, then a group opener or a filter.
            boolean negate = false;
            KqlExpr operand = null;
            while (operand == null) {
                Token t = next();
                switch (t.kind()) {
                    case NOT -> negate = !negate;
                    case LPAREN -> {
                        stack.push(g);
                        g = new Group(Kind.RPAREN, null, null, negate);
                        negate = false;
                    }
                    case QUOTED, UNQUOTED -> {
                        if (peek().kind() == Kind.COLON && tokens.get(at + 1).kind() == Kind.LBRACE) {
                            next();
                            KqlColumn col = column(t);
                            next();
                            stack.push(g);
                            g = new Group(Kind.RBRACE, col, t, negate);
                            negate = false;
                        } else {
                            operand = negated(afterLiteral(t), negate);
                        }
                    }
                    default -> throw unexpected(t, "a key, a value, '(' or NOT");
                }
            }
            g.add(operand);
            // Operators, and the groups that close after this operand.
            while (true) {
                Token t = peek();
                if (t.kind() == Kind.AND || t.kind() == Kind.OR) {
                    g.op = next().kind();
                    break;
                }
                if (g.closer == Kind.EOF) {
                    KqlExpr e = g.result();
                    checkDepth(e);
                    return e;
                }
                expect(g.closer, g.closer == Kind.RPAREN ? "')'" : "'}'");
                KqlExpr inner = g.result();
                if (g.prefix != null) {
                    checkDepth(inner); // prefixing recurses over the group
                    inner = prefixed(inner, g.prefix, g.prefixToken);
                }
                inner = negated(inner, g.negated);
                g = stack.pop();
                g.add(inner);
            }
        }
    }

    private static KqlExpr negated(KqlExpr e, boolean negate) {
        return negate ? new KqlExpr.Not(e) : e;
    }

    /**
     * Deeper than this the query is refused: what is left of nesting after flattening alternates
     * AND with OR or wraps NOT around groups, and the rewriting passes recurse over it.
     */
    static final int MAX_DEPTH = 1_000;

    private static void checkDepth(KqlExpr root) {
        ArrayDeque<KqlExpr> nodes = new ArrayDeque<>();
        ArrayDeque<Integer> depths = new ArrayDeque<>();
        nodes.push(root);
        depths.push(1);
        while (!nodes.isEmpty()) {
            KqlExpr e = nodes.pop();
            int d = depths.pop();
            if (d > MAX_DEPTH) {
                throw new KqlSyntaxException(
                        0,
                        "query nested too deeply (more than " + MAX_DEPTH
                                + " levels of alternating AND, OR and NOT groups)");
            }
            List<KqlExpr> children = KqlExpr.children(e);
            for (KqlExpr c : children) {
                nodes.push(c);
                depths.push(d + 1);
            }
        }
    }

    /** An open group: its operands so far, grouped from the left as clp-s groups AND and OR. */
    private static final class Group {
        final Kind closer;
        final KqlColumn prefix;
        final Token prefixToken;
        final boolean negated;
        Kind op;
        Kind runOp;
        List<KqlExpr> run = new ArrayList<>();

        Group(Kind closer, KqlColumn prefix, Token prefixToken, boolean negated) {
            this.closer = closer;
            this.prefix = prefix;
            this.prefixToken = prefixToken;
            this.negated = negated;
        }

        /** Appends to the current same-operator run, or closes it as the left operand of a new one. */
        void add(KqlExpr e) {
            if (run.isEmpty()) {
                run.add(e);
                return;
            }
            if (runOp != null && runOp != op) {
                KqlExpr left = result();
                run = new ArrayList<>();
                run.add(left);
            }
            runOp = op;
            if (run.size() == 1) {
                KqlExpr first = run.remove(0);
                append(first);
            }
            append(e);
        }

        /** (a OR b) OR c is a OR b OR c: a same-operator operand joins the run. */
        private void append(KqlExpr e) {
            if (op == Kind.AND && e instanceof KqlExpr.And a && !a.operands().isEmpty()) {
                run.addAll(a.operands());
            } else if (op == Kind.OR
                    && e instanceof KqlExpr.Or o
                    && !o.operands().isEmpty()) {
                run.addAll(o.operands());
            } else {
                run.add(e);
            }
        }

        KqlExpr result() {
            if (run.size() == 1) {
                return run.get(0);
            }
            return runOp == Kind.AND ? new KqlExpr.And(List.copyOf(run)) : new KqlExpr.Or(List.copyOf(run));
        }
    }

    private KqlExpr afterLiteral(Token first) {
        Token t = peek();
        if (t.kind() == Kind.COLON) {
            next();
            KqlColumn col = column(first);
            Token v = next();
            switch (v.kind()) {
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
                throw new KqlSyntaxException(
                        pattern.pos(), "invalid timestamp pattern " + pattern.text() + ": " + e.getMessage());
            }
            nanos = p.parse(text.text(), true);
            if (nanos == null) {
                throw new KqlSyntaxException(
                        text.pos(), "timestamp " + text.text() + " does not match the pattern " + pattern.text());
            }
        } else {
            nanos = TimestampPattern.parseJsonLiteral(text.text(), List.of());
            if (nanos == null) {
                throw new KqlSyntaxException(
                        text.pos(),
                        "timestamp " + text.text()
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
