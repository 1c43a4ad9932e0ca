package io.github.elevator.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When TuneD sets the disks' schedulers here, decided from its files as its daemon decides at start. */
class TunedMachineTest {
    @Test
    void noTuneDIsNotActive(@TempDir Path root) {
        TunedMachine tuned = TunedMachine.read(root);
        assertFalse(tuned.tunedActive());
        assertEquals(List.of(), tuned.applied());
    }

    @Test
    void aChosenProfileIsActiveOnlyWhileTheDaemonRunsOrWhenItStartsAtBoot(@TempDir Path root) throws IOException {
        write(root, "etc/tuned/active_profile", "virtual-guest ../evil\n");
        write(root, "etc/tuned/profile_mode", "manual\n");
        assertFalse(TunedMachine.read(root).tunedActive(), "installed, a profile chosen, but stopped and not enabled: TuneD sets nothing");
        assertEquals(List.of("virtual-guest"), TunedMachine.read(root).active(), "a name TuneD would refuse is left out");

        write(root, "run/tuned/tuned.pid", "4242\n");
        assertFalse(TunedMachine.read(root).tunedActive(), "a stale pid file: no such process");
        Files.createDirectories(root.resolve("proc/4242"));
        assertTrue(TunedMachine.read(root).tunedActive(), "the daemon runs");
    }

    @Test
    void enabledAtBootCountsWhereItsInitStartsIt(@TempDir Path root) throws IOException {
        write(root, "etc/tuned/active_profile", "throughput-performance\n");
        Files.createDirectories(root.resolve("etc/systemd/system/multi-user.target.wants"));
        Files.createSymbolicLink(root.resolve("etc/systemd/system/multi-user.target.wants/tuned.service"), Path.of("/lib/systemd/system/tuned.service"));
        assertFalse(TunedMachine.read(root).tunedActive(), "systemd's link, but systemd is not init here: nothing starts TuneD");
        Files.createDirectories(root.resolve("run/systemd/system"));
        assertTrue(TunedMachine.read(root).tunedActive(), "enabled, and systemd is init");
    }

    @Test
    void sysVAndOpenRcStartLinksCountToo(@TempDir Path root) throws IOException {
        write(root, "etc/tuned/active_profile", "balanced\n");
        write(root, "etc/rc2.d/S01tuned", "");
        assertTrue(TunedMachine.read(root).tunedActive());
        Files.delete(root.resolve("etc/rc2.d/S01tuned"));
        write(root, "etc/runlevels/default/tuned", "");
        assertTrue(TunedMachine.read(root).tunedActive());
    }

    @Test
    void withNoProfileNamedTuneDRunsTheOneItRecommendsUnlessSetToManual(@TempDir Path root) throws IOException {
        write(root, "etc/tuned/active_profile", "");
        write(root, "etc/tuned/profile_mode", "");
        write(root, "etc/rc3.d/S02tuned", "");
        assertTrue(TunedMachine.read(root).recommended(), "as Debian installs it: no profile, no mode");
        assertTrue(TunedMachine.read(root).tunedActive());
        assertEquals(List.of(), TunedMachine.read(root).applied());
        write(root, "etc/tuned/profile_mode", "manual\n");
        assertFalse(TunedMachine.read(root).tunedActive(), "tuned-adm off: manual, and no profile");
        write(root, "etc/tuned/post_loaded_profile", "elevator\n");
        assertTrue(TunedMachine.read(root).tunedActive(), "a post-loaded profile is applied on its own");
        assertEquals(List.of("elevator"), TunedMachine.read(root).applied());
        write(root, "etc/tuned/active_profile", "desktop\n");
        write(root, "etc/tuned/profile_mode", "auto\n");
        assertTrue(TunedMachine.read(root).recommended(), "auto: the recommended one, whatever active_profile says");
        assertEquals(List.of("desktop", "elevator"), TunedMachine.read(root).applied());
    }

    private static void write(Path root, String file, String text) throws IOException {
        Files.createDirectories(root.resolve(file).getParent());
        Files.writeString(root.resolve(file), text);
    }
}
