package dev.vitrine.app.cli;

import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The commands' picocli models, built in code. From annotations, picocli reads every field by
 * reflection and the JDK generates a proxy class per annotation type at run time, which the
 * start-up cache cannot keep: 35-40 ms of a 0.11 s command, against about 5 ms for the same model
 * built here. Each option writes its value into the command's field through {@code to}; a
 * command object serves one run, so a field keeps its own initial value when the option is not given.
 */
final class Specs {
    private Specs() {}

    /** A command's model around {@code command} (its {@code call()} or {@code run()} is what runs). */
    static CommandSpec command(Object command, String name, String... description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
        spec.name(name);
        spec.usageMessage().description(description);
        return spec;
    }

    /** An option without a value: {@code to} gets true when it is given ({@code --NAME=false} gives false). */
    static OptionSpec.Builder flag(String name, String description, Consumer<Boolean> to) {
        return bind(OptionSpec.builder(name).type(boolean.class).description(description), to);
    }

    /** {@code --NAME} and {@code --no-NAME}: {@code to} is not called when neither is given. */
    static OptionSpec.Builder negatable(String name, String description, Consumer<Boolean> to) {
        return bind(OptionSpec.builder(name).negatable(true).type(Boolean.class).description(description), to);
    }

    /** An option taking one value, converted to {@code type}. */
    static <V> OptionSpec.Builder option(String name, String label, Class<V> type, String description, Consumer<V> to) {
        return bind(OptionSpec.builder(name).type(type).paramLabel(label).description(description), to);
    }

    /** A repeatable option: {@code to} gets every value given, in order. */
    static OptionSpec.Builder repeatable(String name, String label, String description, Consumer<List<String>> to) {
        OptionSpec.Builder b = OptionSpec.builder(name)
                .type(List.class)
                .auxiliaryTypes(String.class)
                .paramLabel(label)
                .description(description);
        return bind(b, to);
    }

    /** A positional parameter at {@code index} (as picocli writes it: "1", "2..*"). */
    static <V> PositionalParamSpec positional(
            String index, String arity, String label, Class<V> type, String description, Consumer<V> to) {
        return positional(index, arity, label, description, new Field<>(to))
                .type(type)
                .build();
    }

    /** Positional parameters holding a list of strings ({@code description} may be null: none). */
    static PositionalParamSpec positionals(
            String index, String arity, String label, String description, Consumer<List<String>> to) {
        return positional(index, arity, label, description, new Field<>(to))
                .type(List.class)
                .auxiliaryTypes(String.class)
                .build();
    }

    /** A parameter needs a value unless its arity allows none. */
    private static PositionalParamSpec.Builder positional(
            String index, String arity, String label, String description, Field<?> field) {
        PositionalParamSpec.Builder b = PositionalParamSpec.builder()
                .index(index)
                .arity(arity)
                .required(!arity.startsWith("0"))
                .paramLabel(label)
                .getter(field)
                .setter(field);
        if (description != null) b.description(description);
        return b;
    }

    static void add(CommandSpec spec, OptionSpec.Builder... options) {
        for (OptionSpec.Builder o : options) spec.addOption(o.build());
    }

    /**
     * Options shown under their own heading in help; when {@code exclusive}, giving two of them is
     * bad usage.
     */
    static void group(CommandSpec spec, String heading, int order, boolean exclusive, OptionSpec.Builder... options) {
        ArgGroupSpec.Builder g = ArgGroupSpec.builder()
                .heading(heading)
                .order(order)
                .exclusive(exclusive)
                .validate(exclusive);
        for (OptionSpec.Builder o : options) g.addArg(o.build());
        spec.addArgGroup(g.build());
    }

    private static <V> OptionSpec.Builder bind(OptionSpec.Builder b, Consumer<V> to) {
        Field<V> field = new Field<>(to);
        return b.getter(field).setter(field);
    }

    /**
     * Holds an option's value for picocli (which reads it back to add to a list) and hands each
     * new value on. A lambda cannot be picocli's setter: its {@code set} is a generic method.
     */
    private static final class Field<V> implements IGetter, ISetter {
        private final Consumer<V> to;
        private Object value;

        Field(Consumer<V> to) {
            this.to = to;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            return (T) value;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T set(T newValue) {
            T old = (T) value;
            value = newValue;
            // picocli first sets every option to its initial value, null here: the command is new,
            // and its field's own initial value already says "not given".
            if (newValue != null) to.accept((V) newValue);
            return old;
        }
    }
}
