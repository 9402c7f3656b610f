package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.ByteRange;

/** One files-section entry (/schema_tree, /var.dict, /0, ...): its offset from the section start and where it lies in the file. */
record ClpsFileEntry(String name, long relativeOffset, long offset, long size) {
    ByteRange range() {
        return offset < 0 ? ByteRange.NONE : ByteRange.of(offset, size);
    }
}
