package io.github.elevator.privilege;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.PolkitHarness;
import io.github.elevator.testing.PolkitHarness.Result;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole privilege path for real: an unprivileged user runs {@code elevator set}, which runs
 * {@code pkexec} on the installed helper path, which asks a real polkitd over a real system bus
 * ({@link PolkitHarness}: YES for one test user, NO for the other). Only a loop device attached here
 * is ever switched.
 *
 * <p>With {@code -Delevator.e2e.installed=true} it tests the installed package instead: the
 * package's own policy and helper at its real path, and {@code /usr/bin/elevator} as a user runs it
 * ({@code src/test/scripts/deb-e2e.sh} does this after {@code apt-get install}).
 */
class PkexecEndToEndIT {
    private static final String PKEXEC = PolkitHarness.PKEXEC;
    private static final String HELPER = PolkitHarness.HELPER;
    private static final String ALLOWED = PolkitHarness.ALLOWED;
    private static final String DENIED = PolkitHarness.DENIED;
    private static final boolean INSTALLED = PolkitHarness.INSTALLED;

    @RegisterExtension
    static final PolkitHarness.PerClass POLKIT = new PolkitHarness.PerClass();
    private LoopDevice loop;

    @BeforeEach
    void attachLoopDevice() throws IOException {
        loop = LoopDevice.attach(64);
        String offered = Files.readString(loop.sysfsScheduler(), StandardCharsets.US_ASCII);
        Require.that(offered.contains("kyber") && offered.contains("mq-deadline"),
                loop.name() + " offers only " + offered.strip() + "; the test needs mq-deadline and kyber (not every kernel builds bfq)");
        loop.set("mq-deadline");
    }

    @AfterEach
    void detachLoopDevice() throws IOException {
        if (loop != null) loop.close();
        loop = null;
    }

