package dev.vitrine.core.format.ark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vitrine.core.format.AbstractArchive;
import dev.vitrine.core.format.ArchiveFiles;
import dev.vitrine.core.io.ByteSource;
import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.SourceUnavailableException;
import dev.vitrine.core.json.Json;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.LocalLocation;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.model.JsonRecords;
import dev.vitrine.core.model.Node;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.TimedMessages;
import dev.vitrine.core.rbuf.Guid;
import dev.vitrine.core.remote.RemoteException;
import dev.vitrine.core.verify.VerifyContext;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An opened Ark log: its manifest(s) and the split files they name. Time-indexed messages
 * ({@link TimedMessages}) and JSON lines ({@link JsonRecords}) come from the first manifest by
 * name (the log; further manifests such as snippets show in the tree).
 */
public final class ArkArchive extends AbstractArchive implements TimedMessages, JsonRecords {
    /** The log's folder, on this machine or under an s3:// prefix. */
    final Location root;

    final Limits limits;
    final ArchiveFiles files;
    final List<ArkLog> logs = new ArrayList<>();
    final List<Problem> openProblems = new ArrayList<>();
    private final Map<FileRef, ArkSplit> splits = new HashMap<>();
    private final Set<FileRef> missing = new LinkedHashSet<>();
    /** Splits found missing or unreadable at open: reported there, so verify does not say so again. */
    final Set<FileRef> missingAtOpen = new java.util.HashSet<>();

    private final List<FileRef> fileList = new ArrayList<>();
    /** Damage met while reading (messages that do not decode, indexes that cannot be read), runs collapsed as verify collapses them. */
    private final List<Problem> met = new ArrayList<>();

    private final VerifyContext metRuns = new VerifyContext(
            p -> {
                synchronized (met) {
                    met.add(p);
                }
            },
            new java.util.concurrent.atomic.AtomicBoolean(),
            1000);

    private ArkArchive(ArkFormat format, Path path, Location root, Limits limits) {
        super(format, path);
        this.root = root;
        this.limits = limits;
        this.files = new ArchiveFiles(root, limits.maxOpenFiles());
    }

    /**
     * Opens the log at {@code location}: its folder (a local one or an s3:// prefix), or one
     * manifest file on this machine. The folder's manifests/ is listed through the location,
     * which reports links without following them.
     */
    static ArkArchive open(ArkFormat format, Location location, Limits limits) throws IOException {
        List<FileRef> manifests = new ArrayList<>();
        Path path = location.displayPath();
        Location root;
        Optional<Path> local = location.localPath();
        if (local.isPresent() ? Files.isDirectory(local.get()) : location.stat().isFolder()) {
            root = location;
            Location.Kind kind = null;
            for (Location.Entry e : location.list()) if (e.name().equals("manifests")) kind = e.kind();
            if (kind == Location.Kind.LINK) {
                throw new java.nio.file.FileSystemException(
                        path.toString(), null, "manifests is a symbolic link; links are not followed out of the log");
            }
            if (kind == Location.Kind.FOLDER) {
                for (Location.Entry e : location.resolve("manifests").list()) {
                    if (e.kind() == Location.Kind.FILE) manifests.add(FileRef.of("manifests/" + e.name()));
                }
            }
        } else if (local.isEmpty()) {
            // a remote object has no folder to find its splits in
            throw new RemoteException(
                    location.display(),
                    "one manifest of an Ark log: open the log's folder (its prefix, ending in /) to read its splits");
        } else {
            Path parent = path.toAbsolutePath().getParent();
            if (parent.getFileName() != null
                    && parent.getFileName().toString().equals("manifests")
                    && parent.getParent() != null) {
                root = new LocalLocation(parent.getParent());
                manifests.add(FileRef.of("manifests/" + path.getFileName()));
            } else {
                root = new LocalLocation(parent);
                manifests.add(FileRef.of(path.getFileName().toString()));
            }
        }
        ArkArchive a = new ArkArchive(format, path, root, limits);
        try {
            a.load(manifests);
        } catch (IOException | RuntimeException | Error e) {
            a.close();
            throw e;
        }
        if (a.primary() == null) {
            // D24: a log whose manifest is not a decodable rbuf serializable file is unreadable (exit 2), not damaged.
            a.close();
            Problem p = a.openProblems.isEmpty()
                    ? Problem.error(FileRef.MAIN, -1, "no manifest")
                    : a.openProblems.getFirst();
            throw new dev.vitrine.core.io.FormatException(
                    path.toString(),
                    p.ref(),
                    p.offset(),
                    p.ref().isMain() ? p.message() : p.ref() + ": " + p.message());
        }
        return a;
    }

    /** Where {@code name} under the log's folder is, as messages name it. */
    private String where(String name) {
        return root.localPath()
                .map(p -> p.resolve(name).toString())
                .orElseGet(() -> root.resolve(name).display());
    }

