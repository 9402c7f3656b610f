package dev.vitrine.core.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.Reasoned;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns exceptions into the plain one-line reasons users read, in the window and on the command
 * line alike: "no such file or directory", "too many levels of symbolic links", "nested deeper
 * than 1000 levels". Never a class name of a library, never a path the caller did not type:
 * callers put the name they want in front ({@code name + ": " + reason(e)}).
 */
public final class Messages {
    private Messages() {}

    private static final Pattern NESTING =
            Pattern.compile("(?i)nesting depth \\((\\d+)\\) exceeds the maximum allowed \\((\\d+)");
    private static final Pattern LENGTH = Pattern.compile(
            "(?i)(number|string|name) (?:value )?length \\((\\d+)\\) exceeds the maximum (?:allowed )?(?:length )?\\((\\d+)");
    private static final Pattern FROM_LIBRARY = Pattern.compile("\\s*,?\\s*\\(?from `[^`]*`\\)?");
    private static final Pattern SOURCE_LOCATION = Pattern.compile("\\s*at \\[Source: .*$", Pattern.DOTALL);

    /** The reason alone, one line, without any path: what follows "NAME: " in a message. */
    public static String reason(Throwable e) {
        Throwable t = unwrap(e);
        return switch (t) {
            case Reasoned r -> r.reason();
            case FormatException f -> f.getMessage();
            case NoSuchFileException x -> x.getReason() != null ? fileSystemReason(x) : "no such file or directory";
            case AccessDeniedException x -> x.getReason() != null ? fileSystemReason(x) : "permission denied";
            case NotDirectoryException x -> "not a folder";
            case FileAlreadyExistsException x -> "already exists";
            case DirectoryNotEmptyException x -> "folder is not empty";
            case FileSystemLoopException x -> "too many levels of symbolic links";
            case NotLinkException x -> "not a symbolic link";
            case FileSystemException x -> fileSystemReason(x);
            case StreamConstraintsException x -> constraint(x.getOriginalMessage());
            case JsonProcessingException x -> json(x.getOriginalMessage());
            case OutOfMemoryError x -> "out of memory";
            case StackOverflowError x -> "nested too deeply to read";
            default -> generic(t);
        };
    }

    /**
     * One line for an exception when the caller has no name of its own to put in front: a file
     * system error keeps the one file it is about ("/out/a.txt: permission denied"; for a move
     * or copy, the destination, not a temporary name), anything else is {@link #reason}.
     */
    public static String describe(Throwable e) {
        Throwable t = unwrap(e);
        if (t instanceof Reasoned && t.getMessage() != null) return t.getMessage();
        if (t instanceof FileSystemException f) {
            String where = f.getOtherFile() != null && !f.getOtherFile().isEmpty() ? f.getOtherFile() : f.getFile();
            if (where != null && !where.isEmpty()) return where + ": " + reason(f);
        }
        return reason(t);
    }

    /** {@code name + ": " + reason(e)}, the one form every error takes. */
    public static String about(String name, Throwable e) {
        return name + ": " + reason(e);
    }

    /**
     * A message from a library made readable: Jackson's limits in plain words, its source
     * locations and "(from `StreamReadConstraints...`)" notes dropped, first line only.
     */
    public static String plain(String message) {
        if (message == null || message.isBlank()) return "";
        String m = message.lines().findFirst().orElse(message).strip();
        if (m.contains("StreamReadConstraints") || m.contains("StreamWriteConstraints")) return constraint(m);
        m = SOURCE_LOCATION.matcher(m).replaceAll("");
        return m.strip();
    }

    /**
     * Text from outside (a server's header or status line) as a message may hold it: control
     * characters written as {@code \\uXXXX}, so none can clear, recolour or retitle a terminal.
     */
    public static String printable(String text) {
        if (text == null || text.chars().noneMatch(Character::isISOControl)) return text;
        StringBuilder b = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c)) b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            else b.append(c);
        }
        return b.toString();
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException
                        || t instanceof ExecutionException
                        || t instanceof UncheckedIOException)
                && t.getCause() != null
                && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    /** The operating system's reason, lower-cased as a sentence part: "file name too long". */
    private static String fileSystemReason(FileSystemException e) {
        String r = e.getReason();
        if (r == null || r.isBlank()) {
            String m = e.getMessage();
            if (m == null) return "cannot be read";
            // "a: b: reason" — keep only the reason part the JDK appended after the paths
            int colon = m.lastIndexOf(": ");
            r = colon >= 0 ? m.substring(colon + 2) : m;
        }
        r = r.strip();
        if (r.startsWith("Too many levels of symbolic links")) return "too many levels of symbolic links";
        if (r.equalsIgnoreCase("Is a directory")) return "is a folder";
        if (r.equalsIgnoreCase("Not a directory")) return "not a folder";
        return lowerFirst(plain(r));
    }

    private static String constraint(String m) {
        if (m == null) return "exceeds a size limit";
        Matcher n = NESTING.matcher(m);
        if (n.find()) return "nested deeper than " + n.group(2) + " levels";
        Matcher l = LENGTH.matcher(m);
        if (l.find()) {
            String what = switch (l.group(1).toLowerCase(Locale.ROOT)) {
                case "number" -> "a number";
                case "name" -> "a name";
                default -> "a text";
            };
            return what + " longer than " + l.group(3) + " characters";
        }
        String s = FROM_LIBRARY
                .matcher(m.lines().findFirst().orElse(m))
                .replaceAll("")
                .strip();
        return s.isEmpty() ? "exceeds a size limit" : lowerFirst(s);
    }

    private static String json(String m) {
        if (m == null || m.isBlank()) return "not valid JSON";
        if (m.contains("StreamReadConstraints")) return constraint(m);
        return plain(m);
    }

    private static String generic(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return switch (t) {
                case java.io.EOFException x -> "ends too early";
                case java.io.IOException x -> "read error";
                default -> "internal error (" + t.getClass().getSimpleName() + ")";
            };
        }
        return plain(m);
    }

    private static String lowerFirst(String s) {
        if (s.length() > 1 && Character.isUpperCase(s.charAt(0)) && !Character.isUpperCase(s.charAt(1))) {
            return Character.toLowerCase(s.charAt(0)) + s.substring(1);
        }
        return s;
    }
}
