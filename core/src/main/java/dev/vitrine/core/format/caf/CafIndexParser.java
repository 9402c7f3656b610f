package dev.vitrine.core.format.caf;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.SegmentInputStream;
import dev.vitrine.core.io.TruncatedException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.text.Messages;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.foreign.MemorySegment;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the JSON index with Jackson's streaming parser: one pass, no tree, so a 100,000-file
 * index costs its entries and nothing more, and those are kept by column ({@link CafEntries}).
 * Never depends on key order, ignores unknown fields, and turns every kind of damage into a {@link Problem} at an absolute file offset
 * (Jackson's position, mapped from chars back to UTF-8 bytes, plus the index's start). The
 * index is decoded as strict UTF-8, as both reference readers expect. Nesting is capped by
 * {@link Limits#maxDepth()} inside Jackson, and our own walk is iterative, so a hostile
 * {@code [[[[...} is a problem, not a StackOverflowError.
 */
final class CafIndexParser {
    static final String SUPPORTED_VERSION = "1.0";

    private final ByteSource src;
    private final long base;
    private final Limits limits;
    private final List<Problem> problems = new ArrayList<>();
    private CafEntries entries = CafEntries.empty();
    private CharToByteOffsets offsets;
    private String version;
    private long versionOffset = -1;
    private long versionLength;
    private boolean versionSeen;
    private boolean filesSeen;
    private boolean truncatedByLimit;

    private CafIndexParser(ByteSource src, long base, Limits limits) {
        this.src = src;
        this.base = base;
        this.limits = limits;
    }

    static CafIndex parse(ByteSource src, CafLayout layout, Limits limits) {
        return new CafIndexParser(src, layout.indexStart(), limits).run(layout.indexSize());
    }

    private CafIndex run(long indexSize) {
        boolean complete = false;
        JsonParser p = null;
        try {
            MemorySegment seg = src.segment(base, indexSize);
            entries = new CafEntries(seg, base);
            offsets = new CharToByteOffsets(seg);
            // Decode UTF-8 ourselves, strictly: Jackson's byte parser would guess other
            // encodings, and it interns every field name in a table that slows to a crawl
            // with 100,000 distinct names. Char offsets are mapped back to bytes.
            CharsetDecoder utf8 = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            p = factory(limits, indexSize).createParser(new InputStreamReader(new SegmentInputStream(seg), utf8));
            complete = parseRoot(p);
        } catch (JsonParseException e) {
            problems.add(syntaxProblem(offsetOf(e.getLocation(), p), e, indexSize));
        } catch (StreamConstraintsException e) {
            problems.add(error(offsetOf(null, p), "index exceeds a limit: " + Messages.reason(e)));
        } catch (JsonProcessingException e) {
            problems.add(error(offsetOf(e.getLocation(), p), "invalid JSON in the index: " + Messages.reason(e)));
        } catch (TruncatedException e) {
            problems.add(Problem.of(e));
        } catch (CharacterCodingException e) {
            problems.add(utf8Problem(indexSize));
        } catch (IOException e) {
            problems.add(error(offsetOf(null, p), "cannot read the index: " + Messages.reason(e)));
        } catch (RuntimeException e) {
            // Jackson guards (e.g. symbol table limits) may throw unchecked; still damage, not a crash.
            problems.add(error(offsetOf(null, p), "index cannot be parsed: " + Messages.reason(e)));
        } finally {
            if (p != null) {
                try {
                    p.close();
                } catch (IOException ignored) {
                    // nothing to release but the parser's buffers
                }
            }
        }
        if (complete) checkVersion();
        entries.trim();
        return new CafIndex(
                version, versionOffset, versionLength, entries, List.copyOf(problems), complete && !truncatedByLimit);
    }

    private static JsonFactory factory(Limits limits, long indexSize) {
        return JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(Math.max(4, limits.maxDepth()))
                        .maxDocumentLength(indexSize)
                        .maxNameLength(1 << 20)
                        .maxStringLength(
                                (int) Math.min(Integer.MAX_VALUE, Math.max(1 << 20, limits.maxMetadataBytes())))
                        .build())
                .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
                .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
                .build();
    }

    /** @return true when the root object closed and nothing but whitespace followed */
    private boolean parseRoot(JsonParser p) throws IOException {
        JsonToken t = p.nextToken();
        if (t == null) {
            problems.add(error(base, "index is empty (only whitespace)"));
            return false;
        }
        if (t != JsonToken.START_OBJECT) {
            problems.add(error(
                    tokenOffset(p), "index does not begin with a JSON object ({ expected, found " + describe(t) + ")"));
            return false;
        }
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            long keyOffset = tokenOffset(p);
            JsonToken v = p.nextToken();
            switch (key) {
                case "format_version" -> readVersion(p, v, keyOffset);
                case "files" -> {
                    if (filesSeen)
                        problems.add(
                                error(
                                        keyOffset,
                                        "\"files\" appears twice in the index; readers disagree on which one counts (both are listed)"));
                    filesSeen = true;
                    if (v == JsonToken.START_OBJECT) {
                        if (!readFiles(p)) return false;
                    } else {
                        problems.add(error(keyOffset, "\"files\" is " + describe(v) + ", not an object"));
                        p.skipChildren();
                    }
                }
                default -> p.skipChildren(); // unknown fields are allowed: later writers may add some
            }
        }
        if (t != JsonToken.END_OBJECT) {
            problems.add(error(tokenOffset(p), "unexpected " + describe(t) + " in the index object"));
            return false;
        }
        JsonToken after = p.nextToken();
        if (after != null) {
            problems.add(error(tokenOffset(p), "unexpected data after the end of the index JSON"));
            return false;
        }
        return true;
    }

    private void readVersion(JsonParser p, JsonToken v, long keyOffset) throws IOException {
        if (versionSeen) problems.add(error(keyOffset, "\"format_version\" appears twice in the index"));
        versionSeen = true;
        if (v == JsonToken.VALUE_STRING) {
            versionOffset = tokenOffset(p);
            version = p.getText();
            versionLength = byteOffset(p.currentLocation()) + base - versionOffset;
        } else {
            version = null;
            versionOffset = tokenOffset(p);
            problems.add(error(versionOffset, "format_version is " + describe(v) + ", not a string"));
            p.skipChildren();
        }
    }

    /**
     * Missing version: ERROR, the reference validators reject it and nothing says how to read
     * the rest. Another string: WARNING, because the only fields we read are the same ones and
     * the entries are still shown, but the reference `cafcli validate` would call it invalid.
     */
    private void checkVersion() {
        if (!versionSeen) {
            problems.add(error(base, "index has no format_version (expected \"" + SUPPORTED_VERSION + "\")"));
        } else if (version != null && !version.equals(SUPPORTED_VERSION)) {
            problems.add(Problem.warning(
                    src.name(),
                    versionOffset,
                    "format_version is \"" + version + "\", not \"" + SUPPORTED_VERSION + "\"; read as "
                            + SUPPORTED_VERSION + " (the reference validator would reject it)"));
        }
        if (!filesSeen) problems.add(error(base, "index has no \"files\" object"));
    }

    /** Reads the files object; false when the entry limit stopped it. */
    private boolean readFiles(JsonParser p) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            if (entries.size() >= limits.maxEntries()) {
                problems.add(error(
                        tokenOffset(p),
                        "more than " + limits.maxEntries() + " entries; the rest of the index is not read"));
                truncatedByLimit = true;
                return false;
            }
            String name = p.currentName();
            long keyOffset = tokenOffset(p);
            readEntry(p, name, keyOffset);
        }
        if (t != JsonToken.END_OBJECT) throw new JsonParseException(p, "unexpected " + describe(t) + " in \"files\"");
        return true;
    }

    /** Reads one entry's value and adds the entry. */
    private void readEntry(JsonParser p, String name, long keyOffset) throws IOException {
        JsonToken v = p.nextToken();
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            entries.add(name, -1, -1, keyOffset, end(p) - keyOffset, "value is " + describe(v) + ", not an object");
            return;
        }
        long start = -1, end = -1;
        String defect = null;
        boolean startSeen = false, endSeen = false;
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken fv = p.nextToken();
            if (field.equals("start_byte") || field.equals("end_byte")) {
                boolean isStart = field.equals("start_byte");
                if (isStart ? startSeen : endSeen) defect = first(defect, field + " appears twice");
                long n = readOffset(p, fv);
                if (n < 0) defect = first(defect, field + " is " + numberProblem(p, fv));
                if (isStart) {
                    startSeen = true;
                    start = n;
                } else {
                    endSeen = true;
                    end = n;
                }
            } else {
                p.skipChildren();
            }
        }
        if (t != JsonToken.END_OBJECT) throw new JsonParseException(p, "unexpected " + describe(t) + " in an entry");
        if (!startSeen) defect = first(defect, "start_byte is missing");
        if (!endSeen) defect = first(defect, "end_byte is missing");
        if (defect != null) {
            start = -1;
            end = -1;
        }
        entries.add(name, start, end, keyOffset, end(p) - keyOffset, defect);
    }

    /** A non-negative integer that fits a long, or -1. */
    private static long readOffset(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_NUMBER_INT) {
            JsonParser.NumberType nt = p.getNumberType();
            if (nt == JsonParser.NumberType.INT || nt == JsonParser.NumberType.LONG) {
                long n = p.getLongValue();
                return n >= 0 ? n : -1;
            }
            return -1;
        }
        p.skipChildren();
        return -1;
    }

    private static String numberProblem(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_NUMBER_INT) {
            String text = p.getText();
            if (text.startsWith("-")) return "negative (" + abbreviate(text) + ")";
            return "too large (" + abbreviate(text) + ")";
        }
        if (v == JsonToken.VALUE_NUMBER_FLOAT) return "not an integer (" + abbreviate(p.getText()) + ")";
        return describe(v) + ", not a number";
    }

    private static String abbreviate(String s) {
        return s.length() <= 24 ? s : s.substring(0, 20) + "... (" + s.length() + " digits)";
    }

    private static String first(String existing, String more) {
        return existing != null ? existing : more;
    }

    private long end(JsonParser p) {
        return base + byteOffset(p.currentLocation());
    }

    private long tokenOffset(JsonParser p) {
        return base + byteOffset(p.currentTokenLocation());
    }

    /** Index-relative byte offset of a location (Jackson counts chars when reading a Reader). */
    private long byteOffset(JsonLocation loc) {
        if (loc == null || offsets == null) return 0;
        return Math.max(0, offsets.byteOffset(loc.getCharOffset()));
    }

    private long offsetOf(JsonLocation loc, JsonParser p) {
        if (loc != null && loc.getCharOffset() >= 0) return base + byteOffset(loc);
        if (p != null) return base + byteOffset(p.currentLocation());
        return base;
    }

    /** The decoder stopped at bad UTF-8 somewhere ahead of the parser: name the exact byte. */
    private Problem utf8Problem(long indexSize) {
        try {
            long bad = Utf8Check.firstInvalid(src.segment(base, indexSize));
            return error(bad >= 0 ? base + bad : base, "invalid UTF-8 in the index");
        } catch (TruncatedException e) {
            return Problem.of(e);
        }
    }

    /**
     * Jackson reports where it noticed the damage, a few bytes after a bad UTF-8 sequence; a
     * strict scan up to that point names the exact byte, and tells UTF-8 damage from JSON damage.
     */
    private Problem syntaxProblem(long offset, JsonParseException e, long indexSize) {
        String msg = Messages.reason(e);
        try {
            long upTo = Math.min(indexSize, offset - base + 4);
            long bad = upTo <= 0 ? -1 : Utf8Check.firstInvalid(src.segment(base, upTo));
            if (bad >= 0)
                return error(base + bad, "invalid UTF-8 in the index" + (msg.contains("UTF-8") ? ": " + msg : ""));
        } catch (TruncatedException ignored) {
            // the offset came from the parser and lies inside the index; fall through regardless
        }
        return error(offset, "invalid JSON in the index: " + msg);
    }

    private static String describe(JsonToken t) {
        if (t == null) return "the end of the index";
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.asString() != null ? "'" + t.asString() + "'" : t.name();
        };
    }

    private Problem error(long offset, String message) {
        return Problem.error(src.name(), offset, message);
    }
}
