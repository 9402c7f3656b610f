package dev.vitrine.app.ui.files;

import dev.vitrine.app.ui.Human;

/** What the preview pane shows for one file, as read by {@link PreviewLoader}. No toolkit. */
public sealed interface Preview {

    /** Size of the whole file in bytes. */
    long total();

    /** One line under the preview: what it is and how much of it is shown. */
    String note();

    /** The first {@code shown} bytes decoded as text ({@code charset} says how). */
    record Text(String text, String charset, long shown, long total) implements Preview {
        public boolean truncated() {
            return shown < total;
        }

        @Override
        public String note() {
            String what = "text · " + charset;
            return truncated()
                    ? what + " · showing first " + Human.size(shown) + " of " + Human.size(total) + " ("
                            + Human.count(shown) + " of " + Human.count(total, "byte") + ")"
                    : what + " · " + Human.size(total);
        }
    }

    /** A picture small enough to decode: its encoded bytes and what its header says. */
    record Picture(byte[] bytes, ImageInfo info, long total) implements Preview {
        @Override
        public String note() {
            return "image · " + info.format() + " · " + info.width() + " × " + info.height() + " px · "
                    + Human.size(total);
        }
    }

    /** Not text and not a picture we show: a note and a hex dump of the first bytes. */
    record Binary(String kind, String reason, String hex, long total) implements Preview {
        @Override
        public String note() {
            return (reason.isEmpty() ? "binary file" : reason) + " · " + kind + " · " + Human.size(total) + " ("
                    + Human.count(total, "byte") + ")";
        }
    }

    record Empty() implements Preview {
        @Override
        public long total() {
            return 0;
        }

        @Override
        public String note() {
            return "empty file (0 bytes)";
        }
    }

    /** The bytes could not be read (a damaged entry). */
    record Unreadable(String message, long total) implements Preview {
        @Override
        public String note() {
            return "cannot be read: " + message;
        }
    }
}
