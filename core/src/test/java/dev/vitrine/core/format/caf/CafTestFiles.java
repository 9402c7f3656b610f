package dev.vitrine.core.format.caf;

import dev.vitrine.core.format.VerifyEngine;
import dev.vitrine.core.io.MappedFileSource;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyListener;
import java.io.ByteArrayOutputStream;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds CAF bytes by hand (including hostile ones) and opens them without touching the disk. */
final class CafTestFiles {
    private CafTestFiles() {}

    static Path fixture(String name) {
        try {
            return Path.of(
                    CafTestFiles.class.getResource("/fixtures/caf/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Path sample() {
        return fixture("sample-ts-reference.caf");
    }

    /** data + index + u32 LE footer giving the index's real size. */
    static byte[] caf(byte[] data, String indexJson) {
        return caf(data, indexJson.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] caf(byte[] data, byte[] index) {
        return caf(data, index, index.length);
    }

    /** data + index + a footer that may lie about the index size. */
    static byte[] caf(byte[] data, byte[] index, long footerValue) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(data);
        out.writeBytes(index);
        out.writeBytes(ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt((int) footerValue)
                .array());
        return out.toByteArray();
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static CafArchive open(byte[] bytes) {
        return open(bytes, Limits.DEFAULT);
    }

    static CafArchive open(byte[] bytes, Limits limits) {
        return new CafFormat().open(Path.of("test.caf"), MappedFileSource.ofBytes("test.caf", bytes), limits);
    }

    /** Open problems plus everything verify reports, as the command line would see them. */
    static List<Problem> verify(CafArchive a) {
        List<Problem> out = new ArrayList<>();
        VerifyEngine.run(a, new VerifyListener() {
            @Override
            public void problem(Problem p) {
                out.add(p);
            }
        });
        return out;
    }

    static List<Problem> verify(byte[] bytes) {
        try (CafArchive a = open(bytes)) {
            return verify(a);
        }
    }
}