    @Test
    void allowedUserSwitchesTheSchedulerThroughPkexec() throws IOException {
        Result r = elevatorSet(ALLOWED, "kyber");

        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("[kyber]"), r::toString);
        String after = schedulerLine();
        assertTrue(after.contains("[kyber]"), () -> "sysfs says " + after + "\n" + r);
    }

    @Test
    void deniedUserIsToldSoAndNothingChanges() throws IOException {
        String before = schedulerLine();

        Result r = elevatorSet(DENIED, "kyber");

        assertEquals(1, r.code(), r::toString);
        assertTrue(r.err().contains("Not authorized"), r::toString);
        assertEquals(before, schedulerLine(), r::toString);
    }

    @Test
    void helperRefusesAHostileDeviceNameAndChangesNothing() throws IOException {
        Map<String, String> before = allSchedulers();

        Result r = PolkitHarness.asUser(ALLOWED, PKEXEC, "--disable-internal-agent", HELPER, "set-scheduler", "../vda", "kyber");

        assertEquals(HelperExit.NO_SUCH_DEVICE.code(), r.code(), r::toString);
        assertEquals(before, allSchedulers(), r::toString);
    }

    /**
     * A benchmark through pkexec: the raw reads run in the user's own JVM while the helper switches.
     * Root hands no loop device over to a user (its driver's ioctls check no open mode), so the app
     * reads it through the user's own access; a user without it is told so before pkexec is started,
     * and nothing changes.
     */
    @Test
    void anAllowedUserBenchmarksADeviceTheyMayReadAndIsToldWhyNotOneTheyMayNot() throws IOException {
        Result refused = PolkitHarness.asUser(ALLOWED, "env", "ELEVATOR_HELPER=" + HELPER, elevatorCommand(), "bench", loop.name(),
                "--workload", "rand-read", "--schedulers", "none,kyber", "--budget", "10");
        assertTrue(refused.code() != 0 && refused.err().contains("You cannot read /dev/" + loop.name() + " yourself"), refused::toString);
        assertEquals("mq-deadline", loop.active(), refused::toString);
        loop.giveTo(ALLOWED);

        Result bench = PolkitHarness.asUser(ALLOWED, "env", "ELEVATOR_HELPER=" + HELPER, "XDG_DATA_HOME=/tmp/elevator-e2e-" + loop.name() + "-data",
                elevatorCommand(), "bench", loop.name(), "--workload", "rand-read", "--schedulers", "none,kyber", "--budget", "10", "--json");
        try {
            assertEquals(0, bench.code(), bench::toString);
            assertTrue(bench.out().matches("(?s).*\"rand-read\":\\s*\"psync\".*"), bench::toString);
            java.util.regex.Matcher iops = java.util.regex.Pattern.compile("\"iops\":\\s*([0-9.]+)").matcher(bench.out());
            assertTrue(iops.find() && Double.parseDouble(iops.group(1)) > 0, () -> "raw reads measured\n" + bench);
            assertEquals("mq-deadline", loop.active(), bench::toString);
        } finally {
            PolkitHarness.deleteTree(Path.of("/tmp/elevator-e2e-" + loop.name() + "-data"));
        }
    }

    /**
     * The audit's attack, for real: a user's own filesystem (as a desktop mounts a USB stick), an
     * attacker running as that user who keeps swapping the benchmark's folders and files for links
     * into a root-only folder while write workloads run. The write workloads run with the user's
     * rights, so nothing of root's is reached: no file there changes, none appears or goes, no
     * root-owned file is made on the stick, and the device ends on its original scheduler.
     */
    @Test
    void aUserSwappingTheBenchmarkFolderForLinksReachesNothingOfRoots() throws Exception {
        Path target = Files.createTempDirectory(Path.of("/var/tmp"), "elevator-root-only-");
        Path mnt = Files.createTempDirectory(Path.of("/tmp"), "elevator-stick-");
        Path attacker = Files.createTempFile(Path.of("/tmp"), "elevator-attacker-", ".sh");
        Process attack = null;
        try (LoopDevice stick = LoopDevice.attach(256)) {
            Files.setPosixFilePermissions(target, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
            Path secret = target.resolve("secret");
            Files.writeString(secret, "9 bytes!\n");
            Map<String, String> rootsBefore = listing(target);
            LoopDevice.run("mkfs.ext4", "-q", "-F", "/dev/" + stick.name());
            stick.giveTo(ALLOWED);
            LoopDevice.run("mount", "/dev/" + stick.name(), mnt.toString());
            LoopDevice.run("chown", ALLOWED + ":", mnt.toString());
            Files.setPosixFilePermissions(mnt, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            stick.set("mq-deadline");
            Files.writeString(attacker, """
                    #!/bin/bash
                    # every few milliseconds: the benchmark's folder, its sub-folders and files become links to root's folder
                    end=$((SECONDS + 40))
                    while ((SECONDS < end)); do
                        for d in "$1"/.elevator-bench-*; do
                            [[ -d $d && ! -L $d ]] || continue
                            for f in "$d"/stream.bin "$d"/small-files/d*; do
                                [[ -e $f && ! -L $f ]] && mv -f "$f" "$f.moved" 2>/dev/null && ln -sfn "$2" "$f" 2>/dev/null
                                [[ $f == *stream.bin && ! -e $f ]] && ln -sfn "$2/secret" "$f" 2>/dev/null
                            done
                            mv "$d" "$d.moved" 2>/dev/null && ln -sfn "$2" "$d" 2>/dev/null
                        done
                        sleep 0.005
                    done
                    """);
            Files.setPosixFilePermissions(attacker, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            attack = new ProcessBuilder("runuser", "-u", ALLOWED, "--", "bash", attacker.toString(), mnt.toString(), target.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();

            Result bench = PolkitHarness.asUser(ALLOWED, "env", "ELEVATOR_HELPER=" + HELPER, "XDG_DATA_HOME=/tmp/" + mnt.getFileName() + "-data",
                    elevatorCommand(), "bench", stick.name(), "--workload", "small-files", "--workload", "read-under-write",
                    "--schedulers", "none,kyber", "--budget", "20");

            System.out.println("attack scenario, the benchmark said:\n" + bench);
            attack.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            PolkitHarness.run("pkill", "-KILL", "-u", ALLOWED); // the attacker's shell under runuser, before the stick is looked at
            for (int i = 0; i < 50 && PolkitHarness.run("pgrep", "-u", ALLOWED).code() == 0; i++) Thread.sleep(100); // gone, not just signalled
            assertEquals("mq-deadline", stick.active(), () -> "the original scheduler is back\n" + bench);
            assertEquals(rootsBefore, listing(target), () -> "root's folder is untouched\n" + bench);
            assertEquals("9 bytes!\n", Files.readString(secret));
            try (Stream<Path> all = Files.walk(mnt)) {
                List<String> rootOwned = all.filter(p -> !p.equals(mnt) && !p.startsWith(mnt.resolve("lost+found")))
                        .filter(p -> ownerUid(p) == 0).map(Path::toString).toList();
                assertEquals(List.of(), rootOwned, () -> "nothing on the stick belongs to root\n" + bench);
            }
        } finally {
            if (attack != null) attack.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            PolkitHarness.run("pkill", "-KILL", "-u", ALLOWED); // the attacker's shell under runuser
            PolkitHarness.run("umount", mnt.toString());
            PolkitHarness.deleteTree(mnt);
            PolkitHarness.deleteTree(target);
            Files.deleteIfExists(attacker);
            PolkitHarness.deleteTree(Path.of("/tmp/" + mnt.getFileName() + "-data"));
        }
    }

    private String elevatorCommand() {
        return POLKIT.get().elevator();
    }

    /** Name, size and content hash of every file in a folder (not following links). */
    private static Map<String, String> listing(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                files.put(dir.relativize(p).toString(), Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        ? Integer.toHexString(java.util.Arrays.hashCode(Files.readAllBytes(p))) : "dir");
            }
        }
        return files;
    }

    private static int ownerUid(Path p) {
        try {
            return (Integer) Files.getAttribute(p, "unix:uid", java.nio.file.LinkOption.NOFOLLOW_LINKS);
        } catch (IOException gone) {
            return -1;
        }
    }

    /** Installed: the command on the PATH finds its helper by itself. Built: pointed at the installed wrapper. */
    private Result elevatorSet(String user, String scheduler) throws IOException {
        if (INSTALLED) return PolkitHarness.asUser(user, "/usr/bin/elevator", "set", loop.name(), scheduler);
        return PolkitHarness.asUser(user, "env", "ELEVATOR_HELPER=" + HELPER, POLKIT.get().elevator(),
                "set", loop.name(), scheduler);
    }

    private String schedulerLine() throws IOException {
        return Files.readString(loop.sysfsScheduler(), StandardCharsets.US_ASCII).strip();
    }

    /** Every block device's scheduler line, by device name. */
    private static Map<String, String> allSchedulers() throws IOException {
        Map<String, String> lines = new TreeMap<>();
        try (Stream<Path> devices = Files.list(Path.of("/sys/block"))) {
            for (Path device : (Iterable<Path>) devices::iterator) {
                Path scheduler = device.resolve("queue/scheduler");
                if (Files.isReadable(scheduler)) {
                    lines.put(device.getFileName().toString(), Files.readString(scheduler, StandardCharsets.US_ASCII).strip());
                }
            }
        }
        return lines;
    }
}
