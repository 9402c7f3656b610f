package dev.vitrine.core.format.caf;

/**
 * One entry of the index as written, before any judgement. {@code start}/{@code end} are -1
 * when missing or unusable (then {@code defect} says why); {@code end} is exclusive.
 *
 * @param ordinal     position in the index (key order), 0-based
 * @param keyOffset   absolute file offset of the entry's key (its opening quote)
 * @param indexLength bytes from the key to the end of the entry's value
 * @param defect      what was wrong with the entry's JSON, or null
 */
record CafEntry(int ordinal, String name, long start, long end, long keyOffset, long indexLength, String defect) {

    boolean hasNumbers() {
        return start >= 0 && end >= 0;
    }

    /** Whether the bytes can be read: numbers present, in order, and inside the data section. */
    boolean readableIn(long dataEnd) {
        return hasNumbers() && start <= end && end <= dataEnd;
    }

    long length() {
        return end - start;
    }
}
