package dev.vitrine.app.cli;

import dev.vitrine.core.format.Archive;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.io.Uleb128;
import dev.vitrine.core.model.Content;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.SortedRecords;
import dev.vitrine.core.verify.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * `vitrine cat`: records of a sorted-record archive (byte-identical to `zss dump` with the same
 * options), or one file of a file archive, to standard output.
 */
@Command(name = "cat", description = {
        "Write records (ZSS/ZS) or one stored file (CAF, ...) to standard output.",
        "Keys and terminators take backslash escapes: \\xff, \\x00, \\n."})
final class CatCommand implements Callable<Integer> {

    enum LengthPrefix { uleb128, u64le }

    @Parameters(index = "0", paramLabel = "FILE")
    Path file;

    @Parameters(index = "1", arity = "0..1", paramLabel = "ENTRY", description = "Stored file to print (file archives).")
    String entry;

    @Option(names = "--start", paramLabel = "K", description = "First key (inclusive).")
    String start;

    @Option(names = "--stop", paramLabel = "K", description = "Last key (exclusive).")
    String stop;

    @Option(names = "--prefix", paramLabel = "K", description = "Only records starting with K.")
    String prefix;

    @ArgGroup(exclusive = true)
    Framing framing = new Framing();

    static final class Framing {
        @Option(names = "--terminator", paramLabel = "T", description = "Written after each record (default \\n).")
        String terminator;

        @Option(names = "--length-prefixed", paramLabel = "uleb128|u64le",
                description = "Write each record's length before it instead of a terminator.")
        LengthPrefix lengthPrefixed;
    }

    @Spec
    CommandSpec spec;

    @ParentCommand
    VitrineCli root;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        try (Archive archive = ArchiveOpener.open(file)) {
            if (archive.unreadable()) {
                for (Problem p : archive.openProblems()) err.println(p);
                return ExitCodes.DAMAGED;
            }
            Optional<SortedRecords> records = archive.capability(SortedRecords.class);
            Optional<FileListing> listing = archive.capability(FileListing.class);
            OutputBuffer out = new OutputBuffer(root.stdout(), 1 << 18);
            try {
                if (records.isPresent() && entry == null) {
                    catRecords(records.get(), out);
                } else if (listing.isPresent() && entry != null) {
                    return catEntry(listing.get(), out, err);
                } else if (listing.isPresent()) {
                    err.println("vitrine: " + file + " holds files: name one (see `vitrine ls " + file + "`)");
                    return ExitCodes.UNREADABLE;
                } else {
                    err.println("vitrine: " + file + ": " + archive.format().displayName() + " has nothing cat can print");
                    return ExitCodes.UNREADABLE;
                }
            } catch (FormatException e) {
                out.flush(); // what was readable before the damage has been written, as the reference does
                err.println("vitrine: " + e.getMessage());
                return ExitCodes.DAMAGED;
            } finally {
                out.flush();
            }
            return ExitCodes.OK;
        } catch (ArchiveOpener.CannotOpen e) {
            err.println("vitrine: " + e.getMessage());
            return ExitCodes.UNREADABLE;
        }
    }

    private void catRecords(SortedRecords records, OutputBuffer out) throws IOException {
        byte[] lo = start == null ? null : Escapes.parse(start);
        byte[] hi = stop == null ? null : Escapes.parse(stop);
        byte[] pre = prefix == null ? null : Escapes.parse(prefix);
        LengthPrefix lp = framing.lengthPrefixed;
        byte[] term = framing.terminator == null ? new byte[] {'\n'} : Escapes.parse(framing.terminator);
        byte[] len = new byte[10];
        if (lp == null && term.length == 1) {
            // The usual case (one terminator byte): a small, separate loop body the JIT compiles early.
            byte t = term[0];
            records.scan(lo, hi, pre, (rec, off, n) -> {
                out.writeTerminated(rec, off, n, t);
                return true;
            });
            return;
        }
        records.scan(lo, hi, pre, (rec, off, n) -> {
            if (lp == LengthPrefix.uleb128) {
                out.write(len, 0, Uleb128.encode(n, len, 0));
            } else if (lp == LengthPrefix.u64le) {
                for (int i = 0; i < 8; i++) len[i] = (byte) ((long) n >>> (8 * i));
                out.write(len, 0, 8);
            }
            out.write(rec, off, n);
            if (lp == null) out.write(term);
            return true;
        });
    }

    private int catEntry(FileListing listing, OutputStream out, PrintWriter err) throws IOException {
        for (FileListing.Entry e : listing.entries()) {
            if (e.name().equals(entry)) {
                Content c = listing.content(e);
                try (InputStream in = c.open()) {
                    in.transferTo(out);
                }
                return ExitCodes.OK;
            }
        }
        err.println("vitrine: " + file + ": no entry named '" + entry + "'");
        return ExitCodes.DAMAGED;
    }
}
