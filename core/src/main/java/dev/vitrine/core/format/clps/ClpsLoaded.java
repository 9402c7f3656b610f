package dev.vitrine.core.format.clps;

import dev.vitrine.core.model.Problem;

/** A lazily read part of the files section: its value, or the problem that stopped it. */
record ClpsLoaded<T>(T value, Problem problem) {
    static <T> ClpsLoaded<T> ok(T v) {
        return new ClpsLoaded<>(v, null);
    }

    static <T> ClpsLoaded<T> failed(Problem p) {
        return new ClpsLoaded<>(null, p);
    }
}
