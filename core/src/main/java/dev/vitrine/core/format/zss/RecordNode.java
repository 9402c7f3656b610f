package dev.vitrine.core.format.zss;

import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.Decoded;
import dev.vitrine.core.model.Field;
import dev.vitrine.core.model.Node;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One record of a data block. With codec none its range is its bytes in the file (length
 * prefix included); a compressed record has no bytes of its own in the file (range NONE).
 */
final class RecordNode implements Node {
    private final ParsedDataBlock block;
    private final int index;

    RecordNode(ParsedDataBlock block, int index) {
        this.block = block;
        this.index = index;
    }

    private MemorySegment bytes() {
        return block.record(index);
    }

    @Override
    public String name() {
        return "record " + index + ": " + Keys.escape(bytes(), 80);
    }

    @Override
    public String kind() {
        return "record";
    }

    @Override
    public ByteRange range() {
        if (!block.inFile) return ByteRange.NONE;
        long start = block.frame.payloadOffset() + block.prefixStart(index);
        return ByteRange.of(start, block.prefixLength(index) + bytes().byteSize());
    }

    @Override
    public List<Field> fields() {
        List<Field> out = new ArrayList<>();
        long len = bytes().byteSize();
        if (block.inFile) {
            long start = block.frame.payloadOffset() + block.prefixStart(index);
            int pl = block.prefixLength(index);
            out.add(Field.at("length", len, start, pl));
            out.add(Field.at("bytes", Keys.escape(bytes(), 200), start + pl, len));
        } else {
            out.add(Field.of("length", len));
            out.add(Field.of("bytes", Keys.escape(bytes(), 200)));
        }
        out.add(Field.of("index in block", index));
        out.add(Field.of("data block", block.frame.offset()));
        return out;
    }

    @Override
    public java.util.Set<dev.vitrine.core.model.Role> roles() {
        return java.util.Set.of(dev.vitrine.core.model.Role.RECORD);
    }

    /** A compressed record's bytes are in its block's decoded payload: offer them beside the raw block. */
    @Override
    public Optional<Decoded> decoded() {
        if (block.inFile) return Optional.empty();
        BlockFrame f = block.frame;
        ByteRange container = ByteRange.of(f.offset(), f.prefixBytes() + f.bodyLength() + 8);
        long start = block.prefixStart(index);
        int pl = block.prefixLength(index);
        long len = bytes().byteSize();
        String label = "data block @ " + f.offset() + ", decoded payload (" + block.payload.byteSize() + " bytes)";
        return Optional.of(new Decoded() {
            public ByteRange container() {
                return container;
            }

            public String label() {
                return label;
            }

            public long offset() {
                return start;
            }

            public long length() {
                return pl + len;
            }

            public List<Field> fields() {
                return List.of(
                        Field.at("length", len, start, pl),
                        Field.at("bytes", Keys.escape(bytes(), 200), start + pl, len));
            }

            public dev.vitrine.core.io.ByteSource open() {
                return dev.vitrine.core.io.MappedFileSource.ofSegment(
                        "block " + f.offset() + " decoded", block.payload);
            }
        });
    }

    @Override
    public Optional<Content> content() {
        return Optional.of(new RecordContent("record-" + block.frame.offset() + "-" + index + ".bin", bytes()));
    }
}
