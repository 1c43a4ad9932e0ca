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

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The audit's attacks on the root side, each run for real by an unprivileged user through pkexec
 * and a real polkitd ({@link PolkitHarness}), against a loop device attached here: what the caller's
 * umask, limits, ignored signals, terminal and full pipes did to the helper, and the race for the
 * record's temporary file. A benchmark session is driven through socat, which gives the helper a
 * Unix socket as its standard input, as the app does.
 */
class HelperAttacksIT {
    private static final String USER = PolkitHarness.ALLOWED;
    private static final Path RUN = Path.of("/run/elevator");
    private static final Path RULES_DIR = Path.of("/etc/udev/rules.d");
    private static final Path SCRIPTS = Path.of(System.getProperty("basedir", "")).resolve("src/test/scripts").toAbsolutePath();

    @RegisterExtension
    static final PolkitHarness.PerClass POLKIT = new PolkitHarness.PerClass();
    private LoopDevice loop;
    private String third;
    private final List<Process> started = new ArrayList<>();

    @BeforeEach
    void attachLoopDevice() throws IOException {
        Require.command("/usr/bin/socat");
        Require.command("/usr/bin/python3");
        loop = LoopDevice.attach(64);
        // a third scheduler beside mq-deadline and kyber: bfq where the kernel builds it, else none
        third = Files.readString(loop.sysfsScheduler()).contains("bfq") ? "bfq" : "none";
        loop.set("mq-deadline");
        loop.giveTo(USER); // the user reads a loop device through their own access; root hands none over
    }

    @AfterEach
    void endEverything() throws Exception {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (loop != null) loop.close();
        loop = null;
    }

    /**
     * The audit's root code execution: a read-only loop device (a snap's squashfs is one), a user who
     * may not open it, one benchmark granted, and the loop driver's LOOP_CHANGE_FD, LOOP_CLR_FD and
     * LOOP_SET_FD, which check no open mode, tried on whatever comes back. The session runs (the
     * helper holds the device and says it is ready) but nothing comes back: root hands no loop device
     * over to a user. The device still serves its own file, bound as before.
     */
    @Test
    void aLoopDeviceIsNeverHandedOverToAUser() throws Exception {
        try (LoopDevice readOnly = LoopDevice.attachReadOnly(4)) {
            byte[] before = readAsRoot(readOnly);
            Path evil = evilImage(4);
            try {
                Result r = attack(readOnly.name(), evil);
                assertTrue(r.out().matches("(?s).*helper answered: \\{[^\n]*\"type\":\"ready\"}\n.*"), r::toString);
                assertTrue(r.out().contains("descriptors received: 0"), r::toString);
                assertFalse(r.out().contains("succeeded"), r::toString);
                assertEquals(readOnly.backingFile().toString(), backingFile(readOnly.name()), r::toString);
                org.junit.jupiter.api.Assertions.assertArrayEquals(before, readAsRoot(readOnly), "the device serves its own file");
            } finally {
                Files.deleteIfExists(evil);
            }
        }
    }

    /** An unbound loop device is never a target, not even for a user who may open its node: LOOP_SET_FD would bind it to their file. */
    @Test
    void anUnboundLoopDeviceIsNeverHandedOver() throws Exception {
        String free = LoopDevice.run("losetup", "-f").strip().substring("/dev/".length());
        Path evil = evilImage(4);
        LoopDevice.run("chown", USER, "/dev/" + free);
        try {
            Result r = attack(free, evil);
            assertTrue(r.out().contains("helper answered: nothing"), r::toString);
            assertTrue(r.out().contains("descriptors received: 0"), r::toString);
            assertTrue(r.out().contains("helper exit: " + HelperExit.NOT_HANDED_OVER.code()), r::toString);
            assertFalse(Files.exists(Path.of("/sys/block", free, "loop")), () -> free + " is still unbound\n" + r);
        } finally {
            LoopDevice.run("chown", "root:root", "/dev/" + free);
            Files.deleteIfExists(evil);
        }
    }

