package dev.vitrine.core.format.ark;

import dev.vitrine.core.rbuf.Guid;
import dev.vitrine.core.rbuf.RValue;
import dev.vitrine.core.rbuf.RbufIr;
import dev.vitrine.core.rbuf.RbufType;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A small synthetic robot log written by {@link ArkWriter} with our own message schemas (no
 * real Ark schema copied): IMU at 100 Hz (zstd), odometry at 50 Hz (lz4), camera info with a
 * byte buffer at 10 Hz (zstd), battery at 1 Hz and status with enums, a bitmask and a variant
 * at 2 Hz (none), a latched config, and a debug channel that an amendment section hides.
 * {@code java ... ArkSample DIR [seconds]} writes one; the samples folder holds one.
 */
public final class ArkSample {
    public static final String IR_JSON = """
            {"schemas":[
             {"name":"Imu","object_namespace":"demo::robot","fields":[{"name":"stamp","type":"steady_time_point"},
               {"name":"accel","type":"array","array_size":3,"ctr_value_type":{"type":"double"}},
               {"name":"gyro","type":"array","array_size":3,"ctr_value_type":{"type":"float"}},{"name":"temperature","type":"float"}],"groups":[]},
             {"name":"Odometry","object_namespace":"demo::robot","fields":[{"name":"stamp","type":"steady_time_point"},
               {"name":"pose","type":"object","object_type":"demo::robot::Pose2d"},{"name":"speed","type":"double"},
               {"name":"covariance","type":"arraylist","ctr_value_type":{"type":"double"}}],"groups":[{"identifier":0,"fields":[{"name":"frame","type":"string"}]}]},
             {"name":"Pose2d","object_namespace":"demo::robot","fields":[{"name":"x","type":"double"},{"name":"y","type":"double"},{"name":"theta","type":"double"}],"groups":[]},
             {"name":"CameraInfo","object_namespace":"demo::robot","fields":[{"name":"stamp","type":"steady_time_point"},{"name":"width","type":"uint16"},
               {"name":"height","type":"uint16"},{"name":"thumbnail","type":"byte_buffer"},{"name":"exposure","type":"duration"}],"groups":[]},
             {"name":"Battery","object_namespace":"demo::robot","fields":[{"name":"voltage","type":"float"},{"name":"percent","type":"uint8"},
               {"name":"charging","type":"bool"},{"name":"wall_time","type":"system_time_point"}],"groups":[]},
             {"name":"Status","object_namespace":"demo::robot","fields":[{"name":"mode","type":"enum","object_type":"demo::robot::Mode"},
               {"name":"faults","type":"enum","object_type":"demo::robot::Faults"},{"name":"uptime","type":"duration"},
               {"name":"counters","type":"dictionary","ctr_key_type":{"type":"string"},"ctr_value_type":{"type":"uint64"}},
               {"name":"task","type":"variant","variant_types":[[1,"demo::robot::DriveTask"],[2,"demo::robot::DockTask"]]},
               {"name":"target","type":"object","attributes":{"optional":true},"object_type":"demo::robot::Pose2d"},
               {"name":"legacy_code","type":"int32","attributes":{"removed":true}}],"groups":[]},
             {"name":"DriveTask","object_namespace":"demo::robot","fields":[{"name":"goal","type":"object","object_type":"demo::robot::Pose2d"},{"name":"max_speed","type":"double"}],"groups":[]},
             {"name":"DockTask","object_namespace":"demo::robot","fields":[{"name":"dock_id","type":"guid"}],"groups":[]},
             {"name":"Config","object_namespace":"demo::robot","fields":[{"name":"robot_name","type":"string"},
               {"name":"params","type":"dictionary","ctr_key_type":{"type":"string"},"ctr_value_type":{"type":"double"}},
               {"name":"sensors","type":"arraylist","ctr_value_type":{"type":"string"}}],"groups":[]},
             {"name":"Trace","object_namespace":"demo::robot","fields":[{"name":"line","type":"string"},{"name":"level","type":"int8"}],"groups":[]}
            ],"enums":[
             {"name":"Mode","object_namespace":"demo::robot","enum_class":"uint8","enum_type":"value","values":{"Idle":0,"Driving":1,"Docking":2,"Fault":3}},
             {"name":"Faults","object_namespace":"demo::robot","enum_class":"uint16","enum_type":"bitmask","values":{"None":0,"LowBattery":1,"Bumper":2,"Lidar":4}}
            ]}""";

