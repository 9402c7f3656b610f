package dev.vitrine.app.cli;

import dev.vitrine.core.export.EntryPathPolicy;
import dev.vitrine.core.format.Archive;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.io.FormatException;
import dev.vitrine.core.limits.Limits;
import dev.vitrine.core.location.Location;
import dev.vitrine.core.location.Locations;
import dev.vitrine.core.model.FileListing;
import dev.vitrine.core.model.Problem;
import dev.vitrine.core.model.Severity;
import dev.vitrine.core.remote.Redact;
import dev.vitrine.core.text.Messages;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The archive argument every reading command takes (info, tree, cat, ls, export), and the one
 * place that opens it: a file that cannot be opened is one line {@code vitrine: PATH: reason}
 * with the path as the user typed it and exit 2; damage found at open or while the command
 * reads nodes is printed once per problem and makes the exit status 1, after the command has
 * printed what it could.
 */
final class ArchiveArgument {

    private String file;
    private final CommandSpec spec;
    private final RemoteArgs remote;

    /** Adds FILE (the first parameter) and the remote options to the command {@code spec}. */
    ArchiveArgument(CommandSpec spec) {
        this.spec = spec;
        spec.addPositional(Specs.positional("0", "1", "FILE", String.class, "The archive.", v -> file = v));
        this.remote = new RemoteArgs(spec);
    }

    /** What a command does with the opened archive; returns its own exit status. */
    @FunctionalInterface
    interface Body {
        int run(Archive archive, Reading reading) throws IOException;
    }

    /** The file as the user typed it, for messages (a URL without its secrets). */
    String typed() {
        return shown(file);
    }

    /** An archive's name as messages show it: a URL without its secrets, a path with control characters escaped. */
    static String shown(String typed) {
        return Locations.isUrl(typed) ? Redact.url(typed) : EntryPathPolicy.shown(typed);
    }

    /**
     * "FILE: offset N: message", the damage line, with FILE the path as the user typed it (the
     * archive's own file, or a part's path under a folder typed) and shown as {@link #shown}
     * shows it: a name holding a newline or ESC cannot forge a line or drive the terminal.
     */
    static String line(Problem p, String typed) {
        String file = p.file();
        if (typed != null && Locations.isUrl(typed)) {
            // A URL as typed, secrets left out: its own object, or a part under the prefix typed.
            String url = dev.vitrine.core.remote.Redact.url(typed);
            String plain = url.replaceFirst("[?#].*$", "");
            if (p.ref().isMain() && plain.endsWith("/" + file)) file = url;
            else if (!p.ref().isMain()) file = (plain.endsWith("/") ? plain : plain + "/") + file;
        } else if (typed != null) {
            Path given = Path.of(typed);
            if (p.ref().isMain()
                    && given.getFileName() != null
                    && given.getFileName().toString().equals(file)) {
                file = typed;
            } else if (!p.ref().isMain() && java.nio.file.Files.isDirectory(given)) {
                file = (typed.endsWith("/") ? typed : typed + "/") + file;
            }
        }
        String shown = shown(file);
        if (shown.equals(p.file())) return p.toString();
        return new Problem(
                        p.severity(), shown, p.ref(), p.offset(), p.message(), p.nodePath(), p.expected(), p.actual())
                .toString();
    }

    /** The archive's own local file or folder, which exports must keep out of; null for a URL. */
    Path localPath(Archive archive) {
        return Locations.isUrl(file) ? null : archive.path();
    }

    /** Opens the archive, runs {@code body}, and folds the damage it met into the exit status. */
    int run(Body body) {
        PrintWriter err = spec.commandLine().getErr();
        Archive archive;
        try {
            archive = open(file, remote, err);
        } catch (CannotOpen e) {
            err.println("vitrine: " + e.getMessage());
            return ExitCodes.UNREADABLE;
        }
        try (archive) {
            Reading reading = new Reading(err, file);
            int rc;
            try {
                rc = body.run(archive, reading);
            } catch (ClosedOutput e) {
                return ExitCodes.OUTPUT_CLOSED; // the reader has all it wanted: nothing to say
            } catch (ClosedOutput.Unwritable e) {
                return ExitCodes.UNREADABLE; // not the archive's fault; VitrineCli names standard output
            } catch (FormatException e) {
                // what was readable before the damage has been printed, as the reference does
                spec.commandLine().getOut().flush();
                reading.report(Problem.of(e));
                rc = ExitCodes.DAMAGED;
            } catch (dev.vitrine.core.io.SourceUnavailableException e) {
                spec.commandLine().getOut().flush();
                err.println("vitrine: " + e.getMessage());
                return ExitCodes.UNREADABLE;
            } catch (IOException e) {
                spec.commandLine().getOut().flush();
                err.println("vitrine: " + Messages.about(typed(), e));
                rc = ExitCodes.DAMAGED;
            } catch (java.io.UncheckedIOException e) {
                // the bytes could not be read (a file or remote object that changed, a link that died): not damage
                dev.vitrine.core.io.SourceUnavailableException gone =
                        dev.vitrine.core.io.SourceUnavailableException.in(e);
                if (gone == null) throw e;
                spec.commandLine().getOut().flush();
                err.println("vitrine: " + gone.getMessage());
                return ExitCodes.UNREADABLE;
            }
            spec.commandLine().getOut().flush();
            reading.reportAll(archive.damageMet(), false); // e.g. messages written as error lines
            return reading.exit(rc);
        }
    }