    /**
     * The kill the audit timed: SIGKILL (as the OOM killer sends it) 0-12 ms after "switch kyber" that
     * follows "switch bfq", 30 times; each time the next helper puts the original back, with its settings.
     */
    @Test
    void aKillAtAnyInstantOfASwitchIsPutBackByTheNextHelper() throws Exception {
        java.util.Random random = new java.util.Random(28);
        Path fifoBatch = Path.of("/sys/block", loop.name(), "queue/iosched/fifo_batch");
        Files.writeString(fifoBatch, "8");
        for (int i = 0; i < 30; i++) {
            Session session = Session.switchedToBfq(this, "", false);
            long pid = holderPid();
            session.send("switch kyber");
            Thread.sleep(random.nextInt(13));
            LoopDevice.run("kill", "-KILL", Long.toString(pid));
            assertTrue(waitUntil(() -> !Files.exists(Path.of("/proc/" + pid)), 10));
            Result next = PolkitHarness.asUser(USER, PolkitHarness.PKEXEC, "--disable-internal-agent", PolkitHarness.HELPER, "restore");
            int round = i;
            assertEquals(0, next.code(), () -> "round " + round + "\n" + next);
            assertEquals("mq-deadline", loop.active(), () -> "round " + round + "\n" + next);
            assertEquals("8", Files.readString(fifoBatch).strip(), () -> "round " + round + "\n" + next);
            assertFalse(Files.exists(RUN.resolve(loop.name() + ".json")), () -> "round " + round + "\n" + next);
            session.exit(10);
        }
    }

    /**
     * A cgroup delegated to the user (as systemd's Delegate=yes gives every session): the session's
     * caller runs in it, the user freezes it and then kills everything in it. The helper left that
     * cgroup before it took the lock, so it is neither frozen nor killed: it sees its caller die, puts
     * the original back and lets go of the device.
     */
    @Test
    void aCgroupTheUserOwnsCanNeitherFreezeNorKillTheHelper() throws Exception {
        Path unified = Path.of("/sys/fs/cgroup/unified");
        if (!Files.exists(unified.resolve("cgroup.procs"))) unified = Path.of("/sys/fs/cgroup");
        Require.that(Files.exists(unified.resolve("cgroup.procs")) && Files.readString(Path.of("/proc/mounts")).contains(" " + unified + " cgroup2 "),
                "needs a cgroup2 hierarchy");
        Path delegated = Files.createDirectory(unified.resolve("elevator-test-" + ProcessHandle.current().pid()));
        try {
            LoopDevice.run("chown", "-R", USER, delegated.toString());
            Session session = Session.start(this, "sleep 1; ", false);
            Thread.sleep(300);
            for (ProcessHandle p : java.util.stream.Stream.concat(java.util.stream.Stream.of(session.process.toHandle()),
                    session.process.descendants()).toList()) {
                Files.writeString(delegated.resolve("cgroup.procs"), Long.toString(p.pid()));
            }
            session.awaitType("ready", 60);
            session.send("switch " + third);
            session.awaitType("switched", 30);
            long pid = holderPid();
            assertFalse(Files.readString(Path.of("/proc/" + pid + "/cgroup")).contains(delegated.getFileName().toString()),
                    "the helper left the user's cgroup");
            Result freeze = PolkitHarness.asUser(USER, "sh", "-c", "echo 1 > " + delegated.resolve("cgroup.freeze"));
            assertEquals(0, freeze.code(), freeze::toString);
            Thread.sleep(1000);
            assertNotEquals('T', state(pid));
            assertEquals(third, loop.active());
            Result kill = PolkitHarness.asUser(USER, "sh", "-c", "echo 1 > " + delegated.resolve("cgroup.kill"));
            assertEquals(0, kill.code(), kill::toString);
            assertTrue(waitUntil(() -> !Files.exists(Path.of("/proc/" + pid)), 20), "the helper ended when its caller died");
            assertEquals("mq-deadline", loop.active());
            Result next = PolkitHarness.asUser(USER, PolkitHarness.PKEXEC, "--disable-internal-agent", PolkitHarness.HELPER,
                    "set-scheduler", loop.name(), "none");
            assertEquals(0, next.code(), () -> "the next caller got the device\n" + next);
        } finally {
            LoopDevice.run("sh", "-c", "echo 1 > " + delegated.resolve("cgroup.kill") + " 2>/dev/null; sleep 1; rmdir " + delegated + " || true");
        }
    }

