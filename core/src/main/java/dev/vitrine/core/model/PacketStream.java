package dev.vitrine.core.model;

import java.util.List;

/**
 * Capability of archives whose metadata is a stream of typed packets inside one decoded
 * section (clp-s's metadata frame): each packet's type, where it lies in the decoded bytes,
 * and what it decoded to, so the window can draw the section as a strip and show a packet's
 * value. Never reads the file beyond what opening read.
 */
public interface PacketStream {

    /** What the section is, e.g. "metadata section". */
    String sectionName();

    /** Length of the decoded section in bytes (-1 when it did not decode). */
    long sectionLength();

    List<Packet> packets();

    /**
     * One packet: its position among the packets, its type's name, where it lies in the decoded
     * section ({@code offset}, {@code length}, header included), its decoded {@code value} as a
     * tree (maps with string keys, lists, strings, numbers, booleans, byte arrays, null; null when
     * there is none), tables for values that read best as rows, the decoded bytes it lives in, the
     * child indices of its node from the archive's root (for selecting it), and a problem if it did
     * not decode.
     */
    record Packet(
            int index,
            String type,
            long offset,
            long length,
            Object value,
            List<ValueTable> tables,
            Decoded decoded,
            List<Integer> nodePath,
            String problem) {}

    /** A part of a packet's value as rows, e.g. timestamp ranges or the files of a range index. */
    record ValueTable(String title, List<String> columns, List<List<String>> rows) {}
}
