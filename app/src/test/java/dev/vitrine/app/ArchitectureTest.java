package dev.vitrine.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layers of docs/ARCHITECTURE.md, enforced: core's packages depend on each other one way
 * (io, text → model → verify → format → format.NAME, export), core knows nothing of the app or
 * JavaFX, and no format's package is used outside itself (formats are found through
 * ServiceLoader and used through capabilities).
 */
class ArchitectureTest {
    static final List<String> FORMATS = List.of("zss", "caf", "clps", "ark", "bundle");
    static JavaClasses main;

    @BeforeAll
    static void load() {
        // the two modules' own classes, not every jar on the class path
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPaths(Path.of("target/classes"), Path.of("../core/target/classes"));
    }

    @Test
    void coreHasNoPackageCycles() {
        slices().matching("dev.vitrine.core.(**)").should().beFreeOfCycles().check(main);
    }

    @Test
    void coreNeverUsesTheAppOrJavaFx() {
        noClasses()
                .that()
                .resideInAPackage("dev.vitrine.core..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("dev.vitrine.app..", "javafx..")
                .check(main);
    }

    @Test
    void noFormatIsUsedOutsideItsOwnPackage() {
        for (String f : FORMATS) {
            String pkg = "dev.vitrine.core.format." + f + "..";
            noClasses()
                    .that()
                    .resideOutsideOfPackage(pkg)
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage(pkg)
                    .check(main);
        }
    }

    @Test
    void theWindowsViewsFindFormatsOnlyByCapability() {
        // a view that asked an archive for its format's id or name would be choosing by format
        noClasses()
                .that()
                .resideInAPackage("dev.vitrine.app.ui..")
                .should()
                .callMethod(dev.vitrine.core.format.ArchiveFormat.class, "id")
                .check(main);
    }

    /**
     * The command line builds its picocli models in code (see app/cli/Specs): reading picocli's
     * annotations cost every command 35-40 ms at start-up. Only picocli's own help command has them.
     */
    @Test
    void theCommandLineReadsNoPicocliAnnotations() {
        noClasses()
                .that()
                .resideInAPackage("dev.vitrine.app..")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("picocli.CommandLine$Command")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("picocli.CommandLine$Option")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("picocli.CommandLine$Parameters")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("picocli.CommandLine$Mixin")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("picocli.CommandLine$ArgGroup")
                .orShould()
                .dependOnClassesThat()
                .haveFullyQualifiedName("picocli.CommandLine$Spec")
                .because("picocli's annotations are read by reflection at every start")
                .check(main);
    }
}