    /** A variant with settings beyond a variant's range is tune's: set-scheduler refuses it, with the cached authorization as with any. */
    @Test
    void aVariantWithExtremeSettingsIsRefusedBySetScheduler() throws Exception {
        for (String variant : new String[] {"kyber read_lat_nsec=10000000000 write_lat_nsec=10000000000",
                third.equals("bfq") ? "bfq slice_idle=1000 timeout_sync=60000 back_seek_penalty=1024" : "mq-deadline read_expire=60000 fifo_batch=1024"}) {
            Result r = PolkitHarness.asUser(USER, PolkitHarness.PKEXEC, "--disable-internal-agent", PolkitHarness.HELPER,
                    "set-scheduler", loop.name(), variant);
            assertEquals(HelperExit.UNKNOWN_SCHEDULER.code(), r.code(), r::toString);
            assertTrue(r.err().contains("tune sets the rest"), r::toString);
            assertEquals("mq-deadline", loop.active(), r::toString);
        }
    }

    /** A symbolic link for /etc/udev/rules.d (only root can make one) is refused: the rules file is never written at its target. */
    @Test
    void aSymlinkedRulesFolderIsRefused() throws Exception {
        Path saved = RULES_DIR.resolveSibling("rules.d.elevator-test");
        Path target = Files.createTempDirectory(Path.of("/var/tmp"), "elevator-rules-target-");
        boolean had = Files.exists(RULES_DIR, LinkOption.NOFOLLOW_LINKS);
        if (had) Files.move(RULES_DIR, saved);
        try {
            Files.createSymbolicLink(RULES_DIR, target);
            Result r = PolkitHarness.asUser(USER, 60, "sh", "-c", "printf 'elevator-rules 1\nrule loop bfq\nend\n' | "
                    + PolkitHarness.PKEXEC + " --disable-internal-agent " + PolkitHarness.RULES_HELPER + " write-rules");
            assertEquals(HelperExit.RULES_WRITE_FAILED.code(), r.code(), r::toString);
            assertTrue(r.err().contains("is a symbolic link"), r::toString);
            try (var listing = Files.list(target)) {
                assertEquals(0, listing.count(), "nothing was written at the link's target");
            }
        } finally {
            Files.deleteIfExists(RULES_DIR);
            if (had) Files.move(saved, RULES_DIR);
            PolkitHarness.deleteTree(target);
        }
    }

    private Result attack(String device, Path evil) throws IOException {
        return PolkitHarness.asUser(USER, 120, "python3", "-u", SCRIPTS.resolve("descriptor-attack.py").toString(), PolkitHarness.PKEXEC,
                PolkitHarness.HELPER, device, evil.toString());
    }

    /** A file of the user's own, the size of the device: what the attack swaps in. */
    private static Path evilImage(int mebibytes) throws IOException {
        Path evil = Files.createTempFile(Path.of("/tmp"), "elevator-evil-", ".img");
        Files.write(evil, new byte[mebibytes << 20]);
        LoopDevice.run("chown", USER, evil.toString());
        return evil;
    }

    private static byte[] readAsRoot(LoopDevice device) throws IOException {
        try (var in = Files.newInputStream(Path.of("/dev", device.name()))) {
            return in.readNBytes(1 << 16);
        }
    }

    private static String backingFile(String device) throws IOException {
        return Files.readString(Path.of("/sys/block", device, "loop/backing_file")).strip();
    }

