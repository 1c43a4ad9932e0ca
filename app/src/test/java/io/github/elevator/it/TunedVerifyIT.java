package io.github.elevator.it;

import com.google.gson.JsonObject;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.rules.Kind;
import io.github.elevator.rules.Match;
import io.github.elevator.rules.Rule;
import io.github.elevator.rules.RuleSet;
import io.github.elevator.rules.TunedProfile;
import io.github.elevator.rules.ElevatorRulesFile;
import io.github.elevator.testing.LoopDevice;
import io.github.elevator.testing.RealRulesFile;
import io.github.elevator.testing.Require;
import io.github.elevator.testing.TunedCheck;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The TuneD profile and the udev rules say the same thing, checked as `tuned-adm verify` checks a
 * machine: Elevator's rules applied by udev ({@code udevadm test}) to a loop device attached
 * here, then TuneD's own verify code (its disk and sysfs plugins, without the daemon, which needs
 * systemd and would apply the profile first) compares the exported profile with the device. It
 * passes on every option, and fails on the scheduler once the device is switched away. The rules
 * file is put back, the loop device's read-ahead restored and the device detached.
 */
class TunedVerifyIT {
    private static final String UDEVADM = "/usr/bin/udevadm";
    private LoopDevice loop;
    private RealRulesFile file;
    private String readAhead;

    @BeforeEach
    void setUp() throws IOException {
        Require.root();
        Require.command(UDEVADM);
        TunedCheck.requireTuned();
        loop = LoopDevice.attach(16);
        readAhead = Files.readString(queue("read_ahead_kb")).strip();
        file = RealRulesFile.claim();
    }

    @AfterEach
    void tearDown() throws IOException {
        try {
            if (file != null) file.close();
        } finally {
            try {
                if (readAhead != null) Files.writeString(queue("read_ahead_kb"), readAhead);
            } finally {
                if (loop != null) loop.close();
            }
        }
    }

    private Path queue(String attribute) {
        return Path.of("/sys/block", loop.name(), "queue", attribute);
    }

    @Test
    void tunedVerifiesTheDeviceAsElevatorsRulesLeftIt(@TempDir Path dir) throws Exception {
        Require.kernelBuilds("bfq");
        RuleSet rules = RuleSet.of(List.of(Rule.of(Match.of(Kind.LOOP), "bfq low_latency=0", 256, null)));
        file.write(ElevatorRulesFile.render(rules));
        String log = LoopDevice.run(UDEVADM, "test", "/sys/block/" + loop.name());
        assertEquals("bfq", loop.active(), log);

        List<BlockDevice> devices = new BlockDeviceScanner(Path.of("/")).scan(List.of(loop.name()));
        Files.createDirectories(dir.resolve("profiles/elevator-verify"));
        Files.writeString(dir.resolve("profiles/elevator-verify/tuned.conf"),
                TunedProfile.render("elevator-verify", List.of(TunedProfile.TUNED_DEFAULT), rules, devices));
        Map<String, Boolean> expected = new TreeMap<>(Map.of("elevator", true, "readahead", true,
                "/sys/block/" + loop.name() + "/queue/iosched/low_latency", true));
        assertEquals(expected, verdicts(dir, devices), "TuneD finds every option of the profile on the device");

        loop.set("mq-deadline");
        expected.put("elevator", false);
        // bfq's own setting has no file under mq-deadline: TuneD's sysfs verify finds nothing to compare
        assertEquals(expected, verdicts(dir, devices), "switched away: TuneD's verify fails on the scheduler");
    }

    private Map<String, Boolean> verdicts(Path dir, List<BlockDevice> devices) throws Exception {
        JsonObject read = TunedCheck.read(dir, "elevator-verify", Path.of("/"), devices, List.of(loop.name()));
        assertEquals("elevator-loop", read.getAsJsonObject("disks").getAsJsonObject(loop.name()).get("unit").getAsString(), read.toString());
        Map<String, Boolean> verdicts = new TreeMap<>();
        read.getAsJsonObject("verified").getAsJsonObject(loop.name()).entrySet().forEach(e -> verdicts.put(e.getKey(), e.getValue().getAsBoolean()));
        return verdicts;
    }
}
