package dev.vitrine.app.ui.export;

import dev.vitrine.app.ui.table.KeyQuery;

/** What the export dialog asked for: which records, and how to frame them. */
public record ExportChoice(Source source, KeyQuery range, RecordFraming framing) {

    public enum Source {
        SELECTED_ROWS("the selected records"),
        SELECTED_MATCHES("the selected search matches"),
        KEY_RANGE("a key range"),
        ALL("all records");

        public final String text;

        Source(String text) {
            this.text = text;
        }
    }
}