    /**
     * Each verb is authorized under its own program's path alone: the rules program asked to switch a
     * device, or the device program asked to write the rules, matches none of Elevator's actions, so
     * polkit's general pkexec action applies: it wants the administrator's password, the test's rule
     * that lets this user through names Elevator's actions alone, and with no agent to ask, pkexec
     * refuses and nothing runs as root.
     */
    @Test
    void aVerbUnderTheOtherProgramsPathIsNotAuthorizedAndChangesNothing() throws Exception {
        Path file = RULES_DIR.resolve("60-elevator.rules");
        String before = Files.exists(file, LinkOption.NOFOLLOW_LINKS) ? Files.readString(file) : null;
        Result set = PolkitHarness.asUser(USER, PolkitHarness.PKEXEC, "--disable-internal-agent", PolkitHarness.RULES_HELPER,
                "set-scheduler", loop.name(), "kyber");
        Result rules = PolkitHarness.asUser(USER, "bash", "-c", "printf 'elevator-rules 1\\nrule loop none\\nend\\n' | "
                + PolkitHarness.PKEXEC + " --disable-internal-agent " + PolkitHarness.HELPER + " write-rules");

        assertEquals(127, set.code(), set::toString);
        assertTrue(set.err().contains("No authentication agent found"), set::toString);
        assertEquals(127, rules.code(), rules::toString);
        assertTrue(rules.err().contains("No authentication agent found"), rules::toString);
        assertEquals("mq-deadline", loop.active());
        assertEquals(before, Files.exists(file, LinkOption.NOFOLLOW_LINKS) ? Files.readString(file) : null);
    }

    /**
     * The launcher picks the program by the path it was executed by, and pkexec executes the path it
     * matched against the policy: the link's own path before polkit 127 (a path no action names, so
     * polkit's general action asks for the administrator's password), the link's real path from 127
     * on. Either way a user's link named after the other program runs the program whose action was
     * checked, never the other one (which would refuse the verb with its usage, exit 64).
     */
    @Test
    void aLinkNamedAfterTheOtherProgramRunsTheProgramPolkitChecked() throws Exception {
        String links = "d=$(mktemp -d); ln -s " + PolkitHarness.HELPER + " \"$d/elevator-rules-helper\"; ln -s "
                + PolkitHarness.RULES_HELPER + " \"$d/elevator-helper\"; ";
        String pkexec = PolkitHarness.PKEXEC + " --disable-internal-agent ";
        Result r = PolkitHarness.asUser(USER, "bash", "-c", links
                + pkexec + "\"$d/elevator-rules-helper\" set-scheduler " + loop.name() + " kyber; echo \"to the device program: $?\"; "
                + pkexec + "\"$d/elevator-helper\" set-scheduler " + loop.name() + " bfq; echo \"to the rules program: $?\"; "
                + "rm -r \"$d\"");
        Process version = new ProcessBuilder(PolkitHarness.PKEXEC, "--version").redirectErrorStream(true).start();
        String v = new String(version.getInputStream().readAllBytes(), StandardCharsets.UTF_8).replaceAll("[^0-9]", "");
        boolean matchesRealPath = !v.isEmpty() && Integer.parseInt(v) >= 127;

        assertTrue(r.out().contains("to the device program: " + (matchesRealPath ? 0 : 127)), () -> "pkexec " + v + "\n" + r);
        assertTrue(r.out().contains("to the rules program: 127"), r::toString);
        assertEquals(matchesRealPath ? "kyber" : "mq-deadline", loop.active(), r::toString);
    }

