package io.github.elevator.it;

import io.github.elevator.protocol.HelperExit;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Switches real loop devices through bin/elevator-helper and bin/elevator, as root, and reads /sys back. */
class LoopDeviceSwitchIT {
    private LoopDevice loop;

    @BeforeEach
    void attach() throws IOException {
        Require.root();
        loop = LoopDevice.attach(64);
    }

    @AfterEach
    void detach() throws IOException {
        if (loop != null) loop.close();
    }

    @Test
    void helperSwitchesEverySchedulerTheDeviceOffers() throws IOException {
        Require.kernelBuilds("bfq");
        for (String scheduler : new String[] {"bfq", "kyber", "mq-deadline", "none"}) {
            Installed.Result r = Installed.run("elevator-helper", "set-scheduler", loop.name(), scheduler);
            assertEquals(0, r.exit(), r.err());
            assertEquals(scheduler, loop.active());
            assertTrue(r.out().contains("\"active\":\"" + scheduler + "\""), r.out());
        }
    }

    @Test
    void cliSetSwitchesAndPrintsTheNewState() throws IOException {
        Require.kernelBuilds("bfq");
        Installed.Result r = Installed.run("elevator", "set", loop.name(), "kyber");
        assertEquals(0, r.exit(), r.err());
        assertEquals(loop.name() + ": none mq-deadline [kyber] bfq\n", r.out());
        assertEquals("kyber", loop.active());
    }

    @Test
    void cliListShowsTheAttachedDevice() throws IOException {
        Require.kernelBuilds("bfq");
        loop.set("bfq");
        Installed.Result r = Installed.run("elevator", "list", "--json");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("\"name\": \"" + loop.name() + "\""), r.out());
        assertTrue(r.out().contains("\"active\": \"bfq\""), r.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"../vda", "LOOP/../vda", "/dev/../LOOP", "/sys/block/LOOP", "LOOP\n", "LOOP ", "", "LOOP/queue"})
    void hostileDeviceNamesChangeNothing(String pattern) throws IOException {
        Require.kernelBuilds("bfq");
        String device = pattern.replace("LOOP", loop.name());
        Map<String, String> before = Installed.allSchedulers();
        Installed.Result helper = Installed.run("elevator-helper", "set-scheduler", device, "bfq");
        assertEquals(HelperExit.NO_SUCH_DEVICE.code(), helper.exit(), helper.err());
        assertEquals(1, helper.err().lines().count(), helper.err());
        Installed.Result cli = Installed.run("elevator", "set", device, "bfq");
        assertEquals(1, cli.exit());
        assertEquals(1, cli.err().lines().filter(l -> l.startsWith("elevator: ")).count(), cli.err());
        assertEquals(before, Installed.allSchedulers());
    }

    static java.util.stream.Stream<String> foreignSchedulers() {
        return java.util.stream.Stream.of("cfq", "BFQ", "[bfq]", "bfq\n", "none mq-deadline", "x".repeat(10_000));
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("foreignSchedulers")
    void schedulersTheDeviceDoesNotOfferChangeNothing(String scheduler) throws IOException {
        Map<String, String> before = Installed.allSchedulers();
        Installed.Result helper = Installed.run("elevator-helper", "set-scheduler", loop.name(), scheduler);
        assertEquals(HelperExit.UNKNOWN_SCHEDULER.code(), helper.exit(), helper.err());
        Installed.Result cli = Installed.run("elevator", "set", loop.name(), scheduler);
        assertEquals(1, cli.exit());
        // "none mq-deadline" starts with a scheduler it offers, and is refused as a variant with an unknown setting
        assertTrue(cli.err().contains("does not offer the scheduler") || cli.err().contains("is not a scheduler setting"), cli.err());
        assertEquals(before, Installed.allSchedulers());
    }

    @Test
    void deviceWithoutSchedulerIsRefused() throws IOException {
        // a property of the machine, not of its setup: the fake-sysfs unit tests cover it everywhere
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(java.nio.file.Path.of("/sys/block/zram0")),
                "this machine has no zram0, a device without a scheduler");
        Map<String, String> before = Installed.allSchedulers();
        Installed.Result helper = Installed.run("elevator-helper", "set-scheduler", "zram0", "none");
        assertEquals(HelperExit.NO_SCHEDULER.code(), helper.exit(), helper.err());
        assertEquals(before, Installed.allSchedulers());
    }
}
