package io.github.elevator.it;

import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.RealRulesFile;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated file installed for real as /etc/udev/rules.d/60-elevator.rules and applied by udev
 * itself ({@code udevadm test}, which runs the rules and really writes ATTR assignments without a
 * running udevd) to a loop device attached here. The file is removed afterwards and whatever was
 * at that path is put back; the loop device is detached.
 */
class ElevatorRulesFileIT {
    private static final String UDEVADM = "/usr/bin/udevadm";
    private LoopDevice loop;
    private RealRulesFile file;

    @BeforeEach
    void setUp() throws IOException {
        Require.root();
        Require.command(UDEVADM);
        loop = LoopDevice.attach(16);
        file = RealRulesFile.claim();
    }

    @AfterEach
    void tearDown() throws IOException {
        try {
            if (file != null) file.close();
        } finally {
            if (loop != null) loop.close();
        }
    }

    private String udevTest() throws IOException {
        Result r = run(List.of(UDEVADM, "test", "/sys/block/" + loop.name()), null);
        assertEquals(0, r.exit(), r.err());
        return r.out() + r.err();
    }

    private static String queue(LoopDevice loop, String attribute) throws IOException {
        return Files.readString(Path.of("/sys/block", loop.name(), "queue", attribute)).strip();
    }

    @Test
    void theGeneratedFileSetsTheSchedulerItNamesAndTheOptions() throws Exception {
        assertEquals("none", loop.active());
        file.write(ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.LOOP), "kyber", 256, 32)))));
        String log = udevTest();
        assertEquals("kyber", loop.active(), log);
        assertEquals("256", queue(loop, "read_ahead_kb"));
        assertEquals("32", queue(loop, "nr_requests"), "set after the scheduler, which resets it");
        assertTrue(log.contains("ELEVATOR_RULE=loop"), log);
        assertEquals(1, log.lines().filter(l -> l.contains("queue/scheduler' writing")).count(), log);
    }

    @Test
    void aRuleWithAVariantSetsTheSchedulerThenItsOwnSettings() throws Exception {
        Require.kernelBuilds("bfq");
        assertEquals("none", loop.active());
        file.write(ElevatorRulesFile.render(RuleSet.of(List.of(
                Rule.of(Match.of(Kind.LOOP), "bfq low_latency=0 slice_idle=0", 256, null),
                Rule.of(Match.of(Kind.USB), "kyber read_lat_nsec=1000000", null, null)))));
        String log = udevTest();
        assertEquals("bfq", loop.active(), log);
        assertEquals("0", queue(loop, "iosched/low_latency"), log);
        assertEquals("0", queue(loop, "iosched/slice_idle"), log);
        assertEquals("256", queue(loop, "read_ahead_kb"));
        assertFalse(log.contains("read_lat_nsec' writing"), "another rule's settings are never reached: " + log);
        assertFalse(log.toLowerCase(java.util.Locale.ROOT).contains("invalid"), log);
    }

    @Test
    void aVariantsSettingIsSkippedWhereTheActiveSchedulerDoesNotHaveIt() throws Exception {
        // the rule with its scheduler switch taken out, as when the kernel refused the switch: the device stays
        // on none, which has no queue/iosched/read_expire, and the TEST guard skips the setting
        file.write(ElevatorRulesFile.render(RuleSet.of(List.of(Rule.of(Match.of(Kind.LOOP), "mq-deadline read_expire=250", null, null))))
                .replace("ATTR{queue/scheduler}=\"mq-deadline\", ENV", "ENV"));
        String log = udevTest();
        assertEquals("none", loop.active(), log);
        assertFalse(log.contains("read_expire' writing"), "TEST keeps the setting from a scheduler without the file: " + log);
    }

    @Test
    void aSchedulerTheDiskDoesNotOfferIsLeftAloneEvenWhenItsNameIsPartOfAnother() throws Exception {
        loop.set("mq-deadline");
        file.write(ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.LOOP), "deadline")))));
        String log = udevTest();
        assertEquals("mq-deadline", loop.active());
        assertFalse(log.contains("writing 'deadline'"), log);
        assertFalse(log.contains("ELEVATOR_RULE"), log);
    }

    @Test
    void aPartitionIsNeverMatchedOnlyItsDisk() throws Exception {
        try (LoopDevice disk = LoopDevice.attachPartitioned(16)) {
            Path partition = Path.of("/sys/block", disk.name(), disk.name() + "p1");
            for (int i = 0; i < 50 && !Files.isDirectory(partition); i++) Thread.sleep(20);
            assertTrue(Files.isRegularFile(partition.resolve("partition")), "the kernel made " + partition);
            file.write(ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.LOOP), "kyber")))));
            Result onPartition = run(List.of(UDEVADM, "test", partition.toString()), null);
            assertEquals(0, onPartition.exit(), onPartition.err());
            String log = onPartition.out() + onPartition.err();
            assertFalse(log.contains("ELEVATOR_RULE"), log);
            assertFalse(log.contains("queue/scheduler' writing"), log);
            assertEquals("none", disk.active(), "the partition's disk was not touched either");
            Result onDisk = run(List.of(UDEVADM, "test", "/sys/block/" + disk.name()), null);
            assertEquals(0, onDisk.exit(), onDisk.err());
            assertEquals("kyber", disk.active(), "the same rule applies to the whole disk");
        }
    }

    @Test
    void theCommandLineSavesThroughTheHelperAndUdevAppliesIt() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.exists(Path.of("/run/udev/control")),
                "udevd runs here: saving a loop rule would re-run it on every loop device, not only this test's");
        Result set = elevator("rules", "set", "loop", "kyber");
        assertEquals(0, set.exit(), set.err());
        assertTrue(set.out().startsWith("Saved 1 rule in /etc/udev/rules.d/60-elevator.rules. udev is not running here"), set.out());
        assertTrue(set.out().contains(loop.name() + " still uses none (its rule says kyber)"), set.out());
        assertEquals(ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.LOOP), "kyber")))), Files.readString(RealRulesFile.PATH));
        assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(RealRulesFile.PATH)));

        Result list = elevator("rules", "list", "--json");
        assertTrue(list.out().contains("\"" + loop.name() + "\""), list.out());
        assertEquals(Files.readString(RealRulesFile.PATH), elevator("rules", "export").out(), "read back as written");

        udevTest();
        assertEquals("kyber", loop.active());

        Result removed = elevator("rules", "remove", "--all");
        assertEquals(0, removed.exit(), removed.err());
        assertFalse(Files.exists(RealRulesFile.PATH));
    }

    @Test
    void aForeignFileAtThePathIsLeftAsItIs() throws Exception {
        Require.kernelBuilds("bfq");
        String foreign = "# mine\nKERNEL==\"loop*\", ATTR{queue/scheduler}=\"bfq\"\n";
        file.write(foreign);
        Result helper = run(List.of(Installed.home().resolve("bin/elevator-rules-helper").toString(), "write-rules"),
                "elevator-rules 1\nrule mmc none\nend\n");
        assertEquals(81, helper.exit(), helper.err());
        assertEquals(foreign, Files.readString(RealRulesFile.PATH));
        Result cli = elevator("rules", "remove", "--all");
        assertEquals(1, cli.exit());
        assertTrue(cli.err().contains("was not written by Elevator"), cli.err());
        assertEquals(foreign, Files.readString(RealRulesFile.PATH));
    }

    private record Result(int exit, String out, String err) {
    }

    /** The built launcher, with the built helper named explicitly so an installed one is never used. */
    private static Result elevator(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Installed.home().resolve("bin/elevator").toString()));
        cmd.addAll(List.of(args));
        return run(cmd, null);
    }

    private static Result run(List<String> cmd, String stdin) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("ELEVATOR_HELPER", Installed.home().resolve("bin/elevator-helper").toString());
        if (stdin == null) pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process p = pb.start();
        if (stdin != null) {
            try (var in = p.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        });
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(cmd + " timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return new Result(p.exitValue(), out, err.join());
    }
}