    /** The old launcher let umask 000 reach root: a missing rules folder came out drwxrwxrwx. */
    @Test
    void aCallersUmaskNeverReachesRootsFiles() throws Exception {
        Path rulesAside = RULES_DIR.resolveSibling("rules.d.elevator-it-aside");
        Path runAside = RUN.resolveSibling("elevator.elevator-it-aside");
        boolean hadRules = Files.exists(RULES_DIR, LinkOption.NOFOLLOW_LINKS);
        boolean hadRun = Files.exists(RUN, LinkOption.NOFOLLOW_LINKS);
        if (hadRules) Files.move(RULES_DIR, rulesAside);
        if (hadRun) Files.move(RUN, runAside);
        try {
            Result rules = PolkitHarness.asUser(USER, "bash", "-c", "umask 000; printf 'elevator-rules 1\\nrule loop none\\nend\\n' | "
                    + PolkitHarness.PKEXEC + " --disable-internal-agent " + PolkitHarness.RULES_HELPER + " write-rules");
            Result set = PolkitHarness.asUser(USER, "bash", "-c", "umask 000; exec " + PolkitHarness.PKEXEC + " --disable-internal-agent "
                    + PolkitHarness.HELPER + " set-scheduler " + loop.name() + " kyber");

            assertEquals(0, rules.code(), rules::toString);
            assertEquals(0, set.code(), set::toString);
            assertEquals("root 755", ownerAndMode(RULES_DIR), rules::toString);
            assertEquals("root 644", ownerAndMode(RULES_DIR.resolve("60-elevator.rules")), rules::toString);
            assertEquals("root 755", ownerAndMode(RUN), set::toString);
            assertEquals("root 600", ownerAndMode(RUN.resolve(loop.name() + ".lock")), set::toString);
            Result drop = PolkitHarness.asUser(USER, "bash", "-c", "echo 'RUN+=\"/bin/sh -c id\"' > " + RULES_DIR + "/10-mine.rules");
            assertNotEquals(0, drop.code(), () -> "a user could drop a rules file\n" + drop);
            assertTrue(drop.err().contains("Permission denied"), drop::toString);
        } finally {
            PolkitHarness.deleteTree(RULES_DIR);
            if (hadRules) Files.move(rulesAside, RULES_DIR);
            if (hadRun) {
                PolkitHarness.deleteTree(RUN);
                Files.move(runAside, RUN);
            }
        }
    }

