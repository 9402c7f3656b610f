package dev.vitrine.app.cli;

import dev.vitrine.core.format.ArchiveFormat;
import dev.vitrine.core.format.ArchiveWriter;
import dev.vitrine.core.format.FormatRegistry;
import dev.vitrine.core.text.Messages;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.PushbackInputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * `vitrine create FORMAT ...`: write a new archive. Every format whose {@link ArchiveFormat#writer()}
 * is present gets a `create ID` subcommand built here from the options its writer describes, so
 * a new format adds its own `create` without any change to this class.
 */
final class CreateCommand implements Runnable {
    private final CommandSpec spec = Specs.command(this, "create", "Write a new archive.");

    /** The `create` command with one subcommand per writer the formats offer. */
    static CommandLine commandLine() {
        CommandLine create = new CommandLine(new CreateCommand().spec);
        for (ArchiveWriter w : writers()) create.addSubcommand(w.name(), new CommandLine(WriterCommand.spec(w)));
        return create;
    }

    private static List<ArchiveWriter> writers() {
        List<ArchiveWriter> out = new ArrayList<>();
        for (ArchiveFormat f : FormatRegistry.get().formats()) f.writer().ifPresent(out::add);
        return out;
    }

    @Override
    public void run() {
        List<String> names = writers().stream().map(ArchiveWriter::name).toList();
        String list = names.size() <= 1
                ? String.join("", names)
                : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.getLast();
        throw new CommandLine.ParameterException(spec.commandLine(), "name a format: " + list);
    }

    /** Runs one writer with the values picocli parsed for it. */
    static final class WriterCommand implements Callable<Integer> {
        private final ArchiveWriter writer;
        private CommandSpec spec;

        private WriterCommand(ArchiveWriter writer) {
            this.writer = writer;
        }

        static CommandSpec spec(ArchiveWriter w) {
            WriterCommand cmd = new WriterCommand(w);
            CommandSpec s = Specs.command(
                    cmd,
                    w.name(),
                    w.description().stream().map(WriterCommand::literal).toArray(String[]::new));
            for (ArchiveWriter.Option o : w.options()) {
                OptionSpec.Builder b = OptionSpec.builder(o.name()).description(literal(o.description()));
                switch (o.kind()) {
                    case FLAG -> b.arity("0").type(boolean.class);
                    case INTEGER -> b.type(int.class).paramLabel(o.label());
                    case TEXT -> b.type(String.class).paramLabel(o.label());
                }
                if (o.defaultValue() != null) b.defaultValue(o.defaultValue());
                s.addOption(b.build());
            }
            int i = 0;
            for (ArchiveWriter.Parameter p : w.parameters()) {
                s.addPositional(PositionalParamSpec.builder()
                        .index(Integer.toString(i++))
                        .arity("1")
                        .required(true)
                        .type(String.class)
                        .paramLabel(p.label())
                        .description(literal(p.description()))
                        .build());
            }
            cmd.spec = s;
            return s;
        }

        /** The writer's text shown as it is: picocli would expand "${...}" in it. */
        private static String literal(String text) {
            return text.replace("${", "$${");
        }

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            Map<String, String> values = new LinkedHashMap<>();
            for (OptionSpec o : spec.options()) {
                if (o.longestName().equals("--help") || o.longestName().equals("--version")) continue;
                Object v = o.getValue();
                values.put(o.longestName(), v == null ? null : v.toString());
            }
            List<String> params = new ArrayList<>();
            for (PositionalParamSpec p : spec.positionalParameters()) params.add(p.getValue());
            try {
                InputStream stdin = System.in;
                if (params.contains("-")) {
                    // Nothing at all on standard input (closed, or /dev/null) is a mistake, not an empty archive.
                    PushbackInputStream peek = new PushbackInputStream(stdin, 1);
                    int first = peek.read();
                    if (first < 0) {
                        err.println("vitrine: -: standard input is empty; nothing to write");
                        return ExitCodes.UNREADABLE;
                    }
                    peek.unread(first);
                    stdin = peek;
                }
                writer.write(values, params, stdin, out);
                out.flush();
                return ExitCodes.OK;
            } catch (ArchiveWriter.UsageException | ArchiveWriter.BadInputException e) {
                err.println("vitrine: " + e.getMessage());
                return ExitCodes.UNREADABLE;
            } catch (FileAlreadyExistsException e) {
                err.println("vitrine: " + e.getFile() + ": exists (use --overwrite to replace it)");
                return ExitCodes.UNREADABLE;
            } catch (FileSystemException e) {
                // Reading the input or writing the output was refused by the file system.
                String file = Optional.ofNullable(e.getFile()).orElse("");
                err.println("vitrine: " + (file.isEmpty() ? "" : file + ": ") + Messages.reason(e));
                return e instanceof java.nio.file.NoSuchFileException
                                || e instanceof java.nio.file.AccessDeniedException
                        ? ExitCodes.UNREADABLE
                        : ExitCodes.DAMAGED;
            } catch (IOException e) {
                err.println("vitrine: " + Messages.reason(e));
                return ExitCodes.DAMAGED;
            }
        }
    }
}
