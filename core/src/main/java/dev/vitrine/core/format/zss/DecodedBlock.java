package dev.vitrine.core.format.zss;

import java.lang.foreign.MemorySegment;

/** A data block whose CRC was checked, with its decompressed payload. */
record DecodedBlock(BlockFrame frame, MemorySegment payload) {}