    /**
     * The old helper wrote {@code DEV.json.tmp} with the caller's umask and chmod-ed it afterwards:
     * an inotify watcher opened it for writing and forged root's record. Now it is 0600 from its
     * creation: the watcher ({@code src/test/scripts/record-race.py}, as the test user) sees every
     * temporary file made while the session switches, and opens none of them.
     */
    @Test
    void aWatcherNeverOpensTheRecordWhileRootWritesIt() throws Exception {
        Path script = Files.createTempFile("elevator-record-race-", ".py");
        Path watcherOut = Files.createTempFile("elevator-record-race-", ".out");
        try {
            Files.copy(SCRIPTS.resolve("record-race.py"), script, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(watcherOut, PosixFilePermissions.fromString("rw-rw-rw-"));
            Files.createDirectories(RUN);
            start(USER, "exec python3 " + script + " " + RUN + " 120 >>" + watcherOut + " 2>&1");
            assertTrue(waitUntil(() -> read(watcherOut).startsWith("watching"), 20), () -> read(watcherOut));
            Session session = Session.start(this, "");
            session.awaitType("ready", 60);
            for (int i = 0; i < 20; i++) {
                session.send("switch " + third);
                session.awaitType("switched", 30);
                session.send("switch kyber");
                session.awaitType("switched", 30);
            }
            session.send("end");
            session.awaitType("restored", 30);
            assertEquals(0, session.exit(30), session::describe);
            Thread.sleep(500);
            String seen = read(watcherOut);
            System.out.println("the watcher, 40 switches:\n" + seen);

            long temporary = seen.lines().filter(l -> l.endsWith(loop.name() + ".json.tmp") || l.contains(loop.name() + ".json.tmp ")).count();
            assertTrue(temporary >= 40, () -> "the watcher saw each temporary file being made\n" + seen);
            assertFalse(seen.contains("OPENED"), () -> "the watcher opened root's file for writing\n" + seen);
            assertEquals("mq-deadline", loop.active());
            assertFalse(Files.exists(RUN.resolve(loop.name() + ".json")), "the record is gone once the original is back");
        } finally {
            Files.deleteIfExists(script);
            Files.deleteIfExists(watcherOut);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * RLIMIT_CPU of 3 s had the kernel kill the root helper mid-session, and RLIMIT_FSIZE stopped
     * it writing its record. Soft limits are raised back to the hard ones: a session with soft
     * limits of 3 s CPU and 0 bytes switches, writes its record and restores.
     */
    @Test
    void theCallersSoftLimitsDoNotReachRoot() throws Exception {
        Session session = Session.switchedToBfq(this, "ulimit -S -t 3; ulimit -S -f 0; ", false);
        assertTrue(Files.exists(RUN.resolve(loop.name() + ".json")), "the record was written despite RLIMIT_FSIZE 0");
        long pid = holderPid();
        String limits = Files.readString(Path.of("/proc/" + pid + "/limits"));
        String caller = Files.readString(Path.of("/proc/" + parentPid(pid) + "/limits"));

        assertTrue(caller.matches("(?s).*Max cpu time +3 +unlimited .*"), () -> "the caller's own limit is 3 s\n" + caller);
        assertTrue(limits.matches("(?s).*Max cpu time +unlimited +unlimited .*"), limits);
        assertTrue(limits.matches("(?s).*Max file size +unlimited +unlimited .*"), limits);
        session.send("end");
        session.awaitType("restored", 30);
        assertEquals(0, session.exit(30), session::describe);
        assertEquals("mq-deadline", loop.active());
    }

    /**
     * Hard limits: root raises them where it may (CAP_SYS_RESOURCE); where it may not (as in some
     * containers), the helper refuses to start, says why, and changes nothing.
     */
    @Test
    void theCallersHardLimitsAreRaisedOrRefusedBeforeAnyChange() throws Exception {
        // the output goes through a pipe: a file-size limit of 0 would stop socat writing it into a file
        Result r = PolkitHarness.asUser(USER, "bash", "-c", "(ulimit -t 3; ulimit -f 0; (sleep 8; echo end) | socat -t 5 - \"EXEC:"
                + PolkitHarness.PKEXEC + " --disable-internal-agent " + PolkitHarness.HELPER + " benchmark " + loop.name() + "\") 2>&1 | cat");
        if (rootMayRaiseLimits()) {
            assertTrue(r.out().contains("\"type\":\"restored\""), r::toString);
        } else {
            assertTrue(r.out().contains("elevator-helper: started with a CPU-time limit of 3 s, which root may not raise here;"
                    + " nothing was changed"), r::toString);
            assertTrue(r.out().contains("status " + HelperExit.LIMITS_TOO_LOW.code()), r::toString);
        }
        assertEquals("mq-deadline", loop.active(), r::toString);
        assertFalse(Files.exists(RUN.resolve(loop.name() + ".json")), r::toString);
    }

    /** Whether root here has CAP_SYS_RESOURCE (this test runs as root in the same place as the helper). */
    private static boolean rootMayRaiseLimits() throws IOException {
        String line = Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("CapEff:")).findFirst().orElseThrow();
        return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << 24)) != 0;
    }

    /** A parent that ignores SIGTERM used to hand that on, so root's kill -TERM left the device switched. */
    @Test
    void aParentIgnoringSigtermCannotShieldTheHelper() throws Exception {
        Session session = Session.switchedToBfq(this, "trap '' TERM; ", false);
        long pid = holderPid();
        assertEquals(third, loop.active());
        assertFalse(signalIgnored(pid, 15), "SIGTERM is not ignored in the helper");

        LoopDevice.run("kill", "-TERM", Long.toString(pid));

        assertTrue(waitUntil(() -> !Files.exists(Path.of("/proc/" + pid)), 20), "the helper ended on SIGTERM");
        assertEquals("mq-deadline", loop.active(), session::describe);
        assertFalse(Files.exists(RUN.resolve(loop.name() + ".json")));
    }