    private void load(List<FileRef> manifests) throws IOException {
        if (manifests.isEmpty())
            openProblems.add(Problem.error(FileRef.MAIN, -1, "no manifest in " + where("manifests")));
        Set<FileRef> all = new LinkedHashSet<>(manifests);
        for (FileRef m : manifests) {
            ArkLog log;
            try {
                log = new ArkLog(this, m, files.source(m), limits);
            } catch (IOException e) {
                if (e instanceof SourceUnavailableException) throw e; // the network, not the log
                openProblems.add(Problem.error(m, -1, "cannot open the manifest: " + e.getMessage()));
                continue;
            }
            logs.add(log);
            openProblems.addAll(log.problems());
            for (ArkLog.SplitDecl sd : log.splits()) {
                if (!all.add(sd.ref())) continue;
                try {
                    files.source(sd.ref());
                } catch (IOException e) {
                    if (e instanceof SourceUnavailableException) throw e;
                    missing.add(sd.ref());
                    // An error at open (D24: by GUID), so every command says what it skipped; the rest still reads.
                    String why =
                            e instanceof java.nio.file.NoSuchFileException x && "no such file".equals(x.getReason())
                                    ? "is missing"
                                    : "is not read: " + dev.vitrine.core.text.Messages.reason(e);
                    openProblems.add(Problem.error(
                            m, -1, "split " + sd.guid() + " named by the manifest " + why + " (" + sd.ref() + ")"));
                }
            }
        }
        missingAtOpen.addAll(missing);
        for (FileRef f : all) if (!missing.contains(f)) fileList.add(f);
    }

    /** The split file {@code ref}, parsed on first use; null when it is missing. */
    synchronized ArkSplit split(FileRef ref) {
        if (missing.contains(ref)) return null;
        ArkSplit s = splits.get(ref);
        if (s == null) {
            ByteSource src;
            try {
                src = files.source(ref);
            } catch (IOException e) {
                missing.add(ref);
                return null;
            }
            String base = ref.baseName();
            Guid g;
            try {
                g = Guid.parse(base);
            } catch (IllegalArgumentException e) {
                g = Guid.ZERO;
            }
            s = new ArkSplit(ref, g, src);
            splits.put(ref, s);
        }
        return s;
    }

    boolean isMissing(FileRef ref) {
        split(ref);
        return missing.contains(ref);
    }

    void checkInterrupted() throws IOException {
        if (Thread.currentThread().isInterrupted()) throw new java.io.InterruptedIOException("interrupted");
    }

    public List<ArkLog> logs() {
        return logs;
    }

    /** The log the capabilities answer for: the first readable manifest by name. */
    public ArkLog primary() {
        for (ArkLog l : logs) if (l.readable()) return l;
        return null;
    }

    @Override
    public ByteSource source() {
        try {
            if (!fileList.isEmpty()) return files.source(fileList.getFirst());
        } catch (IOException e) {
            // the manifest vanished since open: shown as no bytes
        }
        return dev.vitrine.core.io.MappedFileSource.ofBytes(String.valueOf(path().getFileName()), new byte[0]);
    }

    @Override
    public List<FileRef> files() {
        return fileList;
    }

    @Override
    public ByteSource source(FileRef file) throws IOException {
        return files.source(file);
    }

    @Override
    public String displayName(FileRef file) {
        return file.isMain() ? String.valueOf(path().getFileName()) : file.path();
    }

    @Override
    protected Node makeRoot() {
        return new ArkStructureNodes.RootNode(this);
    }

    @Override
    public List<Problem> openProblems() {
        return openProblems;
    }

    /** Missing splits are errors at open, yet every other split still reads. */
    @Override
    public boolean unreadable() {
        return primary() == null;
    }

    void met(Problem p) {
        metRuns.report(p);
    }

    @Override
    public List<Problem> damageMet() {
        metRuns.finish();
        synchronized (met) {
            return List.copyOf(met);
        }
    }

