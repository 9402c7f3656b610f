package dev.vitrine.core.format.clps;

import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.TruncatedException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What opening a clp-s archive reads: the header and the metadata section, checked, and the
 * files section's entries placed in the file. What does not hold becomes problems.
 *
 * @param header null when the file is shorter than the header
 * @param metadataBytes the decoded metadata section, or null when it could not be decoded
 * @param metadata null when the metadata section could not be decoded
 */
record ClpsOpening(
        ClpsHeader header,
        byte[] magic,
        byte[] metadataBytes,
        ClpsMetadata metadata,
        List<ClpsFileEntry> files,
        List<Problem> problems) {

    static ClpsOpening read(ByteSource src, Limits limits) {
        List<Problem> problems = new ArrayList<>();
        String name = src.name();
        ClpsHeader h = null;
        byte[] mg = new byte[0];
        try {
            h = ClpsHeader.read(src);
            mg = src.read(0, 4);
        } catch (TruncatedException e) {
            problems.add(
                    Problem.error(name, 0, "the file is " + src.size() + " bytes, shorter than the 64-byte header"));
        }
        byte[] md = null;
        ClpsMetadata meta = null;
        if (h != null) {
            if (!java.util.Arrays.equals(mg, ClpsHeader.MAGIC))
                problems.add(Problem.error(name, 0, "magic number is not FD 2F C5 30"));
            if (!h.version().known()) {
                problems.add(Problem.warning(
                        name,
                        4,
                        "archive version " + h.version() + " is not one this reader knows (0.3.x, 0.4.0, 0.4.1, 0.5.x);"
                                + " header and metadata are shown, records may not decode"));
            }
            for (int i = 0; i < 4; i++) {
                if (h.reservedPadding1()[i] != 0)
                    problems.add(Problem.warning(
                            name, 24 + 8 * i, "reserved_padding1[" + i + "] is not zero (writers leave it zero)"));
            }
            if (h.reservedPadding2() != 0)
                problems.add(Problem.warning(name, 62, "reserved_padding2 is not zero (writers leave it zero)"));
            if (h.compressionType() != 0)
                problems.add(Problem.error(
                        name, 60, "compression_type " + h.compressionType() + " is unknown (only 0, zstd, exists)"));
            if (h.compressedArchiveSize() != src.size()) {
                problems.add(Problem.error(
                        name,
                        16,
                        "compressed_archive_size " + Long.toUnsignedString(h.compressedArchiveSize())
                                + " differs from the file size " + src.size()));
            }
            if (h.filesStart() > src.size()) {
                problems.add(Problem.error(
                        name,
                        56,
                        "metadata_section_size " + h.metadataSectionSize() + " runs past the end of the file ("
                                + src.size() + " bytes)"));
            } else if (h.metadataSectionSize() > limits.maxMetadataBytes()) {
                problems.add(Problem.error(
                        name,
                        56,
                        "metadata_section_size " + h.metadataSectionSize() + " is over the limit of "
                                + limits.maxMetadataBytes() + " bytes"));
            } else if (h.metadataSectionSize() == 0) {
                problems.add(Problem.error(name, 56, "metadata_section_size is 0"));
            } else {
                try {
                    byte[] comp = src.read(ClpsHeader.SIZE, (int) h.metadataSectionSize());
                    md = ClpsZstd.decompressBounded(comp, limits.maxMetadataBytes(), "metadata section");
                    long fs = ClpsZstd.frameSize(comp, 0, comp.length);
                    if (fs >= 0 && fs != comp.length) {
                        problems.add(Problem.error(
                                name,
                                ClpsHeader.SIZE + fs,
                                "metadata section: its zstd frame ends " + (comp.length - fs)
                                        + " bytes before metadata_section_size says"));
                    }
                } catch (IOException e) {
                    problems.add(Problem.error(name, ClpsHeader.SIZE, e.getMessage()));
                }
            }
            if (md != null) {
                meta = ClpsMetadata.parse(md, limits);
                for (String p : meta.problems)
                    problems.add(Problem.error(name, ClpsHeader.SIZE, "metadata section: " + p));
            }
        }
        List<ClpsFileEntry> files = placeFiles(src, h, meta, problems);
        return new ClpsOpening(h, mg, md, meta, files, List.copyOf(problems));
    }

    private static List<ClpsFileEntry> placeFiles(
            ByteSource src, ClpsHeader header, ClpsMetadata metadata, List<Problem> problems) {
        if (metadata == null || metadata.files == null || header == null) return List.of();
        long start = header.filesStart();
        long end = src.size();
        List<ClpsMetadata.FileInfo> fi = metadata.files;
        List<ClpsFileEntry> out = new ArrayList<>(fi.size());
        for (int i = 0; i < fi.size(); i++) {
            long o = fi.get(i).offset();
            long next = i + 1 < fi.size() ? fi.get(i + 1).offset() : end - start;
            String n = fi.get(i).name();
            if (o < 0 || o > end - start || next < o || next > end - start) {
                problems.add(Problem.error(
                        src.name(),
                        ClpsHeader.SIZE,
                        "metadata section: ArchiveFileInfo entry " + n + " at files-section offset " + o
                                + (next < o
                                        ? " comes after the next entry's offset " + next
                                        : " lies outside the file")));
                out.add(new ClpsFileEntry(n, o, -1, 0));
            } else {
                out.add(new ClpsFileEntry(n, o, start + o, next - o));
            }
        }
        return List.copyOf(out);
    }
}
