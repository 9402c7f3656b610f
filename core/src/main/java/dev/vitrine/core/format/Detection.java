package dev.vitrine.core.format;

/** How sure a format is that a file is its own. The registry picks the strongest claim. */
public enum Detection {
    /** Not this format. */
    NO,
    /** Only the file name suggests it (used when the magic is damaged). */
    BY_NAME,
    /** The structure fits (e.g. a footer that points at a JSON index). */
    BY_STRUCTURE,
    /** The magic bytes match. */
    BY_MAGIC
}