    @Override
    public ObjectNode info() throws IOException {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("format", "ark");
        ArkLog p = primary();
        if (p != null) {
            o.put("name", p.name);
            o.put("log_identifier", p.logId.toString());
            o.put("common_identifier", p.commonId.toString());
            o.put("manifest", p.ref.path());
        }
        ArrayNode ms = o.putArray("manifests");
        for (ArkLog l : logs) {
            ObjectNode m = ms.addObject();
            m.put("file", l.ref.path());
            m.put("name", l.name);
            m.put("log_identifier", l.logId.toString());
            m.put("readable", l.readable());
        }
        if (p == null) return o;
        ArrayNode ss = o.putArray("sections");
        for (ArkLog.Section s : p.sections) {
            ObjectNode so = ss.addObject();
            so.put("index", s.index());
            so.put("original_log_identifier", s.originalLog().toString());
            ObjectNode f = so.putObject("acceptance_filter");
            f.put("minimum_time", s.filter().minimumTime());
            f.put("maximum_time", s.filter().maximumTime());
            ArrayNode al = f.putArray("message_allow_list");
            s.filter().allowList().forEach(al::add);
            ArrayNode cs = so.putArray("columns");
            for (ArkLog.Column c : s.columns()) {
                ObjectNode co = cs.addObject();
                co.put("name", c.name);
                co.put("compression_type", c.compression);
                co.put("objects", c.objects.size());
                co.put("splits", c.splits.size());
            }
        }
        ObjectNode md = o.putObject("metadata");
        for (var e : p.metadata.entrySet()) md.set(e.getKey(), jsonOrText(e.getValue()));
        ArrayNode ch = o.putArray("channels");
        for (ChannelInfo c : channels()) {
            ObjectNode co = ch.addObject();
            co.put("name", c.name());
            co.put("type", c.type());
            co.put("count", c.count());
            co.put("min_time_ns", c.minTimeNs());
            co.put("max_time_ns", c.maxTimeNs());
            co.put("bytes", c.bytes());
            co.put("rate_hz", c.rateHz());
            co.put("latched", c.latched());
        }
        ArrayNode hid = o.putArray("hidden");
        for (Hidden h : hidden()) {
            ObjectNode ho = hid.addObject();
            ho.put("channel", h.channel());
            ho.put("start_ns", h.startNs());
            ho.put("stop_ns", h.stopNs());
            ho.put("count", h.count());
            ho.put("reason", h.reason());
        }
        o.put("splits", p.splits().size());
        o.put("missing_splits", missing.size());
        return o;
    }

    /** Metadata values are JSON text; a value that is not JSON shows as a string. */
    static JsonNode jsonOrText(String s) {
        try {
            JsonNode n = Json.MAPPER.readTree(s);
            if (n != null && !n.isMissingNode()) return n;
        } catch (IOException e) {
            // not JSON: shown as text
        }
        return Json.MAPPER.getNodeFactory().textNode(s);
    }

    @Override
    public void verify(VerifyContext ctx) throws IOException {
        new ArkVerifier(this, ctx).run();
    }

    // ---- TimedMessages (primary log) ----

    @Override
    public List<ChannelInfo> channels() throws IOException {
        ArkLog p = primary();
        return p == null ? List.of() : p.channels();
    }

    @Override
    public List<Hidden> hidden() throws IOException {
        ArkLog p = primary();
        return p == null ? List.of() : p.hidden();
    }

    @Override
    public Overview overview() throws IOException {
        ArkLog p = primary();
        return p == null
                ? new Overview(
                        List.of(), List.of(), dev.vitrine.core.model.TimelineDensity.of(0, 0, Map.of()), Map.of())
                : p.overview();
    }

    @Override
    public Cursor messages(Collection<String> channels, long startNs, long stopNs) throws IOException {
        ArkLog p = primary();
        return p == null ? TimedMessages.empty() : p.messages(channels, startNs, stopNs);
    }

    // ---- JsonRecords ----

    @Override
    public long recordCount() throws IOException {
        long n = 0;
        for (ChannelInfo c : channels()) n += c.count();
        return n;
    }

    /**
     * Query: space-separated {@code channel=NAME} (repeatable), {@code start_ns=N}, {@code stop_ns=N};
     * blank: everything.
     */
    @Override
    public long writeJsonLines(String query, OutputStream out) throws IOException {
        List<String> chans = new ArrayList<>();
        long start = Long.MIN_VALUE;
        long stop = Long.MAX_VALUE;
        if (query != null && !query.isBlank()) {
            int at = 0;
            for (String tok : query.trim().split("\\s+")) {
                at = query.indexOf(tok, at);
                int eq = tok.indexOf('=');
                String k = eq < 0 ? tok : tok.substring(0, eq);
                String v = eq < 0 ? "" : tok.substring(eq + 1);
                try {
                    switch (k) {
                        case "channel" -> chans.add(v);
                        case "start_ns" -> start = Long.parseLong(v);
                        case "stop_ns" -> stop = Long.parseLong(v);
                        default ->
                            throw new QuerySyntaxException(
                                    "unknown term \"" + k + "\" (channel=, start_ns=, stop_ns=)", at);
                    }
                } catch (NumberFormatException e) {
                    throw new QuerySyntaxException("not a number: " + v, at + eq + 1);
                }
            }
        }
        return writeJsonLines(chans, start, stop, out);
    }

    @Override
    public void releaseCaches() {
        files.releaseCaches();
    }

    @Override
    public long cachedBytes() {
        return files.cachedBytes();
    }

    @Override
    public void close() {
        files.close();
    }
}
