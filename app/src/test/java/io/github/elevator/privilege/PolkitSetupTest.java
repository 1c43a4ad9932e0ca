package io.github.elevator.privilege;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PolkitSetupTest {
    private static final Optional<String> AGENT = Optional.of("polkit-gnome-authentication-agent-1");

    private static String message(boolean pkexec, boolean helper, boolean policy, Optional<String> agent) {
        return PolkitSetup.message(new PolkitSetup.Facts(false, pkexec, helper, policy, agent));
    }

    @Test
    void installedWithAnAgentJustSaysHowToSwitch() {
        assertEquals("Choose a scheduler from a device's dropdown; you will be asked to authenticate.",
                message(true, true, true, AGENT));
    }

    @Test
    void fromABuildItSaysEachChangeGoesThroughTheGenericActionAndWhy() {
        String m = message(true, false, true, AGENT);
        assertTrue(m.contains("helper is not installed at /usr/libexec/elevator/elevator-helper"), m);
        assertTrue(m.contains("polkit recognises Elevator's own actions only by that path"), m);
        assertTrue(m.contains("pkexec's generic action, every time"), m);
        assertFalse(m.contains("agent"), m);
    }

    @Test
    void withoutThePolicyItSaysSoToo() {
        String m = message(true, true, false, AGENT);
        assertTrue(m.contains("polkit policy is not installed (/usr/share/polkit-1/actions/io.github.elevator.policy)"), m);
        assertTrue(m.contains("pkexec's generic action"), m);
    }

    @Test
    void withoutAnAgentItSaysSoAndWhatToStart() {
        String installed = message(true, true, true, Optional.empty());
        assertTrue(installed.startsWith("No polkit authentication agent seems to be running"), installed);
        assertTrue(installed.contains("polkit-gnome-authentication-agent-1 &"), installed);
        assertTrue(installed.contains("lxpolkit &"), installed);
        String fromBuild = message(true, false, true, Optional.empty());
        assertTrue(fromBuild.contains("generic action") && fromBuild.contains("No polkit authentication agent"), fromBuild);
    }

    @Test
    void withoutPkexecNothingCanBeChanged() {
        String m = message(false, true, true, AGENT);
        assertTrue(m.startsWith("pkexec is not installed"), m);
    }

    @Test
    void asRootChangesAreDirect() {
        String m = PolkitSetup.message(new PolkitSetup.Facts(true, false, false, false, Optional.empty()));
        assertTrue(m.startsWith("Running as root"), m);
    }

    @Test
    void pkexecIsLookedForOnThePath(@TempDir Path dir) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        assertFalse(PolkitSetup.onPath("pkexec", bin.toString()));
        Path pkexec = Files.writeString(bin.resolve("pkexec"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(pkexec, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertTrue(PolkitSetup.onPath("pkexec", "/nonexistent:" + bin));
    }
}
