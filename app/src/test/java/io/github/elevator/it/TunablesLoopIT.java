package io.github.elevator.it;

import io.github.elevator.app.ResetService;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TuneService;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.protocol.TunableLimits;
import io.github.elevator.protocol.HelperExit;
import io.github.elevator.helper.HelperSysfs;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.HelperUnderTest;
import io.github.elevator.testing.Installed;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.Require;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tune verb and the reset against the real kernel, on a loop device attached here: every
 * setting of every scheduler this kernel offers is read, set, read back and put back; hostile
 * keys and values change nothing on the device or anywhere else; a reset puts the device back
 * to the kernel's own choice.
 */
class TunablesLoopIT {
    private LoopDevice loop;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Map<String, Long> queueBefore;

    @BeforeEach
    void attach() throws IOException {
        Require.root();
        loop = LoopDevice.attach(64);
        queueBefore = device().tunables().queue();
    }

    /** Queue settings outlive a detach (the loop device is reused), so they are put back even when a test failed. */
    @AfterEach
    void detach() throws IOException {
        if (loop == null) return;
        try {
            loop.set("none");
            for (var e : queueBefore.entrySet()) {
                Path file = Path.of("/sys/block", loop.name(), "queue", e.getKey());
                if (!Files.readString(file).strip().equals(e.getValue().toString())) Files.writeString(file, e.getValue().toString());
            }
        } finally {
            loop.close();
        }
    }

    private HelperExit tune(String key, String value) throws IOException {
        out.reset();
        err.reset();
        return tune(loop.name(), key, value);
    }

    /** The helper's tune verb in this JVM, on the machine's own sysfs and /run (the test runs as root). */
    private HelperExit tune(String device, String key, String value) {
        return HelperUnderTest.of(Path.of("/"), new HelperSysfs(Path.of("/")), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {"tune", device, key, value});
    }

    private BlockDevice device() throws IOException {
        return BlockDeviceScanner.system().find(loop.name()).orElseThrow();
    }

