package io.github.elevator.rules;

import com.google.gson.JsonObject;
import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.testing.TunedCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TuneD profile exported for the fixtures' rules, read back by TuneD itself: its profiles
 * loader (include, merge) and its device matchers (TunedCheck) decide which unit takes each disk
 * of the copied machines; each disk must get the scheduler and read-ahead of the rule Elevator
 * applies to it, and the settings [disk] has no option for.
 */
class TunedProfileTest {
    @ParameterizedTest(name = "{0} on the {1}")
    @CsvSource({
            "every-match.rules, workstation, 'loop0 nvme0n1 sda sdb vda', 'mmcblk0 sdc'",
            "variants.rules, workstation, 'loop0 nvme0n1 sda sdb vda', 'mmcblk0 sdc'",
            "usb-bfq.rules, workstation, 'loop0 nvme0n1 sda sdb vda', 'mmcblk0 sdc'",
            "every-match.rules, storage-server, 'sda', ''", // its zoned sda offers only mq-deadline: the hdd rule's bfq is not for it
            "variants.rules, storage-server, 'sda', ''"})
    void tunedGivesEachDiskTheSchedulerOfItsRule(String rulesFile, String machine, String taken, String untouched, @TempDir Path dir) throws Exception {
        TunedCheck.requireTuned();
        RuleSet rules = ElevatorRulesFile.parse(Files.readString(Path.of("src/test/fixtures/rules", rulesFile))).rules();
        assertFalse(rules.isEmpty());
        Path root = machine.equals("workstation") ? Fixtures.workstation() : Fixtures.storageServer();
        List<BlockDevice> devices = new BlockDeviceScanner(root).scan().stream().filter(BlockDevice::hasScheduler).toList();
        String profile = TunedProfile.render("elevator-test", List.of(TunedProfile.TUNED_DEFAULT), rules, devices);
        Files.createDirectories(dir.resolve("profiles/elevator-test"));
        Files.writeString(dir.resolve("profiles/elevator-test/tuned.conf"), profile);
        JsonObject read = TunedCheck.read(dir, "elevator-test", root, devices, List.of());
        JsonObject disks = read.getAsJsonObject("disks");

        assertEquals(new TreeSet<>(List.of(taken.split(" "))), disks.keySet(), "the disks TuneD's disk plugin takes:\n" + profile);
        Set<String> left = new TreeSet<>();
        read.getAsJsonArray("untouched").forEach(e -> left.add(e.getAsString()));
        assertEquals(untouched.isEmpty() ? Set.of() : new TreeSet<>(List.of(untouched.split(" "))), left, "removable disks and SD cards: TuneD never tunes them");
        Map<String, String> expectedSysfs = new LinkedHashMap<>();
        for (String name : disks.keySet()) {
            BlockDevice d = devices.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
            JsonObject got = disks.getAsJsonObject(name);
            Rule rule = rules.applying(d);
            if (rule == null) {
                assertEquals("disk", got.get("unit").getAsString(), name + ": no rule applies, so the included profile's own [disk]:\n" + profile);
                assertTrue(got.get("elevator").isJsonNull(), name + ": no rule sets no scheduler");
                continue;
            }
            assertEquals(rule.scheduler(), got.get("elevator").getAsString(), name + " under " + got.get("unit") + ":\n" + profile);
            assertEquals(rule.readAheadKb() == null ? null : rule.readAheadKb().toString(),
                    got.get("readahead").isJsonNull() ? null : got.get("readahead").getAsString(), name + ": read-ahead");
            if (rule.nrRequests() != null) expectedSysfs.put("/sys/block/" + name + "/queue/nr_requests", rule.nrRequests().toString());
            rule.schedulerSettings().forEach((k, v) -> expectedSysfs.put("/sys/block/" + name + "/queue/iosched/" + k, v.toString()));
        }
        Map<String, String> sysfs = new LinkedHashMap<>();
        read.getAsJsonObject("sysfs").entrySet().forEach(e -> sysfs.put(e.getKey(), e.getValue().getAsString()));
        assertEquals(expectedSysfs, sysfs, "nr_requests and the variants' own settings, through [sysfs]");
        // the included profile is TuneD's own, merged in: its [cpu] is there too
        assertTrue(read.getAsJsonArray("units").toString().contains("\"cpu\""), "balanced's units are included: " + read.get("units"));
    }

    @Test
    void variantsSettingsAreWrittenAfterTheSchedulers() throws Exception {
        RuleSet rules = ElevatorRulesFile.parse(Files.readString(Path.of("src/test/fixtures/rules/variants.rules"))).rules();
        List<BlockDevice> devices = new BlockDeviceScanner(Fixtures.workstation()).scan();
        String profile = TunedProfile.render("elevator", List.of("throughput-performance"), rules, devices);
        assertTrue(profile.contains("include=throughput-performance\n"), profile);
        assertTrue(profile.contains("[elevator-hdd]\ntype=disk\npriority=-998\ndevices_udev_regex=(?i)^ID_WWN(_WITH_EXTENSION)?=(0x50014ee2b8c4d7e1)$\nelevator=bfq\nreadahead=1024\n"), profile);
        int settings = profile.indexOf("[elevator-settings]");
        assertTrue(settings > profile.indexOf("[elevator-nvme]"), profile);
        assertTrue(profile.substring(settings).contains("priority=-997\n/sys/block/nvme0n1/queue/iosched/read_lat_nsec=1000000\n"), profile);
    }

    @Test
    void theProfileIncludesWhatTheMachineRuns(@TempDir Path root) throws IOException {
        assertEquals(List.of("balanced"), TunedProfile.includes(root, "elevator"), "no TuneD: TuneD's own default");
        Files.createDirectories(root.resolve("etc/tuned/elevator"));
        Files.writeString(root.resolve("etc/tuned/active_profile"), "virtual-guest ../evil\n");
        assertEquals(List.of("virtual-guest"), TunedProfile.includes(root, "elevator"), "a name TuneD would refuse is left out");
        // the machine already runs an earlier export: the new one includes what that one did, never itself
        Files.writeString(root.resolve("etc/tuned/active_profile"), "elevator\n");
        Files.writeString(root.resolve("etc/tuned/elevator/tuned.conf"), "[main]\ninclude=throughput-performance,elevator\n");
        assertEquals(List.of("throughput-performance"), TunedProfile.includes(root, "elevator"));
    }
}
