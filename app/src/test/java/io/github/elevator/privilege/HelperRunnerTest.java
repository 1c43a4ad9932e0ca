package io.github.elevator.privilege;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.testing.Scripts;
import io.github.elevator.text.Messages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HelperRunnerTest {
    @TempDir
    Path dir;

    /** A real executable standing in for the helper, so the process handling is exercised for real. */
    private Path script(String body) throws IOException {
        return Scripts.executable(dir, "helper.sh", body);
    }

    @Test
    void passesArgumentsAsAVectorAndReturnsStdout() throws Exception {
        Path helper = script("for a in \"$@\"; do printf '<%s>' \"$a\"; done");
        String out = new HelperRunner(helper, true).run(List.of("set-scheduler", "a b; rm -rf /", "$(id)"));
        assertEquals("<set-scheduler><a b; rm -rf /><$(id)>", out);
    }

    @Test
    void commandUsesPkexecOnlyWhenNotRoot() {
        Path helper = Path.of("/usr/libexec/elevator/elevator-helper");
        assertEquals(List.of("pkexec", helper.toString(), "set-scheduler", "sdb", "bfq"),
                new HelperRunner(helper, false).command(List.of("set-scheduler", "sdb", "bfq")));
        assertEquals(List.of(helper.toString(), "set-scheduler", "sdb", "bfq"),
                new HelperRunner(helper, true).command(List.of("set-scheduler", "sdb", "bfq")));
    }

    @Test
    void helperExitCodesBecomeTheirMessages() throws Exception {
        Path helper = script("echo 'elevator-helper: loop0 offers none, bfq, not '\"'cfq'\" >&2; exit 68");
        PrivilegeException e = assertThrows(PrivilegeException.class,
                () -> new HelperRunner(helper, true).run(List.of("set-scheduler", "loop0", "cfq")));
        assertEquals(PrivilegeException.Reason.HELPER_FAILED, e.reason());
        assertEquals(HelperExit.UNKNOWN_SCHEDULER, e.helperExit());
        assertEquals("loop0 offers none, bfq, not 'cfq'", e.getMessage(), "a device's name as the kernel spells it, never \"Loop0\"");
    }

    @Test
    void aHelperSentenceStartsWithACapitalUnlessItStartsWithADevice() {
        assertEquals("loop3 is being benchmarked by another Elevator (pid 7)",
                HelperRunner.sentence("loop3 is being benchmarked by another Elevator (pid 7)"));
        assertEquals("nvme0n1: no such scheduler", HelperRunner.sentence("nvme0n1: no such scheduler"));
        assertEquals("sdb is read-only", HelperRunner.sentence("sdb is read-only"));
        assertEquals("Could not put bfq back on loop0", HelperRunner.sentence("could not put bfq back on loop0"));
        assertEquals("Another Elevator holds this device", HelperRunner.sentence("another Elevator holds this device"));
    }

    @Test
    void helperCodeWithoutMessageUsesTheEnumsWords() throws Exception {
        Path helper = script("exit 65");
        PrivilegeException e = assertThrows(PrivilegeException.class, () -> new HelperRunner(helper, true).run(List.of()));
        assertEquals("The helper must run as root", e.getMessage());
    }

    @Test
    void pkexecCodesMeanDismissedAndNotAuthorized() {
        HelperRunner viaPkexec = new HelperRunner(Path.of("/nonexistent"), false);
        PrivilegeException dismissed = viaPkexec.failure(126, "");
        assertEquals(PrivilegeException.Reason.DISMISSED, dismissed.reason());
        assertEquals("Authentication was dismissed; nothing was changed.", dismissed.getMessage());
        PrivilegeException denied = viaPkexec.failure(127,
                "Error executing command as another user: Not authorized\n\nThis incident has been reported.\n");
        assertEquals(PrivilegeException.Reason.NOT_AUTHORIZED, denied.reason());
        assertEquals("Not authorized: polkit refused this change; nothing was changed.", denied.getMessage());
        assertNull(denied.helperExit());
    }

    @Test
    void pkexecWithoutAnAgentSaysSoAndWhatToStart() {
        PrivilegeException e = new HelperRunner(Path.of("/nonexistent"), false)
                .failure(127, "Error executing command as another user: No authentication agent found.\n");
        assertEquals(PrivilegeException.Reason.NO_AGENT, e.reason());
        assertTrue(e.getMessage().startsWith("No polkit authentication agent is running"), e.getMessage());
        assertTrue(e.getMessage().contains("polkit-gnome-authentication-agent-1"), e.getMessage());
        assertTrue(e.getMessage().contains("lxpolkit"), e.getMessage());
        assertTrue(e.getMessage().contains("'elevator set DEVICE SCHEDULER' in a terminal"), e.getMessage());
    }

    @Test
    void pkexecWithoutASystemBusSaysPolkitCannotBeReached() {
        PrivilegeException e = new HelperRunner(Path.of("/nonexistent"), false).failure(127,
                "Error getting authority: Error initializing authority: Could not connect: No such file or directory\n");
        assertEquals(PrivilegeException.Reason.CANNOT_START, e.reason());
        assertTrue(e.getMessage().startsWith("polkit cannot be reached"), e.getMessage());
    }

    @Test
    void anUnexplained127KeepsPkexecsWords() {
        PrivilegeException e = new HelperRunner(Path.of("/nonexistent"), false).failure(127, "something new\n");
        assertEquals(PrivilegeException.Reason.NOT_AUTHORIZED, e.reason());
        assertTrue(e.getMessage().endsWith("(pkexec: something new)"), e.getMessage());
    }

    @Test
    void asRoot127IsTheHelpersOwnCodeNotPkexecs() {
        PrivilegeException e = new HelperRunner(Path.of("/x"), true).failure(127, "No authentication agent found.");
        assertEquals(PrivilegeException.Reason.HELPER_FAILED, e.reason());
    }

    @Test
    void theHelpersEnglishWordsFollowTheMeaningInTheDesktopsLanguage() {
        String said = "the kernel refused bfq for loop3: Invalid argument";
        assertEquals(said, ExitMeanings.told(Messages.of(Locale.ENGLISH), HelperExit.WRITE_FAILED, said));
        assertEquals("der Kernel hat die Änderung abgelehnt (das Hilfsprogramm: " + said + ")",
                ExitMeanings.told(Messages.of(Locale.GERMAN), HelperExit.WRITE_FAILED, said));
        assertEquals("der Kernel hat die Änderung abgelehnt", ExitMeanings.told(Messages.of(Locale.GERMAN), HelperExit.WRITE_FAILED, ""));
    }

    @Test
    void unknownCodesAreReportedWithTheirNumber() {
        PrivilegeException e = new HelperRunner(Path.of("/x"), true).failure(3, "boom");
        assertEquals("The helper failed (exit 3): boom", e.getMessage());
    }

    @Test
    void missingHelperCannotStart() {
        PrivilegeException e = assertThrows(PrivilegeException.class,
                () -> new HelperRunner(dir.resolve("missing"), true).run(List.of("set-scheduler")));
        assertEquals(PrivilegeException.Reason.CANNOT_START, e.reason());
    }

    @Test
    void locatorPrefersTheOverrideThenTheLaunchersOwnThenTheInstalled() throws Exception {
        assertEquals(Path.of("/opt/x/helper"), HelperLocator.locate(Map.of("ELEVATOR_HELPER", "/opt/x/helper"), "/home/a/elevator"));
        Path checkout = dir.resolve("checkout");
        Files.createDirectories(checkout.resolve("bin"));
        Path own = io.github.elevator.testing.Scripts.executable(checkout.resolve("bin"), "elevator-helper", "exit 0");
        assertEquals(own, HelperLocator.locate(Map.of(), checkout.toString()), "a checkout's own helper, even with one installed");
        assertEquals(HelperLocator.installed(), HelperLocator.locate(Map.of(), null), "the package's launcher sets no elevator.home");
        Path without = HelperLocator.locate(Map.of(), "/home/a/elevator");
        assertEquals(Files.isExecutable(HelperLocator.installed()) ? HelperLocator.installed() : Path.of("/home/a/elevator/bin/elevator-helper"),
                without, "a launcher without a helper beside it uses the installed one, where there is one");
    }

    @Test
    void theInstalledHelperIsTheDebsAndRpmsElseTheArchPackages() {
        assertEquals(HelperLocator.INSTALLED, HelperLocator.installed(p -> false), "neither installed: the one the message names");
        assertEquals(HelperLocator.INSTALLED, HelperLocator.installed(p -> true));
        assertEquals(HelperLocator.INSTALLED_ARCH, HelperLocator.installed(HelperLocator.INSTALLED_ARCH::equals));
        assertEquals(HelperLocator.INSTALLED, HelperLocator.installed(HelperLocator.INSTALLED::equals));
        assertTrue(HelperLocator.isInstalledHelper(HelperLocator.INSTALLED_ARCH));
        assertTrue(HelperLocator.isInstalledHelper(HelperLocator.INSTALLED));
        assertFalse(HelperLocator.isInstalledHelper(Path.of("/usr/local/lib/elevator/elevator-helper")));
    }

    @Test
    void aHelperThatIsNotThereIsSaidInWords() {
        for (boolean root : new boolean[] {true, false}) {
            PrivilegeException e = assertThrows(PrivilegeException.class,
                    () -> new HelperRunner(dir.resolve("removed/elevator-helper"), root).run(List.of("write-rules"), "x"));
            assertEquals(PrivilegeException.Reason.CANNOT_START, e.reason());
            assertEquals("Elevator's helper " + dir.resolve("removed/elevator-helper") + " is not there (was Elevator removed or moved?);"
                    + " nothing was changed.", e.getMessage());
        }
    }
}
