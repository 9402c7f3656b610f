package dev.vitrine.app.cli;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import picocli.CommandLine;

/**
 * Reads a command's annotations on another core while picocli starts on this one. picocli reads
 * every annotation of a command, its mixins and argument groups by reflection: each annotation
 * type then becomes a proxy class the JDK generates at run time (the start-up cache cannot keep
 * them), a third of the 0.1 s picocli took before a command ran. The JDK keeps what it parsed
 * with each field and method, so picocli finds most of them ready. Only reads: nothing changes if
 * this thread is late or never runs.
 */
final class AnnotationsAhead {
    private AnnotationsAhead() {}

    /** Starts reading {@code command}'s annotations (and those of what it mixes in) on a daemon thread. */
    static void start(Class<?> command) {
        Thread t = new Thread(() -> read(command, 0), "cli-annotations");
        t.setDaemon(true);
        t.start();
    }

    private static void read(Class<?> c, int depth) {
        if (depth > 4 || c == null || c == Object.class) return;
        Field[] fields = c.getDeclaredFields();
        // picocli goes from the first field on: from the last, the two threads meet rather than queue
        for (int i = fields.length - 1; i >= 0; i--) {
            Field f = fields[i];
            f.getAnnotations();
            if (f.isAnnotationPresent(CommandLine.Mixin.class) || f.isAnnotationPresent(CommandLine.ArgGroup.class))
                read(f.getType(), depth + 1);
        }
        for (Method m : c.getDeclaredMethods()) m.getAnnotations();
        c.getAnnotations();
        read(c.getSuperclass(), depth + 1);
    }
}
