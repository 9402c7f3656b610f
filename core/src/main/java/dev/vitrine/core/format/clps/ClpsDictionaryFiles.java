package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.LittleEndian;
import dev.vitrine.core.io.TruncatedException;
import java.io.IOException;

/** Reads a dictionary entry of the files section (/var.dict, /log.dict, /array.dict), or its count alone. */
final class ClpsDictionaryFiles {
    private ClpsDictionaryFiles() {}

    /** A dictionary: u64 entry count, then one zstd frame (none when the count is 0). /array.dict may be absent. */
    static ClpsLoaded<ClpsDictionary> load(ClpsArchive a, String name) {
        ClpsLoaded<ClpsDictionary> d;
        ClpsFileEntry e = a.entry(name);
        if (e == null) {
            d = name.equals(ClpsArchive.ARRAY_DICT)
                    ? ClpsLoaded.ok(ClpsDictionary.EMPTY)
                    : ClpsLoaded.failed(a.problemAt(ClpsHeader.SIZE, "the metadata names no " + name + " entry"));
        } else if (e.offset() < 0) {
            d = ClpsLoaded.failed(a.problemAt(-1, name + " could not be placed in the file"));
        } else if (e.size() < 8) {
            d = ClpsLoaded.failed(
                    a.problemAt(e.offset(), name + " is " + e.size() + " bytes, too short for its u64 entry count"));
        } else {
            try {
                byte[] raw = a.raw(e);
                long count = LittleEndian.u64(raw, 0);
                if (count == 0) {
                    d = raw.length == 8
                            ? ClpsLoaded.ok(ClpsDictionary.EMPTY)
                            : ClpsLoaded.failed(a.problemAt(
                                    e.offset() + 8,
                                    name + ": " + (raw.length - 8) + " bytes follow an entry count of 0"));
                } else {
                    java.lang.foreign.MemorySegment b =
                            ClpsZstd.decompressToSpill(raw, 8, a.limits.maxBlockBytes(), name, a.spill);
                    try {
                        d = ClpsLoaded.ok(ClpsDictionary.parse(b, count, a.spill));
                    } catch (ClpsDecodeException x) {
                        d = ClpsLoaded.failed(a.problemAt(e.offset() + 8, x.where(name)));
                    }
                }
            } catch (dev.vitrine.core.io.SourceUnavailableException x) {
                throw new java.io.UncheckedIOException(
                        x); // a full cache disk is not damage, and not kept: a later try may have room
            } catch (IOException x) {
                d = ClpsLoaded.failed(a.problemAt(e.offset() + 8, x.getMessage()));
            }
        }
        return d;
    }

    /** The u64 entry count at the start of a dictionary entry, without decoding it; null when missing or too short. */
    static Long count(ByteSource src, ClpsFileEntry e, String name) {
        if (e == null) return name.equals(ClpsArchive.ARRAY_DICT) ? 0L : null;
        if (e.offset() < 0 || e.size() < 8) return null;
        try {
            long n = src.readU64LE(e.offset());
            return n < 0 ? null : n;
        } catch (TruncatedException x) {
            return null;
        }
    }
}
