package dev.vitrine.core.format.ark;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufIr;
import dev.vitrine.core.rbuf.RbufJson;
import dev.vitrine.core.rbuf.RbufTestIr;
import dev.vitrine.core.rbuf.RbufType;
import dev.vitrine.core.verify.VerifyContext;
import dev.vitrine.core.verify.VerifyListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Small logs written by our writer for the tests, with what was written kept for comparison. */
final class ArkTestLogs {
    static final String POSE = "demo::sensors::Pose";

    /** One written message: channel, time and the JSON of its value. */
    record Written(String channel, long timeNs, String json) {}

    private ArkTestLogs() {}

    static RValue.Obj pose(RbufIr ir, double x, double y, String frame) {
        return new RValue.Obj(
                ir.schema(POSE),
                Map.of(
                        "x",
                        new RValue.Real(RbufType.DOUBLE, x),
                        "y",
                        new RValue.Real(RbufType.DOUBLE, y),
                        "frame",
                        new RValue.Str(frame)),
                List.of(0));
    }

    /**
     * Three columns (zstd, lz4, none), four channels (one latched), several splits per column,
     * metadata; returns what was written in write order.
     */
    static List<Written> writeSmall(Path root, int perChannel) throws IOException {
        RbufIr ir = RbufTestIr.ir();
        List<Written> out = new ArrayList<>();
        Random r = new Random(42);
        try (ArkWriter w = new ArkWriter(root, "small test log")) {
            w.metadata("robot", "\"r2-d2\"").metadata("run", "{\"n\":3,\"ok\":true}");
            ArkWriter.Column z = w.column("sensors", "zstd").splitEvery(7);
            ArkWriter.Column l = w.column("poses", "LZ4").splitEvery(5).indexFirst(false);
            ArkWriter.Column n = w.column("config", "none");
            ArkWriter.Channel every = z.channel("/sensors/every", ir, RbufTestIr.EVERY_TYPE, false);
            ArkWriter.Channel poseA = l.channel("/pose/a", ir, POSE, false);
            ArkWriter.Channel poseB = z.channel("/pose/b", ir, POSE, false);
            ArkWriter.Channel config = n.channel("/config", ir, POSE, true);
            for (int i = 0; i < perChannel; i++) {
                long t = 1_000_000_000L + i * 10_000_000L;
                RValue.Obj e = RbufTestIr.generate(ir, ir.schema(RbufTestIr.EVERY_TYPE), r, 0);
                every.write(t + 1, e);
                out.add(new Written("/sensors/every", t + 1, RbufJson.toJson(e).toString()));
                RValue.Obj a = pose(ir, i, -i, "map");
                poseA.write(t, a);
                out.add(new Written("/pose/a", t, RbufJson.toJson(a).toString()));
                RValue.Obj b = pose(ir, i * 0.5, 2, "odom");
                poseB.write(t + 1, b); // same time as /sensors/every: ties by index position (D21)
                out.add(new Written("/pose/b", t + 1, RbufJson.toJson(b).toString()));
                if (i % 4 == 0) {
                    RValue.Obj c = pose(ir, 100 + i, 0, "config");
                    config.write(t + 5, c);
                    out.add(new Written("/config", t + 5, RbufJson.toJson(c).toString()));
                }
            }
        }
        return out;
    }

    static ArkArchive open(Path p) throws IOException {
        return (ArkArchive) new ArkFormat().open(p, Limits.DEFAULT);
    }

    static List<Problem> verify(Archive a) throws IOException {
        List<Problem> ps = new ArrayList<>();
        ps.addAll(a.openProblems()); // as VerifyEngine reports them, before the format's checks
        a.verify(new VerifyContext(new VerifyListener() {
            @Override
            public void problem(Problem p) {
                ps.add(p);
            }

            @Override
            public void progress(long done, long total) {}
        }));
        return ps;
    }
}
