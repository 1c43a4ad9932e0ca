package io.github.elevator;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import io.github.elevator.helper.ElevatorHelper;
import io.github.elevator.helper.protocol.HelperProtocol;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
}
