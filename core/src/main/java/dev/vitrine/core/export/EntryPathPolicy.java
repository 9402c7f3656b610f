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
 * Everything else is kept byte for byte.
 *
 * <p>Windows cannot hold some names that are fine elsewhere ({@link #windowsProblem}): reserved
 * device names ({@code CON}, {@code PRN}, {@code AUX}, {@code NUL}, {@code COM0}-{@code COM9},
 * {@code LPT0}-{@code LPT9}, {@code COM¹ COM² COM³ LPT¹ LPT² LPT³}, and {@code CONIN$},
 * {@code CONOUT$}), in any case and with any extension ({@code aux.c} opens the AUX device);
 * a segment ending in a dot or a space (Windows drops them, so {@code a.} would land on
 * {@code a}); and the characters {@code < > : " | ? *} ({@code :} names an NTFS alternate data
 * stream). Control characters are refused on every system already. A policy object for
 * Windows ({@link #of}{@code (true)}, or {@link #forThisSystem()} there) refuses such names;
 * elsewhere they are exported as they are, and CAF verify warns about them.
 *
 * <p>Some names display differently from what they are ({@link #deceptiveProblem}): a bidi
 * override makes {@code rtl\u202etxt.exe} show as {@code rtlexe.txt}, a zero-width space makes
 * two different names look the same. They are exported as they are (the bytes are the name),
 * but warned about wherever names are shown, and {@link #quote} escapes those characters.
 *
 * <p>{@link #classify} gives all of it at once, so verify (CAF's entry checks) and the window
 * (its file rows' health) sort names into refused, odd, Windows-unsafe and deceptive the
 * same way.
 */
public final class EntryPathPolicy {
    private static final EntryPathPolicy PORTABLE = new EntryPathPolicy(false);
    private static final EntryPathPolicy WINDOWS = new EntryPathPolicy(true);
    private static final List<String> DEVICE_NAMES = devices();

    private final boolean windows;

    private EntryPathPolicy(boolean windows) {
        this.windows = windows;
    }

    /** The policy for the system we run on: Windows rules when {@code os.name} says Windows. */
    public static EntryPathPolicy forThisSystem() {
        return of(isWindows(System.getProperty("os.name", "")));
    }

    /** With {@code windows}, names Windows cannot hold are refused too. */
    public static EntryPathPolicy of(boolean windows) {
        return windows ? WINDOWS : PORTABLE;
    }

    static boolean isWindows(String osName) {
        return osName.regionMatches(true, 0, "Windows", 0, 7);
    }

    public boolean windows() {
        return windows;
    }

    /** {@link #decide}, then, for Windows, a refusal of names Windows cannot hold. */
    public Decision check(String name) {
        Decision d = decide(name);
        if (windows && d instanceof Safe s) {
            String why = windowsProblem(s);
            if (why != null) return new Refused("cannot be written on Windows: " + why);
        }
        return d;
    }

    /**
     * Everything the rules say about one name.
     *
     * @param decision  what export does with it under this policy (on Windows, names Windows
     *                  cannot hold are refused here)
     * @param windows   why Windows cannot hold it ({@link #windowsProblem}), or null; set on
     *                  every system, since a warning there helps users elsewhere
     * @param deceptive why it displays differently from what it is ({@link #deceptiveProblem}),
     *                  or null; only for names export accepts
     */
    public record Classification(Decision decision, String windows, String deceptive) {}

    /** The one classification export, verify and the window share. */
    public Classification classify(String name) {
        Decision d = decide(name);
        if (!(d instanceof Safe s)) return new Classification(d, null, null);
        String windowsWhy = windowsProblem(s);
        Decision mine = windows && windowsWhy != null ? new Refused("cannot be written on Windows: " + windowsWhy) : d;
        return new Classification(mine, windowsWhy, deceptiveProblem(name));
    }

    /**
     * Why {@code name} would display differently from what it is, e.g.
     * {@code bidi control U+202E (RIGHT-TO-LEFT OVERRIDE) at position 3}, or null: bidi
     * controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), zero-width and other
     * invisible or format characters (U+200B-U+200D, U+2060, U+FEFF, U+00AD, tags, every
     * Unicode "Cf" character, Hangul fillers, the combining grapheme joiner), line and
     * paragraph separators, and C0/C1 controls (which {@link #decide} refuses anyway).
     */
    public static String deceptiveProblem(String name) {
        if (name == null) return null;
        int count = 0;
        String first = null;
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            String kind = deceptiveKind(cp);
            if (kind != null) {
                if (first == null) {
                    String uname = Character.getName(cp);
                    first = kind + " " + String.format("U+%04X", cp) + (uname == null ? "" : " (" + uname + ")")
                            + " at position " + i;
                }
                count++;
            }
            i += Character.charCount(cp);
        }
        if (first == null) return null;
        return count == 1 ? first : first + " and " + (count - 1) + " more such character" + (count == 2 ? "" : "s");
    }

    /** Whether {@code cp} shows as something else than it is (see {@link #deceptiveProblem}). */
    public static boolean isDeceptive(int cp) {
        return deceptiveKind(cp) != null;
    }

    private static String deceptiveKind(int cp) {
        if (cp < 0x80) return cp < 0x20 || cp == 0x7F ? "control character" : null;
        if (cp <= 0x9F) return "control character";
        switch (cp) {
            case 0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069 -> {
                return "bidi control";
            }
            case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E -> {
                return "zero-width character";
            }
            case 0x2028, 0x2029 -> {
                return "line separator";
            }
            case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x034F, 0x17B4, 0x17B5 -> {
                return "invisible character";
            }
            default -> {}
        }
        int type = Character.getType(cp);
        if (type == Character.FORMAT) return "invisible format character";
        if (type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR) return "line separator";
        return null;
    }

    /**
     * The name as a person should see it: as it is, or {@link #quote quoted and escaped} when
     * it holds anything a terminal would act on or a reader would be fooled by (controls,
     * unpaired surrogates, deceptive characters); {@code ""} for an empty name.
     */
    public static String shown(String name) {
        if (name == null) return "null";
        if (name.isEmpty()) return "\"\"";
        return needsQuoting(name) ? quote(name) : name;
    }

    /** Whether {@link #shown} quotes {@code name}. */
    public static boolean needsQuoting(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isISOControl(c) || Character.isSurrogate(c) && !validSurrogateAt(name, i)) return true;
            if (Character.isHighSurrogate(c) && validSurrogateAt(name, i) && isDeceptive(name.codePointAt(i)))
                return true;
            if (!Character.isSurrogate(c) && isDeceptive(c)) return true;
        }
        return false;
    }

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
            if (Character.isISOControl(c))
                return new Refused(String.format("control character U+%04X at position %d", (int) c, i));
            if (Character.isHighSurrogate(c)
                            && (i + 1 >= name.length() || !Character.isLowSurrogate(name.charAt(i + 1)))
                    || Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(name.charAt(i - 1)))) {
                return new Refused("unpaired surrogate at position " + i);
            }
        }
        char first = name.charAt(0);
        if (first == '/' || first == '\\') return new Refused("absolute path");
        if (name.length() >= 2 && name.charAt(1) == ':' && isAsciiLetter(first))
            return new Refused("drive letter " + name.substring(0, 2));

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

    /**
     * Why Windows cannot hold {@code safe}'s path, e.g. {@code reserved device name AUX}, or
     * null when it can. Every segment counts, folders too; when the path has several, the
     * reason names the segment.
     */
    public static String windowsProblem(Safe safe) {
        for (String seg : safe.segments()) {
            String why = windowsSegmentProblem(seg);
            if (why != null) return safe.segments().size() > 1 ? why + " in " + quote(seg) : why;
        }
        return null;
    }

    private static String windowsSegmentProblem(String seg) {
        for (int i = 0; i < seg.length(); i++) {
            char c = seg.charAt(i);
            switch (c) {
                case ':' -> {
                    return "character ':' (NTFS reads it as an alternate data stream)";
                }
                case '<', '>', '"', '|', '?', '*' -> {
                    return "character '" + c + "'";
                }
                default -> {}
            }
        }
        char last = seg.charAt(seg.length() - 1);
        if (last == '.') return "ends with a dot (Windows drops it)";
        if (last == ' ') return "ends with a space (Windows drops it)";
        // The device is opened whatever the extension, and spaces before the extension do not count.
        int dot = seg.indexOf('.');
        String base = dot < 0 ? seg : seg.substring(0, dot);
        int end = base.length();
        while (end > 0 && base.charAt(end - 1) == ' ') end--;
        base = base.substring(0, end);
        for (String device : DEVICE_NAMES) {
            if (asciiEqualsIgnoreCase(base, device)) return "reserved device name " + device;
        }
        return null;
    }

    private static List<String> devices() {
        List<String> d = new ArrayList<>(List.of("CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"));
        for (String port : List.of("COM", "LPT")) {
            for (char n = '0'; n <= '9'; n++) d.add(port + n);
            for (char sup : new char[] {'\u00b9', '\u00b2', '\u00b3'}) d.add(port + sup);
        }
        return List.copyOf(d);
    }

    /** Case-insensitive for ASCII letters only, as Windows compares device names (no 'ı' for 'I'). */
    private static boolean asciiEqualsIgnoreCase(String a, String b) {
        if (a.length() != b.length()) return false;
        for (int i = 0; i < a.length(); i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x >= 'a' && x <= 'z') x -= 32;
            if (y >= 'a' && y <= 'z') y -= 32;
            if (x != y) return false;
        }
        return true;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    /**
     * The name in double quotes with control characters, deceptive characters (bidi controls,
     * zero-width and other invisible ones, see {@link #deceptiveProblem}), quotes and
     * backslashes escaped ({@code \u202e}), so a hostile name can neither garble a terminal or a
     * log line nor show as another name.
     */
    public static String quote(String name) {
        if (name == null) return "null";
        StringBuilder b = new StringBuilder(name.length() + 2).append('"');
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (Character.isISOControl(c) || Character.isSurrogate(c) && !validSurrogateAt(name, i))
                b.append(String.format("\\u%04x", (int) c));
            else if (Character.isHighSurrogate(c) && isDeceptive(name.codePointAt(i))) {
                b.append(String.format("\\u%04x\\u%04x", (int) c, (int) name.charAt(i + 1)));
                i++;
            } else if (!Character.isSurrogate(c) && isDeceptive(c)) b.append(String.format("\\u%04x", (int) c));
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