    /** Everything the kernel shows about the loop device's queue, to prove a refusal changed nothing. */
    private Map<String, String> queueState() throws IOException {
        Map<String, String> state = new TreeMap<>();
        Path queue = Path.of("/sys/block", loop.name(), "queue");
        try (var files = Files.walk(queue)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (!Files.isRegularFile(f) || !Files.isReadable(f)) continue;
                try {
                    state.put(queue.relativize(f).toString(), Files.readString(f).strip());
                } catch (IOException writeOnly) {
                    // some queue files cannot be read
                }
            }
        }
        return state;
    }

    @Test
    void everySettingOfEverySchedulerIsSetReadBackAndPutBack() throws IOException {
        Require.kernelBuilds("bfq");
        List<String> tried = new ArrayList<>();
        for (String scheduler : device().schedulers()) {
            loop.set(scheduler);
            BlockDevice d = device();
            assertEquals(scheduler, d.active());
            if (!scheduler.equals("none")) assertFalse(d.tunables().iosched().isEmpty(), scheduler + " has settings of its own");
            for (String key : d.tunables().keys()) {
                TunableLimits.Limit limit = TunableLimits.of(key);
                assertTrue(limit != null, "every setting this kernel lists has a known range: " + key);
                long old = d.tunables().value(key);
                long wanted = old == limit.min() ? limit.min() + 1 : limit.min();
                assertEquals(HelperExit.OK, tune(key, Long.toString(wanted)), key + "=" + wanted + ": " + err);
                long now = device().tunables().value(key);
                assertTrue(limit.confirms(wanted, now), key + " reads back " + now + " after " + wanted);
                assertTrue(out.toString().contains("\"previous\":" + old + "}"), out.toString());
                assertEquals(HelperExit.OK, tune(key, Long.toString(old)), key + " put back: " + err);
                assertEquals(old, device().tunables().value(key), key + " is as it was");
                tried.add(scheduler + ":" + key);
            }
        }
        assertTrue(tried.size() > 20, "settings tried: " + tried);
        assertTrue(tried.contains("bfq:iosched/low_latency") && tried.contains("kyber:iosched/read_lat_nsec")
                && tried.contains("mq-deadline:iosched/read_expire") && tried.contains("none:queue/nr_requests"), tried.toString());
    }

    @Test
    void hostileKeysAndValuesChangeNothingAnywhere() throws IOException {
        Require.kernelBuilds("bfq");
        loop.set("bfq");
        Map<String, String> before = queueState();
        Map<String, String> allSchedulers = Installed.allSchedulers();
        for (String key : List.of("../scheduler", "iosched/../../scheduler", "queue/scheduler", "scheduler", "low_latency\n",
                "iosched/low_latency\n", "iosched/read_expire", "read_lat_nsec", "../../../" + loop.name() + "/queue/scheduler",
                "/sys/block/" + loop.name() + "/queue/read_ahead_kb", "queue/iostats")) {
            assertEquals(HelperExit.UNKNOWN_TUNABLE, tune(key, "1"), key);
        }
        for (String value : List.of("-1", "99999999999", "999999999999999999999", "abc", "1 ", "0x10", "", "2\n")) {
            assertEquals(HelperExit.BAD_TUNABLE_VALUE, tune("iosched/low_latency", value), value);
        }
        assertEquals(HelperExit.BAD_TUNABLE_VALUE, tune("queue/nr_requests", "3"));
        assertEquals(HelperExit.NO_SUCH_DEVICE, tune("../" + loop.name(), "read_ahead_kb", "64"));
        assertEquals(before, queueState());
        assertEquals(allSchedulers, Installed.allSchedulers());
    }

    @Test
    void aValueTheKernelRefusesLeavesTheSettingAsItWas() throws IOException {
        loop.set("none");
        long depth = device().tunables().value("queue/nr_requests");
        // without a scheduler, nr_requests cannot exceed the tag depth: the kernel says EINVAL
        assertEquals(HelperExit.TUNE_REFUSED, tune("queue/nr_requests", "2048"), err.toString());
        assertTrue(err.toString().contains("the kernel refused queue/nr_requests=2048"), err.toString());
        assertEquals(depth, device().tunables().value("queue/nr_requests"));
    }

    @Test
    void resetPutsTheDeviceBackToTheKernelsChoice(@TempDir Path dir) throws Exception {
        Require.kernelBuilds("bfq");
        loop.set("bfq");
        assertEquals(HelperExit.OK, tune("queue/read_ahead_kb", "4096"));
        assertEquals(HelperExit.OK, tune("queue/rq_affinity", "2"));
        assertEquals(HelperExit.OK, tune("iosched/low_latency", "0"));
        SchedulerService devices = new SchedulerService(BlockDeviceScanner.system(), new HelperRunner(Installed.home().resolve("bin/elevator-helper"), true));
        ResetService reset = new ResetService(devices);
        ResetService.Plan plan = reset.plans(loop.name()).get(0);
        assertEquals("none", plan.defaults().scheduler(), "the loop driver asks for none");
        assertEquals(List.of("scheduler bfq → none", "queue/read_ahead_kb 4096 → 128", "queue/rq_affinity 2 → 1"),
                plan.changes().stream().map(ResetService.Change::describe).toList());
        BlockDevice after = reset.apply(plan);
        assertEquals("none", after.active());
        assertEquals(128L, after.tunables().value("queue/read_ahead_kb"));
        assertEquals(1L, after.tunables().value("queue/rq_affinity"));
        assertTrue(reset.plan(after).isEmpty(), "nothing left to reset: " + reset.plan(after).changes());
        assertEquals(device().tunables().value("queue/nr_requests"), plan.defaults().settings().get("queue/nr_requests"),
                "the switch back to none restored the tag depth");
    }

    @Test
    void theTuneServiceGoesThroughTheHelperAndReportsTheNewValue(@TempDir Path dir) throws Exception {
        loop.set("kyber");
        SchedulerService devices = new SchedulerService(BlockDeviceScanner.system(), new HelperRunner(Installed.home().resolve("bin/elevator-helper"), true));
        BlockDevice after = new TuneService(devices).tune(loop.name(), "read_lat_nsec", "1000000");
        assertEquals(1_000_000L, after.tunables().value("iosched/read_lat_nsec"));
        loop.set("none");
        loop.set("kyber");
        assertEquals(2_000_000L, device().tunables().value("iosched/read_lat_nsec"), "a switch re-creates the defaults");
    }
}
