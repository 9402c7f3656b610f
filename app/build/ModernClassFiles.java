import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * A packaging step (app/pom.xml, after the libraries are copied): rewrites the Java 5 class files
 * of the named jars as Java 8 ones, with the stack maps Java 6 and later verify by.
 *
 * <p>Why: JDK 25's ahead-of-time cache leaves out classes older than Java 6 (they need the old
 * verifier at every start), and picocli's jar is built for Java 5. Its 190 classes were loaded,
 * verified and interpreted anew by every command (about 40 ms of a `vitrine --version` of 0.36 s).
 * The bytecode itself is unchanged; the JDK's class-file API recomputes the frames. A jar whose
 * classes are all Java 6 or later is left as it is, so the step runs once per copy.
 *
 * <p>{@code java ModernClassFiles.java LIB_FOLDER JAR_NAME_PREFIX...}
 */
public final class ModernClassFiles {
    private static final int JAVA_6 = 50;
    private static final int JAVA_8 = 52;

    public static void main(String[] args) throws IOException {
        Path folder = Path.of(args[0]);
        for (int i = 1; i < args.length; i++) {
            String prefix = args[i];
            try (var jars = Files.newDirectoryStream(folder, prefix + "*.jar")) {
                for (Path jar : jars) upgrade(jar);
            }
        }
    }

    private static void upgrade(Path jar) throws IOException {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) entries.put(e.getName(), in.readAllBytes());
        }
        // Frames need the common superclass of two types: the jar's own classes, then the JDK's.
        ClassHierarchyResolver own = ClassHierarchyResolver.ofResourceParsing(desc -> {
            String d = desc.descriptorString();
            byte[] b = entries.get(d.substring(1, d.length() - 1) + ".class");
            return b == null ? null : new ByteArrayInputStream(b);
        });
        ClassFile cf = ClassFile.of(
                ClassFile.ClassHierarchyResolverOption.of(own.orElse(ClassHierarchyResolver.defaultResolver())),
                ClassFile.StackMapsOption.GENERATE_STACK_MAPS);
        // Every method body goes through the builder, so each gets its frames generated.
        ClassTransform modern = ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL)
                .andThen(ClassTransform.endHandler(b -> b.withVersion(JAVA_8, 0)));
        int changed = 0;
        for (Map.Entry<String, byte[]> e : entries.entrySet()) {
            if (!e.getKey().endsWith(".class") || e.getKey().startsWith("META-INF/")) continue;
            var model = cf.parse(e.getValue());
            if (model.majorVersion() >= JAVA_6) continue;
            e.setValue(cf.transformClass(model, modern));
            changed++;
        }
        if (changed == 0) return;
        Path tmp = jar.resolveSibling(jar.getFileName() + ".tmp");
        try (OutputStream os = Files.newOutputStream(tmp);
                ZipOutputStream out = new ZipOutputStream(os)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                out.putNextEntry(new ZipEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("modern class files: " + changed + " classes of " + jar.getFileName() + " now Java 8");
    }
}