    /**
     * Ctrl-Z at the caller's terminal held the device and its lock past the idle limit. The helper
     * now leaves the terminal's session and ignores TSTP, so ^Z stops only the caller's own programs
     * (socat here; the helper would end at its idle limit); and a helper that is stopped all the
     * same (root's SIGSTOP here), which nothing continues, is ended at once by the next helper that
     * needs the device, which puts the original back (one silent for the idle limit, as a cgroup
     * freezer leaves it, likewise after that limit).
     */
    @Test
    void neitherATerminalNorAStopHoldsTheDevice() throws Exception {
        Session session = Session.switchedToBfq(this, "", true);
        long pid = holderPid();

        session.type((byte) 0x1a); // ^Z at the terminal
        Thread.sleep(1500);
        assertNotEquals('T', state(pid), "^Z at the caller's terminal does not stop the helper");
        assertTrue(signalIgnored(pid, 20), "SIGTSTP is ignored");

        LoopDevice.run("kill", "-STOP", Long.toString(pid));
        assertTrue(waitUntil(() -> state(pid) == 'T', 10));
        Result later = PolkitHarness.asUser(USER, PolkitHarness.PKEXEC, "--disable-internal-agent", PolkitHarness.HELPER,
                "set-scheduler", loop.name(), "none");

        assertEquals(0, later.code(), later::toString);
        assertTrue(later.err().contains("(pid " + pid + ") that was stopped; it was ended"), later::toString);
        assertTrue(later.err().contains("put back mq-deadline"), later::toString);
        assertEquals("none", loop.active());
        assertTrue(waitUntil(() -> !Files.exists(Path.of("/proc/" + pid)), 10), "the stopped helper was ended");
    }

    /**
     * A caller whose stdout pipe is full and never read hung the helper while it held the device
     * lock: every later call was "being benchmarked by another Elevator". Now the lock is released
     * before any output, and the helper ends within tens of seconds all the same; so does one whose
     * caller never closes its standard input.
     */
    @Test
    void aFullPipeOrAnOpenInputHoldsNoDeviceAndNoHelper() throws Exception {
        String helper = PolkitHarness.PKEXEC + " --disable-internal-agent " + PolkitHarness.HELPER;
        String rulesHelper = PolkitHarness.PKEXEC + " --disable-internal-agent " + PolkitHarness.RULES_HELPER;
        Result r = PolkitHarness.asUser(USER, 200, "bash", "-c", String.join("\n",
                "d=$(mktemp -d)",
                "mkfifo \"$d/out\" \"$d/in\"",
                "sleep 150 <\"$d/out\" & reader=$!",               // a pipe nobody reads
                "exec 3>\"$d/out\"",
                "head -c 200000 /dev/zero >&3 & filler=$!",          // full after 64 KiB
                "sleep 1",
                "start=$SECONDS",
                helper + " set-scheduler " + loop.name() + " " + third + " >&3 & stuck=$!",
                "sleep 3",
                helper + " set-scheduler " + loop.name() + " kyber >/dev/null; echo \"second: $?\"",
                "wait $stuck; echo \"first: $? after $((SECONDS - start)) s\"",
                "sleep 150 >\"$d/in\" & writer=$!",                // an input nobody closes
                "start=$SECONDS",
                rulesHelper + " write-rules <\"$d/in\"; echo \"open input: $? after $((SECONDS - start)) s\"",
                "kill $filler $reader $writer; exec 3>&-; rm -r \"$d\""));

        System.out.println("a full pipe, then an input never closed:\n" + r);
        assertTrue(r.out().contains("second: 0"), () -> "the device was free while the first helper could not write\n" + r);
        assertEquals("kyber", loop.active(), r::toString);
        int first = seconds(r.out(), "first: ");
        assertTrue(first <= 30, () -> "the stuck helper ended within 30 s\n" + r);
        assertTrue(r.out().contains("open input: " + HelperExit.TIMED_OUT.code() + " after"), r::toString);
        int open = seconds(r.out(), "open input: ");
        assertTrue(open <= 60, () -> "write-rules with an open input ended within a minute\n" + r);
    }