    private ArkSample() {}

    public static void main(String[] args) throws IOException {
        write(Path.of(args[0]), args.length > 1 ? Integer.parseInt(args[1]) : 20);
    }

    private static RValue.Obj obj(RbufIr ir, String type, Object... kv) {
        Map<String, RValue> f = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) f.put((String) kv[i], (RValue) kv[i + 1]);
        RbufIr.SchemaDef s = ir.schema("demo::robot::" + type);
        List<Integer> g = new ArrayList<>();
        for (var gd : s.groups()) g.add(gd.id());
        return new RValue.Obj(s, f, g);
    }

    private static RValue d(double v) {
        return new RValue.Real(RbufType.DOUBLE, v);
    }

    private static RValue fl(double v) {
        return new RValue.Real(RbufType.FLOAT, (float) v);
    }

    private static RValue arr(RValue... v) {
        return new RValue.Arr(List.of(v));
    }

    private static RValue t(long ns) {
        return new RValue.Int(RbufType.STEADY_TIME_POINT, ns);
    }

    /** Writes the sample log of {@code seconds} seconds into {@code root}. */
    public static Path write(Path root, int seconds) throws IOException {
        RbufIr ir = RbufIr.parse(IR_JSON);
        Random r = new Random(7);
        long t0 = 3_600_000_000_000L; // steady clock: an hour after boot (D23)
        long wall0 = 1_767_225_600_000_000_000L; // 2026-01-01T00:00:00Z
        try (ArkWriter w = new ArkWriter(root, "demo robot drive")) {
            w.logId(Guid.parse("0a7c5e00-0000-4000-8000-00000000a001"))
                    .commonId(Guid.parse("0a7c5e00-0000-4000-8000-00000000c001"));
            w.metadata("robot", "\"demo-rover-1\"")
                    .metadata("software", "{\"version\":\"1.4.2\",\"build\":1187}")
                    .metadata("operator", "\"sample writer\"")
                    .metadata("made_by", "\"vitrine ArkSample\"");
            ArkWriter.Column sensors = w.column("sensors", "zstd").splitEvery(800);
            ArkWriter.Column motion = w.column("motion", "lz4").splitEvery(600).indexFirst(false);
            ArkWriter.Column system = w.column("system", "none").splitEvery(1000);
            ArkWriter.Channel imu = sensors.channel("/imu", ir, "demo::robot::Imu", false);
            ArkWriter.Channel cam = sensors.channel("/camera/info", ir, "demo::robot::CameraInfo", false);
            ArkWriter.Channel odom = motion.channel("/odom", ir, "demo::robot::Odometry", false);
            ArkWriter.Channel battery = system.channel("/battery", ir, "demo::robot::Battery", false);
            ArkWriter.Channel status = system.channel("/status", ir, "demo::robot::Status", false);
            ArkWriter.Channel config = system.channel("/config", ir, "demo::robot::Config", true);
            ArkWriter.Channel trace = system.channel("/debug/trace", ir, "demo::robot::Trace", false);
            Map<String, RValue> params = new LinkedHashMap<>();
            for (int c = 0; c < 2; c++) {
                List<Map.Entry<RValue, RValue>> ps = new ArrayList<>();
                ps.add(Map.entry(new RValue.Str("max_speed"), d(c == 0 ? 1.2 : 0.8)));
                ps.add(Map.entry(new RValue.Str("wheel_base"), d(0.42)));
                config.write(
                        t0 + c * (seconds / 2) * 1_000_000_000L,
                        obj(
                                ir,
                                "Config",
                                "robot_name",
                                new RValue.Str("demo-rover-1"),
                                "params",
                                new RValue.Dict(ps),
                                "sensors",
                                arr(
                                        new RValue.Str("imu"),
                                        new RValue.Str("camera"),
                                        new RValue.Str("wheel odometry"))));
            }
            double x = 0;
            double y = 0;
            double th = 0;
            for (long ms = 0; ms < seconds * 1000L; ms += 10) {
                long t = t0 + ms * 1_000_000L + r.nextInt(200_000);
                double drive = ms > 2000 && ms < seconds * 1000L - 3000 ? 1 : 0;
                imu.write(
                        t,
                        obj(
                                ir,
                                "Imu",
                                "stamp",
                                t(t),
                                "accel",
                                arr(d(r.nextGaussian() * 0.05), d(drive * 0.2 + r.nextGaussian() * 0.05), d(9.81)),
                                "gyro",
                                arr(fl(0), fl(0), fl(drive * 0.1)),
                                "temperature",
                                fl(31.5 + ms / 60_000.0)));
                if (ms % 20 == 0) {
                    th += drive * 0.002;
                    x += drive * 0.02 * Math.cos(th);
                    y += drive * 0.02 * Math.sin(th);
                    odom.write(
                            t + 150_000,
                            obj(
                                    ir,
                                    "Odometry",
                                    "stamp",
                                    t(t),
                                    "pose",
                                    obj(ir, "Pose2d", "x", d(x), "y", d(y), "theta", d(th)),
                                    "speed",
                                    d(drive),
                                    "covariance",
                                    arr(d(0.01), d(0.01), d(0.002)),
                                    "frame",
                                    new RValue.Str("odom")));
                }
                if (ms % 100 == 0) {
                    byte[] thumb = new byte[48];
                    r.nextBytes(thumb);
                    cam.write(
                            t + 300_000,
                            obj(
                                    ir,
                                    "CameraInfo",
                                    "stamp",
                                    t(t),
                                    "width",
                                    new RValue.Int(RbufType.UINT16, 1280),
                                    "height",
                                    new RValue.Int(RbufType.UINT16, 720),
                                    "thumbnail",
                                    new RValue.Bytes(thumb),
                                    "exposure",
                                    new RValue.Int(RbufType.DURATION, 8_000_000 + r.nextInt(500_000))));
                }
                if (ms % 500 == 0) {
                    int mode = drive > 0 ? 1 : ms < 2000 ? 0 : 2;
                    long faults = ms > seconds * 800L ? 1 : 0;
                    RValue task = mode == 1
                            ? new RValue.Variant(
                                    1,
                                    "demo::robot::DriveTask",
                                    obj(
                                            ir,
                                            "DriveTask",
                                            "goal",
                                            obj(ir, "Pose2d", "x", d(10), "y", d(2), "theta", d(0)),
                                            "max_speed",
                                            d(1.2)))
                            : mode == 2
                                    ? new RValue.Variant(
                                            2,
                                            "demo::robot::DockTask",
                                            obj(
                                                    ir,
                                                    "DockTask",
                                                    "dock_id",
                                                    new RValue.GuidValue(Guid.fromName("dock 3"))))
                                    : new RValue.Variant(0, null, null);
                    status.write(
                            t + 500_000,
                            obj(
                                    ir,
                                    "Status",
                                    "mode",
                                    new RValue.Enum(ir.enumDef("demo::robot::Mode"), mode),
                                    "faults",
                                    new RValue.Enum(ir.enumDef("demo::robot::Faults"), faults),
                                    "uptime",
                                    new RValue.Int(RbufType.DURATION, 3_600_000_000_000L + ms * 1_000_000L),
                                    "counters",
                                    new RValue.Dict(List.of(Map.entry(
                                            new RValue.Str("ticks"), new RValue.Int(RbufType.UINT64, ms / 10)))),
                                    "task",
                                    task,
                                    "target",
                                    mode == 1
                                            ? obj(ir, "Pose2d", "x", d(10), "y", d(2), "theta", d(0))
                                            : RValue.Absent.INSTANCE,
                                    "legacy_code",
                                    new RValue.Int(RbufType.INT32, 0)));
                    trace.write(
                            t + 600_000,
                            obj(
                                    ir,
                                    "Trace",
                                    "line",
                                    new RValue.Str("planner tick " + ms / 500),
                                    "level",
                                    new RValue.Int(RbufType.INT8, 1)));
                }
                if (ms % 1000 == 0) {
                    battery.write(
                            t + 700_000,
                            obj(
                                    ir,
                                    "Battery",
                                    "voltage",
                                    fl(25.2 - ms / 100_000.0),
                                    "percent",
                                    new RValue.Int(RbufType.UINT8, 97 - ms / 10_000),
                                    "charging",
                                    new RValue.Bool(false),
                                    "wall_time",
                                    new RValue.Int(RbufType.SYSTEM_TIME_POINT, wall0 + ms * 1_000_000L)));
                }
            }
            // An amendment: hides /debug/* from the base section (shown as hidden, not dropped).
            w.amendment(new ArkQuery(0, Long.MAX_VALUE, List.of("(?!/debug/).*")));
            return w.manifestPath();
        }
    }
}
