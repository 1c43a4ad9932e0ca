package io.github.elevator;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The layer rules of the design, as tests. */
class ArchitectureTest {
    /** Imported once for every rule here (a field of the instance was one import per test), main classes only. */
    private static final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.github.elevator");

    /**
     * ui and cli on top, then the app services, then privilege (the helper's client), then the
     * helper (the root side), then the domain (device, bench, rules), with text below everything;
     * protocol, what the app and root share, lies below all of them in a module of its own.
     * The launcher picks the window or the command line and sits outside the layers.
     */
    @Test
    void theLayersOfTheDesign() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("ui").definedBy("io.github.elevator.ui..")
                .layer("cli").definedBy("io.github.elevator.cli..")
                .layer("app").definedBy("io.github.elevator.app..")
                .layer("privilege").definedBy("io.github.elevator.privilege..")
                .layer("helper").definedBy("io.github.elevator.helper..")
                .layer("domain").definedBy("io.github.elevator.device..", "io.github.elevator.bench..", "io.github.elevator.rules..")
                .layer("text").definedBy("io.github.elevator.text..")
                .layer("protocol").definedBy("io.github.elevator.protocol..")
                .whereLayer("ui").mayNotBeAccessedByAnyLayer()
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("app").mayOnlyBeAccessedByLayers("ui", "cli")
                .whereLayer("privilege").mayOnlyBeAccessedByLayers("app", "ui", "cli")
                .whereLayer("helper").mayOnlyBeAccessedByLayers("privilege", "app", "ui", "cli")
                .whereLayer("domain").mayOnlyBeAccessedByLayers("helper", "privilege", "app", "ui", "cli")
                .whereLayer("protocol").mayOnlyBeAccessedByLayers("helper", "domain", "privilege", "app", "ui", "cli", "text")
                .check(classes);
    }

    /**
     * No package depends, through any path, on one that depends back on it: every package can be
     * read, tested and moved from the ones below it alone (slices are the packages under the base).
     */
    @Test
    void packagesAreFreeOfCycles() {
        slices().matching("io.github.elevator.(**)").should().beFreeOfCycles()
                .check(classes);
    }

    @Test
    void onlyTheWindowUsesJavaFx() {
        noClasses().that().resideInAnyPackage(
                        "io.github.elevator.device..", "io.github.elevator.bench..", "io.github.elevator.rules..",
                        "io.github.elevator.privilege..", "io.github.elevator.helper..", "io.github.elevator.cli..",
                        "io.github.elevator.app..", "io.github.elevator.text..", "io.github.elevator.protocol..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.jfree.chart.fx..")
                .check(classes);
    }

    /** The job loop knows the device only through its seam: never the helper's client, the services or what shows them. */
    @Test
    void theSweepKnowsNothingAboveTheDomain() {
        noClasses().that().resideInAPackage("io.github.elevator.bench.sweep..")
                .should().dependOnClassesThat().resideInAnyPackage("io.github.elevator.privilege..", "io.github.elevator.app..",
                        "io.github.elevator.ui..", "io.github.elevator.cli..")
                .check(classes);
    }

    /**
     * A report is numbers and names: the statistics and the report make no sentence (they would be in
     * the language of the run), and only the wording, which makes them when they are shown, reads the
     * texts; nothing of the statistics knows the wording.
     */
    @Test
    void theReportMakesNoSentence() {
        noClasses().that().resideInAPackage("io.github.elevator.bench.design..").or().haveFullyQualifiedName("io.github.elevator.bench.report.BenchmarkReport")
                .should().dependOnClassesThat().haveFullyQualifiedName("io.github.elevator.text.Messages")
                .orShould().dependOnClassesThat().resideInAPackage("io.github.elevator.bench.wording..")
                .check(classes);
    }

    @Test
    void theHelperUsesNoCommandLineOrWindowLibrary() {
        noClasses().that().resideInAnyPackage("io.github.elevator.helper..", "io.github.elevator.protocol..")
                .should().dependOnClassesThat().resideInAnyPackage("picocli..", "javafx..", "org.jfree..")
                .check(classes);
    }

    /** Only view-models and controllers reach the helper's client; the views and plain models never do. */
    @Test
    void viewsReachLogicOnlyThroughViewModelsAndControllers() {
        noClasses().that().resideInAPackage("io.github.elevator.ui..")
                .and().haveSimpleNameNotEndingWith("ViewModel")
                .and().haveSimpleNameNotEndingWith("Controller")
                .and().doNotHaveSimpleName("ElevatorApp")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "io.github.elevator.privilege..", "io.github.elevator.helper..", "io.github.elevator.cli..")
                .check(classes);
    }

    /**
     * What is drawn starts no work: nothing on screen, and no plain model, holds the background
     * runner or an app service; a view hands clicks to its view-model or controller.
     */
    @Test
    void viewsAndPlainModelsStartNoWork() {
        noClasses().that().resideInAPackage("io.github.elevator.ui..")
                .and().areAssignableTo("javafx.scene.Node").or().haveSimpleNameEndingWith("Model")
                .and().haveSimpleNameNotEndingWith("ViewModel")
                .should().dependOnClassesThat().haveSimpleNameEndingWith("Service")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("io.github.elevator.app.TaskRunner")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("io.github.elevator.app.ReportFiles")
                .check(classes);
    }
}
