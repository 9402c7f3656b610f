package dev.vitrine.core.export;

/** Receives an export's progress, in bytes, from the exporting thread. */
@FunctionalInterface
public interface ExportProgress {
    ExportProgress NONE = (done, total, current) -> {};

    /** {@code done} of {@code total} bytes written so far; {@code current} is the entry being written. */
    void progress(long done, long total, String current);
}
