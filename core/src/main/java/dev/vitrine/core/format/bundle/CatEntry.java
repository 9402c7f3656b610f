package dev.vitrine.core.format.bundle;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.format.bundle.proto.BundleProtos.BundleFileMetadata;
import dev.vitrine.core.model.Problem;

/** One FILE_METADATA entry; {@code meta} null when its value does not parse ({@code problem} says why). */
record CatEntry(byte[] key, BundleLayout.FileKey name, BundleFileMetadata meta, String problem) {

    /** The entry a FILE_METADATA key and its value describe, parse failures kept as its problem. */
    static CatEntry parse(byte[] k, byte[] v) {
        BundleLayout.FileKey name = BundleLayout.parseFileKey(k);
        String problem = name == null ? "key is not FILE_METADATA # <dir>/ # <name> in UTF-8" : null;
        BundleFileMetadata m = null;
        if (v.length > BundleLayout.MAX_VALUE) {
            problem = "value of " + v.length + " bytes is too large";
        } else {
            try {
                m = BundleFileMetadata.parseFrom(v);
            } catch (InvalidProtocolBufferException e) {
                problem = "value is not a BundleFileMetadata: " + e.getMessage();
            }
        }
        return new CatEntry(k, name, m, problem);
    }

    boolean isFile() {
        return meta != null && meta.getType() == BundleFileMetadata.FileType.REGULAR;
    }

    boolean isDirectory() {
        return meta != null && meta.getType() == BundleFileMetadata.FileType.DIRECTORY;
    }

    String path() {
        if (name != null) return name.path();
        byte[] raw = rawPath();
        return BundleLayout.printable(raw != null ? raw : key);
    }

    /** The path's exact bytes when the key is a FILE_METADATA key that is not UTF-8, else null. */
    byte[] rawPath() {
        return name == null ? BundleLayout.rawPath(key) : null;
    }

    long start() {
        return meta.getShardUncompressedOffset();
    }

    long end() {
        return meta.getShardUncompressedOffset() + meta.getUncompressedSize();
    }

    /**
     * When export refuses this entry's name (the key's own rules, then the portable rules every
     * export applies, {@link EntryPathPolicy#classify}), the error verify and every listing
     * report; null when the name is fine or the key did not parse (reported on its own).
     */
    Problem unsafeNameProblem() {
        if (name == null) return null;
        String why = BundleLayout.unsafeName(name);
        if (why == null && EntryPathPolicy.of(false).classify(path()).decision() instanceof EntryPathPolicy.Refused r)
            why = r.reason();
        return why == null
                ? null
                : Problem.error(
                        BundleLayout.INDEX_REF,
                        -1,
                        "entry " + EntryPathPolicy.quote(path()) + ": unsafe name (" + why + "); export refuses it");
    }
}
