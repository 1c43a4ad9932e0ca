package io.github.elevator;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import io.github.elevator.helper.ElevatorHelper;
import io.github.elevator.helper.ElevatorRulesHelper;
import io.github.elevator.protocol.HelperProtocol;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the root helper's code may use, read from the compiled classes of its module and of the
 * protocol module (wherever the build put them: a jar or a classes folder): each other, JNA and
 * the JDK's java.* packages, nothing else (no Gson, JavaFX, picocli, nor any class of the app).
 */
class HelperModuleTest {

    @Test
    void theHelperAndTheProtocolUseEachOtherJnaAndJavaAlone() throws Exception {
        URL helper = ElevatorHelper.class.getProtectionDomain().getCodeSource().getLocation();
        URL protocol = HelperProtocol.class.getProtectionDomain().getCodeSource().getLocation();
        Set<String> outside = new TreeSet<>();
        int classes = 0;
        for (JavaClass c : new ClassFileImporter().importLocations(Set.of(Location.of(helper), Location.of(protocol)))) {
            classes++;
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = d.getTargetClass().getBaseComponentType();
                String name = target.getName();
                if (target.isPrimitive() || name.startsWith("java.") || name.startsWith("com.sun.jna.")) continue;
                URL from = Class.forName(name, false, getClass().getClassLoader()).getProtectionDomain().getCodeSource().getLocation();
                if (!from.equals(helper) && !from.equals(protocol)) outside.add(c.getName() + " -> " + name + " (" + from + ")");
            }
        }
        assertFalse(classes < 20, "read the helper's and the protocol's classes (" + classes + ")");
        assertEquals(Set.of(), outside);
    }

    /** Each module has one package of its own, so a name says where its class lives and who can run it. */
    @Test
    void eachModuleHasOnePackageOfItsOwn() {
        URL helper = ElevatorHelper.class.getProtectionDomain().getCodeSource().getLocation();
        URL protocol = HelperProtocol.class.getProtectionDomain().getCodeSource().getLocation();
        URL app = Launcher.class.getProtectionDomain().getCodeSource().getLocation();
        assertEquals(Set.of("io.github.elevator.helper"), packages(helper));
        assertEquals(Set.of("io.github.elevator.protocol"), packages(protocol));
        Set<String> shared = new TreeSet<>(packages(app));
        shared.retainAll(Set.of("io.github.elevator.helper", "io.github.elevator.protocol"));
        assertEquals(Set.of(), shared, "the app's packages beside the helper's and the protocol's");
    }

    private static Set<String> packages(URL location) {
        return StreamSupport.stream(new ClassFileImporter().importLocations(Set.of(Location.of(location))).spliterator(), false)
                .map(JavaClass::getPackageName).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * The two root programs hold none of each other's code: nothing reachable from the rules program's
     * entry point switches, tunes, holds or opens a device, and nothing reachable from the device
     * program's writes the rules file (class-level reachability, as root-lines.sh counts it).
     */
    @Test
    void eachRootProgramReachesNoneOfTheOthersCode() {
        URL helper = ElevatorHelper.class.getProtectionDomain().getCodeSource().getLocation();
        URL protocol = HelperProtocol.class.getProtectionDomain().getCodeSource().getLocation();
        Map<String, JavaClass> classes = StreamSupport.stream(new ClassFileImporter()
                .importLocations(Set.of(Location.of(helper), Location.of(protocol))).spliterator(), false)
                .collect(Collectors.toMap(JavaClass::getName, c -> c));
        Set<String> rules = reachable(classes, ElevatorRulesHelper.class.getName());
        Set<String> devices = reachable(classes, ElevatorHelper.class.getName());
        for (String deviceCode : List.of("helper.DeviceState", "helper.DeviceHolds", "helper.BenchmarkSession", "helper.CommandInput",
                "protocol.DescriptorPassing")) {
            assertTrue(devices.contains("io.github.elevator." + deviceCode), deviceCode);
            assertFalse(rules.contains("io.github.elevator." + deviceCode), deviceCode + " is reachable from the rules program");
        }
        for (String rulesCode : List.of("io.github.elevator.helper.ElevatorRulesHelper", "io.github.elevator.helper.RulesFileWriter",
                "io.github.elevator.protocol.RulesRenderer")) {
            assertTrue(rules.contains(rulesCode), rulesCode);
            assertFalse(devices.contains(rulesCode), rulesCode + " is reachable from the device program");
        }
    }

    /** Top-level names of the classes reachable from {@code entry} through their dependencies, inner classes folded in. */
    private static Set<String> reachable(Map<String, JavaClass> classes, String entry) {
        Set<String> seen = new TreeSet<>();
        Deque<JavaClass> queue = new ArrayDeque<>(List.of(classes.get(entry)));
        while (!queue.isEmpty()) {
            JavaClass c = queue.pop();
            if (!seen.add(c.getName())) continue;
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = classes.get(d.getTargetClass().getBaseComponentType().getName());
                if (target != null && !seen.contains(target.getName())) queue.push(target);
            }
        }
        return seen.stream().map(n -> n.split("\\$")[0]).collect(Collectors.toCollection(TreeSet::new));
    }
}