    private static int seconds(String out, String prefix) {
        String line = out.lines().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() -> new AssertionError(out));
        return Integer.parseInt(line.replaceAll(".* after (\\d+) s$", "$1"));
    }

    /** The helper holding the loop device, as its lock file names it. */
    private long holderPid() throws IOException {
        String[] holder = Files.readString(RUN.resolve(loop.name() + ".lock")).trim().split(" ");
        return Long.parseLong(holder[0]);
    }

    private static long parentPid(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith("PPid:"))
                .mapToLong(l -> Long.parseLong(l.substring(5).trim())).findFirst().orElseThrow();
    }

    private static char state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2);
        } catch (IOException gone) {
            return 'X';
        }
    }

    private static boolean signalIgnored(long pid, int signal) throws IOException {
        String line = Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith("SigIgn:"))
                .findFirst().orElseThrow();
        return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (signal - 1))) != 0;
    }

    private static String ownerAndMode(Path p) throws IOException {
        return LoopDevice.run("stat", "-c", "%U %a", p.toString()).strip();
    }

    private static boolean waitUntil(BooleanSupplier condition, int seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) return true;
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }

    private Process start(String user, String script) throws IOException {
        Process p = new ProcessBuilder("timeout", "300", "runuser", "-u", user, "--", "bash", "-c", script)
                .directory(new File("/")).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        started.add(p);
        return p;
    }

    /** A benchmark session of the loop device as the test user, through socat (a Unix socket on the helper's stdin). */
    private static final class Session {
        private final Process process;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final StringBuilder seen = new StringBuilder();
        private final OutputStream in;

        private Session(Process process) {
            this.process = process;
            this.in = process.getOutputStream();
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) lines.add(line);
                } catch (IOException ended) {
                    // the session is over
                }
            }, "session-output");
            reader.setDaemon(true);
            reader.start();
        }

        static Session start(HelperAttacksIT test, String prefix) throws IOException {
            return start(test, prefix, false);
        }

        /** With {@code terminal}, the whole command runs on a terminal of its own (script), as from a shell. */
        static Session start(HelperAttacksIT test, String prefix, boolean terminal) throws IOException {
            String socat = "socat -t 5 - \"EXEC:" + PolkitHarness.PKEXEC + " --disable-internal-agent " + PolkitHarness.HELPER
                    + " benchmark " + test.loop.name() + "\"";
            String script = terminal ? "exec script -qfec '" + prefix + socat.replace("'", "'\\''") + "' /dev/null"
                    : prefix + "exec " + socat;
            Process p = new ProcessBuilder("timeout", "300", "runuser", "-u", USER, "--", "bash", "-c", script)
                    .directory(new File("/")).redirectErrorStream(true).start();
            test.started.add(p);
            return new Session(p);
        }

        /** A session that has switched the device to bfq, so its record is written. */
        static Session switchedToBfq(HelperAttacksIT test, String prefix, boolean terminal) throws IOException, InterruptedException {
            Session session = start(test, prefix, terminal);
            session.awaitType("ready", 60);
            session.send("switch " + test.third);
            session.awaitType("switched", 30);
            return session;
        }

        void send(String command) throws IOException {
            in.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush();
        }

        void type(byte key) throws IOException {
            in.write(key);
            in.flush();
        }

        /** Waits for an event of {@code type}; fails with all that was said when none comes in time. */
        void awaitType(String type, int seconds) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < end) {
                String line = lines.poll(100, TimeUnit.MILLISECONDS);
                if (line == null) continue;
                seen.append(line).append('\n');
                if (line.contains("\"type\":\"" + type + "\"")) return;
            }
            throw new AssertionError("no " + type + " event within " + seconds + " s\n" + describe());
        }

        int exit(int seconds) throws InterruptedException {
            return process.waitFor(seconds, TimeUnit.SECONDS) ? process.exitValue() : -1;
        }

        String describe() {
            List<String> rest = new ArrayList<>();
            lines.drainTo(rest);
            rest.forEach(l -> seen.append(l).append('\n'));
            return "session output:\n" + seen;
        }
    }
}
