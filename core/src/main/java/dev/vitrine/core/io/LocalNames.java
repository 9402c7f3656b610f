package dev.vitrine.core.io;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * Names of files on this machine as text. The JVM decodes a file name's bytes with the
 * system's charset ({@code sun.jnu.encoding}) and replaces bytes it cannot decode (U+FFFD under
 * UTF-8, '?' under ASCII): {@code \xff} and {@code \xfe} both read as U+FFFD, so two files would
 * be stored under one name. Writers that store names as text ask {@link #roundTrips} first
 * and refuse the names that do not, shown by {@link #escaped}.
 */
public final class LocalNames {
    private LocalNames() {}

    /**
     * True when {@code name} (one segment, as a directory walk gave it) reads as text that names
     * the same bytes again: {@link Path#equals} compares the bytes a path holds.
     */
    public static boolean roundTrips(Path name) {
        try {
            return name.equals(name.getFileSystem().getPath(name.toString()));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /**
     * {@code file}'s path below {@code root} from its actual bytes, valid UTF-8 as text and
     * every other byte as {@code \xNN}: {@code "s/\xff"}, so the user can tell which file is meant.
     */
    public static String escaped(Path root, Path file) {
        String all = file.toAbsolutePath().toUri().getRawPath();
        String top = root.toAbsolutePath().toUri().getRawPath();
        if (!top.endsWith("/")) top += "/";
        String raw = all.startsWith(top) ? all.substring(top.length()) : all;
        if (raw.endsWith("/")) raw = raw.substring(0, raw.length() - 1);
        return utf8OrHex(percentDecoded(raw));
    }

    /**
     * Collects the files of a folder a writer stores by name, and says which names cannot be
     * stored: those that do not {@link #roundTrips round-trip}, and two files that would end up
     * under one name. Never lets a writer merge two files into one.
     */
    public static final class Check {
        private static final int SHOWN = 10;
        private final Path root;
        private final java.util.List<String> bad = new java.util.ArrayList<>();
        private final java.util.Map<String, Path> names = new java.util.HashMap<>();

        public Check(Path root) {
            this.root = root;
        }

        /** {@code file}, under the root, to be stored as {@code name}; false when it cannot be. */
        public boolean add(Path file, String name) {
            for (Path seg : root.relativize(file)) {
                if (!roundTrips(seg)) {
                    bad.add('"' + escaped(root, file) + '"');
                    return false;
                }
            }
            Path other = names.putIfAbsent(name, file);
            if (other != null) {
                bad.add('"' + escaped(root, file) + "\" (the same name as \"" + escaped(root, other) + "\")");
                return false;
            }
            return true;
        }

        /** Null when every name can be stored, else one line naming the first few that cannot. */
        public String problem() {
            if (bad.isEmpty()) return null;
            StringBuilder b = new StringBuilder();
            b.append(bad.size())
                    .append(bad.size() == 1 ? " file name" : " file names")
                    .append(" cannot be stored as text (not valid in this system's encoding, ")
                    .append(java.nio.charset.Charset.forName(
                                    System.getProperty("sun.jnu.encoding", "UTF-8"), StandardCharsets.UTF_8)
                            .name())
                    .append("): ");
            for (int i = 0; i < bad.size() && i < SHOWN; i++)
                b.append(i == 0 ? "" : ", ").append(bad.get(i));
            if (bad.size() > SHOWN) b.append(" and ").append(bad.size() - SHOWN).append(" more");
            return b.append("; rename them").toString();
        }
    }

    private static byte[] percentDecoded(String raw) {
        ByteArrayOutputStream b = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < raw.length()) {
                b.write(Integer.parseInt(raw, i + 1, i + 3, 16));
                i += 2;
            } else {
                b.write(c); // the URI's raw path is ASCII: anything else is %-escaped
            }
        }
        return b.toByteArray();
    }

    /** Valid UTF-8 runs as text, control characters and invalid bytes as escapes. */
    static String utf8OrHex(byte[] bytes) {
        StringBuilder out = new StringBuilder(bytes.length);
        int i = 0;
        while (i < bytes.length) {
            int b = bytes[i] & 0xff;
            int len = b < 0x80
                    ? 1
                    : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
            String s = len == 0 || i + len > bytes.length ? null : strict(bytes, i, len);
            if (s == null) {
                out.append(String.format("\\x%02x", b));
                i++;
            } else {
                for (int k = 0; k < s.length(); k++) {
                    char c = s.charAt(k);
                    if (c == '\\') out.append("\\\\");
                    else if (Character.isISOControl(c)) out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
                }
                i += len;
            }
        }
        return out.toString();
    }

    private static String strict(byte[] b, int from, int len) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, from, len))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
