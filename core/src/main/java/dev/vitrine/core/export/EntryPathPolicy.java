package dev.vitrine.core.export;

import java.util.ArrayList;
import java.util.List;

/**
 * Decides how a name stored in an archive becomes a path under an export folder. Archive
 * names are untrusted: CAF and DataBundle writers check nothing, so a name may try to climb
 * out of the folder.
 *
 * <p>The policy, in one place so export, verify and the writers agree:
 * <ul>
 *   <li><b>Refused</b> (never written): an empty name; a name with a NUL or any other control
 *       character (they cannot be shown or typed, and NUL truncates names in C APIs); an
 *       unpaired UTF-16 surrogate (no file system can store it faithfully); an absolute name
 *       ({@code /x}, {@code \x}); a drive letter ({@code C:...}); any {@code ..} segment, even
 *       one that would stay inside after normalisation, because its intent is to climb; a name
 *       with no segment left after cleaning (e.g. {@code "./"}).</li>
 *   <li><b>Sanitised</b> (written under a cleaned name, and reported): backslashes are read as
 *       folder separators (names written on Windows), empty segments ({@code a//b}) and
 *       {@code .} segments are dropped.</li>
 * </ul>
 * Everything else is kept byte for byte. Names the platform cannot hold (e.g. {@code :} on
 * Windows) fail later when resolved and are refused then.
 */
public final class EntryPathPolicy {
    private EntryPathPolicy() {}

    /** The outcome for one name: a relative path with '/' separators, or a refusal. */
    public sealed interface Decision permits Safe, Refused {}

    /**
     * Accepted. {@code relative} uses '/' and has no empty, '.' or '..' segment; {@code notes}
     * says what was cleaned (empty when the name was already canonical).
     */
    public record Safe(String relative, List<String> segments, List<String> notes) implements Decision {
        public boolean sanitised() {
            return !notes.isEmpty();
        }
    }

    /** Refused, with the reason in words. */
    public record Refused(String reason) implements Decision {}

    public static Decision decide(String name) {
        if (name == null || name.isEmpty()) return new Refused("empty name");
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == 0) return new Refused("NUL character at position " + i);
            if (Character.isISOControl(c)) return new Refused(String.format("control character U+%04X at position %d", (int) c, i));
            if (Character.isHighSurrogate(c) && (i + 1 >= name.length() || !Character.isLowSurrogate(name.charAt(i + 1)))
                    || Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(name.charAt(i - 1)))) {
                return new Refused("unpaired surrogate at position " + i);
            }
        }
        char first = name.charAt(0);
        if (first == '/' || first == '\\') return new Refused("absolute path");
        if (name.length() >= 2 && name.charAt(1) == ':' && isAsciiLetter(first)) return new Refused("drive letter " + name.substring(0, 2));

        List<String> notes = new ArrayList<>(2);
        String slashed = name;
        if (name.indexOf('\\') >= 0) {
            slashed = name.replace('\\', '/');
            notes.add("backslashes read as folder separators");
        }
        List<String> segments = new ArrayList<>();
        boolean dropped = false;
        for (String seg : slashed.split("/", -1)) {
            if (seg.equals("..")) return new Refused("'..' segment would climb out of the folder");
            if (seg.isEmpty() || seg.equals(".")) {
                dropped = true;
                continue;
            }
            segments.add(seg);
        }
        if (segments.isEmpty()) return new Refused("no file name left after removing empty and '.' segments");
        if (dropped) notes.add("empty or '.' segments dropped");
        return new Safe(String.join("/", segments), List.copyOf(segments), List.copyOf(notes));
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    /**
     * The name in double quotes with control characters, quotes and backslashes escaped, so a
     * hostile name cannot garble a terminal or a log line.
     */
    public static String quote(String name) {
        if (name == null) return "null";
        StringBuilder b = new StringBuilder(name.length() + 2).append('"');
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (Character.isISOControl(c) || Character.isSurrogate(c) && !validSurrogateAt(name, i)) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    private static boolean validSurrogateAt(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
