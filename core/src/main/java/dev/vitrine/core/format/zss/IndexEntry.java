package dev.vitrine.core.format.zss;

import java.lang.foreign.MemorySegment;

/**
 * One entry of an index payload: key · uleb128 child offset · uleb128 child length.
 *
 * @param key         the key bytes (a view into the payload)
 * @param childOffset file offset of the pointed-to block
 * @param childLength full length of the pointed-to block (prefix + level + payload + CRC)
 * @param entryStart  position of the entry inside the payload
 * @param entryEnd    position after the entry inside the payload
 */
record IndexEntry(MemorySegment key, long childOffset, long childLength, long entryStart, long entryEnd) {}
