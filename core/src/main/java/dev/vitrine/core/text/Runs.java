package dev.vitrine.core.text;

/**
 * Cuts runs of one kind to a few items and one summary, so a hostile archive that repeats one
 * fault thousands of times costs a dozen lines, not thousands. Items of one kind in a row
 * (the same {@link #kind kind}: their text once numbers are set aside) are passed on for the
 * first {@link #SHOWN}; the rest of the run is counted, with the range of their byte offsets,
 * and becomes one summary, "… and N more like this between offsets A and B", when the run
 * ends (an item of another kind, or {@link #finish()}). Used by verify's problems and by
 * export's refusals. Not thread-safe: callers that share one lock it.
 *
 * @param <T> what is reported: a problem, a refused entry
 */
public final class Runs<T> {
    /** Items of one kind in a row that are passed on before the rest is summarised. */
    public static final int SHOWN = 10;

    /** Where items and summaries go. */
    public interface Sink<T> {
        void item(T item);

        /**
         * The end of a long run: {@code first} is the run's first item, {@code text} the
         * summary ("… and N more like this …"), {@code offset} the first hidden offset (-1 if none known).
         */
        void more(T first, String text, long offset);
    }

    private final Sink<T> sink;
    private T first;
    private String kind;
    private long length;
    private long hidden;
    private long from = -1;
    private long to = -1;

    public Runs(Sink<T> sink) {
        this.sink = sink;
    }

    /** Passes {@code item} on, or counts it when it extends a long run; {@code offset} -1 when unknown. */
    public void add(T item, String itemKind, long offset) {
        if (first != null && itemKind.equals(kind)) {
            if (++length > SHOWN) {
                hidden++;
                if (offset >= 0) {
                    from = from < 0 ? offset : Math.min(from, offset);
                    to = Math.max(to, offset);
                }
                return;
            }
        } else {
            endRun();
            first = item;
            kind = itemKind;
            length = 1;
        }
        sink.item(item);
    }

    /** Delivers the summary of a run still open. */
    public void finish() {
        endRun();
        first = null;
        kind = null;
    }

    private void endRun() {
        if (hidden > 0) sink.more(first, moreLikeThis(hidden, from, to), from);
        hidden = 0;
        from = to = -1;
    }

    /** "… and N more like this between offsets A and B" ("at offset A" for one, nothing when none is known). */
    public static String moreLikeThis(long count, long from, long to) {
        String range = from < 0 ? "" : from == to ? " at offset " + from : " between offsets " + from + " and " + to;
        return "… and " + count + " more like this" + range;
    }

    /** {@code text} with every run of digits set aside: "checksum mismatch at #". */
    public static String kind(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        boolean digits = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                if (!digits) sb.append('#');
                digits = true;
            } else {
                sb.append(c);
                digits = false;
            }
        }
        return sb.toString();
    }
}