    /**
     * The archive's file listing ({@link FileListing}, whatever the format), or empty after
     * telling the user the archive holds none.
     */
    Optional<FileListing> fileListing(Archive archive) {
        Optional<FileListing> listing = archive.capability(FileListing.class);
        if (listing.isEmpty()) {
            spec.commandLine()
                    .getErr()
                    .println("vitrine: " + typed() + ": " + archive.format().displayName()
                            + " holds records, not files (try `vitrine cat`)");
        }
        return listing;
    }

    /** Thrown when a file cannot be opened at all; the message is "PATH: reason", ready to print after "vitrine: ". */
    static final class CannotOpen extends Exception {
        CannotOpen(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Detects and opens {@code typed}, a path or an http(s):// or s3:// URL; failures become
     * {@code vitrine: TYPED: reason} (a URL printed without its secrets, a path holding a newline
     * or ESC printed escaped, as stored names are).
     */
    static Archive open(String typed, RemoteArgs remote, PrintWriter err) throws CannotOpen {
        // Path.of("") is the current folder: an empty argument is a mistake, not a request for it.
        if (typed.isEmpty()) throw new CannotOpen("'': empty path");
        Location location;
        try {
            location = Locations.of(typed, remote.options());
        } catch (IllegalArgumentException e) {
            throw new CannotOpen(shown(typed) + ": " + e.getMessage());
        }
        String shown = shown(typed); // as typed, secrets left out: "s3://bucket", not "s3://bucket/"
        try {
            Archive a = FormatRegistry.get().open(location, Limits.DEFAULT);
            for (String notice : location.notices()) err.println("vitrine: " + shown + ": " + notice);
            return a;
        } catch (IOException | RuntimeException e) {
            throw new CannotOpen(Messages.about(shown, e));
        }
    }

    /**
     * Problems met while a command reads: each printed once to standard error; any error makes
     * the exit status 1 (never lowering a 2).
     */
    static final class Reading {
        /** Past this many, problems are counted, not printed: `vitrine verify` lists them all. */
        private static final int MAX_PRINTED = 100;

        private final PrintWriter err;
        private final String typed;
        private final Set<String> seen = new HashSet<>();
        private boolean damaged;
        private long unprinted;

        Reading(PrintWriter err, String typed) {
            this.err = err;
            this.typed = typed;
        }

        /** Reports {@code p}: errors always, warnings only when {@code warnings}. */
        void report(Problem p, boolean warnings) {
            boolean error = p.severity() == Severity.ERROR;
            if (error) damaged = true;
            if (!error && !warnings) return;
            String line = line(p, typed);
            if (!seen.add(line)) return;
            if (seen.size() <= MAX_PRINTED) err.println(line);
            else unprinted++;
        }

        void report(Problem p) {
            report(p, false);
        }

        void reportAll(Collection<Problem> problems, boolean warnings) {
            for (Problem p : problems) report(p, warnings);
        }

        /** The archive's damage found at open (errors only; tree prints warnings too). */
        void openProblems(Archive archive, boolean warnings) {
            reportAll(archive.openProblems(), warnings);
        }

        boolean damaged() {
            return damaged;
        }

        /** Marks the reading as damaged without a problem to print (the command said why). */
        void damaged(boolean d) {
            damaged |= d;
        }

        int exit(int rc) {
            if (unprinted > 0) {
                err.println("vitrine: " + unprinted + " more problems (`vitrine verify` lists them all)");
                unprinted = 0;
            }
            return damaged ? Math.max(rc, ExitCodes.DAMAGED) : rc;
        }
    }
}
