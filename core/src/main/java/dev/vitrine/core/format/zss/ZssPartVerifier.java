package dev.vitrine.core.format.zss;

import dev.vitrine.core.io.FileRef;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.model.ByteRange;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.verify.VerifyContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * "Verify this part": the checks of one block ({@link BlockChecker}: CRC, decompression, records
 * or index entries) on the blocks whose bytes meet the part, found through the block directory
 * (a few bytes read per block before the part, none after). Header problems are open problems,
 * reported by the engine when the part holds them. What needs the whole file (the data hash,
 * index references and lengths, order across blocks, the root) is not run, and the scope says so.
 */
final class ZssPartVerifier {
    private static final String NOT_RUN = "data hash, index references and lengths, record order across blocks, root";

    private ZssPartVerifier() {}

    static void run(ZssArchive archive, VerifyContext ctx) {
        ZssHeader header = archive.header();
        if (!header.blocksLocatable() || archive.codec() == null) {
            ctx.scope("the header only (no block can be located or decoded)", NOT_RUN);
            return;
        }
        ByteRange part = ctx.part();
        BlockReader reader = archive.reader();
        BlockDirectory dir = archive.blockDirectory();
        long partEnd = Math.max(part.end(), part.offset() + 1);
        dir.ensureOffset(partEnd - 1);
        List<BlockFrame> frames = new ArrayList<>();
        long bytes = 0;
        for (int i = Math.max(0, dir.blockAtOrBefore(part.offset())); i < dir.count(); i++) {
            long off = dir.offset(i);
            if (off >= partEnd) break;
            BlockFrame f;
            try {
                f = reader.frameAt(off, archive.trustedEnd());
            } catch (FormatException e) {
                ctx.report(e); // the directory framed it: only a source that changed gets here
                break;
            }
            if (f == null || !ctx.wants(FileRef.MAIN, f.offset(), f.end())) continue;
            frames.add(f);
            bytes += f.totalLength();
        }
        FormatException lost = dir.error();
        if (lost != null && ctx.holds(Problem.of(lost))) ctx.report(lost);
        BlockChecker checker = new BlockChecker(archive, ctx, archive.codec().isIdentity());
        long done = 0;
        ctx.progress(0, bytes);
        for (BlockFrame f : frames) {
            ctx.checkCancelled();
            BlockCheck bc = checker.check(List.of(f), null, new CompletableFuture<>())[0];
            int data = f.isData() ? dir.dataIndexOf(f.offset()) : -1;
            List<Long> path = data >= 0 ? List.of(ZssVerifier.DATA_BLOCKS_CHILD, (long) data) : null;
            if (bc.problems != null)
                for (Problem p : bc.problems) ctx.report(path != null && p.offset() == f.offset() ? p.at(path) : p);
            done += f.totalLength();
            ctx.progress(done, bytes);
        }
        boolean withHeader = part.offset() < header.dataStart();
        ctx.scope(
                withHeader && frames.isEmpty()
                        ? "the header (its checks ran at open)"
                        : (withHeader ? "the header and " : "") + describe(frames),
                NOT_RUN);
    }

    /** "2 blocks in [14490, 15101)": the blocks checked, by where they lie. */
    private static String describe(List<BlockFrame> frames) {
        if (frames.isEmpty()) return "no block meets the part";
        long data = frames.stream().filter(BlockFrame::isData).count();
        String kinds = data == frames.size()
                ? (data == 1 ? "data block" : "data blocks")
                : data == 0 ? (frames.size() == 1 ? "block" : "blocks") : "blocks";
        return frames.size() + " " + kinds + " in [" + frames.getFirst().offset() + ", "
                + frames.getLast().end() + ")";
    }
}
