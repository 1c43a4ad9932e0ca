package io.github.elevator;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The layer rules of the design, as tests. */
class ArchitectureTest {
    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.github.elevator");

    @Test
    void domainPackagesNeverImportJavaFx() {
        noClasses().that().resideInAnyPackage(
                        "io.github.elevator.device..", "io.github.elevator.bench..", "io.github.elevator.privilege..", "io.github.elevator.helper..",
                        "io.github.elevator.cli..", "io.github.elevator.app..", "io.github.elevator.rules..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.kordamp..", "org.jfree.chart.fx..")
                .check(classes);
    }

    @Test
    void theHelperDependsOnNothingAboveIt() {
        noClasses().that().resideInAPackage("io.github.elevator.helper..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "io.github.elevator.privilege..", "io.github.elevator.app..", "io.github.elevator.cli..",
                        "io.github.elevator.ui..", "picocli..")
                .check(classes);
    }

    @Test
    void onlyTheLauncherAndTheWindowSeeTheUi() {
        noClasses().that().resideOutsideOfPackages("io.github.elevator.ui..")
                .and().doNotHaveFullyQualifiedName("io.github.elevator.Launcher")
                .should().dependOnClassesThat().resideInAPackage("io.github.elevator.ui..")
                .check(classes);
    }

    @Test
    void viewsReachLogicOnlyThroughViewModels() {
        noClasses().that().resideInAPackage("io.github.elevator.ui..")
                .and().haveSimpleNameNotEndingWith("ViewModel")
                .and().doNotHaveSimpleName("ElevatorApp")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "io.github.elevator.privilege..", "io.github.elevator.helper..", "io.github.elevator.cli..")
                .check(classes);
    }
}
