package io.github.elevator.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Other setters of schedulers, found in a made-up root with their file and line. */
class OtherSetterScanTest {
    @TempDir
    Path root;

    private void write(String relative, String text) throws IOException {
        Path p = root.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private List<OtherSetter> scan() {
        return new OtherSetterScan(root).scan();
    }

    @Test
    void nothingOnACleanMachine() throws IOException {
        write("usr/lib/udev/rules.d/60-persistent-storage.rules", "KERNEL==\"sd*\", ATTR{queue/scheduler}==\"bfq\", ENV{X}=\"1\"\n");
        write("proc/cmdline", "quiet splash root=/dev/vda1\n");
        assertEquals(List.of(), scan());
    }

    @Test
    void udevRulesThatAssignTheSchedulerAreFoundWithFileAndLine() throws IOException {
        write("usr/lib/udev/rules.d/60-ioschedulers.rules", "# set schedulers\n"
                + "ACTION==\"add|change\", KERNEL==\"sd[a-z]*\", \\\n"
                + "  ATTR{queue/rotational}==\"1\", ATTR{queue/scheduler}=\"bfq\"\n"
                + "ACTION==\"add|change\", KERNEL==\"nvme[0-9]*\", ATTR{queue/scheduler}:=\"none\"\n");
        write("etc/udev/rules.d/99-sticks.rules", "SUBSYSTEMS==\"usb\", RUN+=\"/bin/sh -c 'echo kyber > /sys%p/queue/scheduler'\"\n");
        write("etc/udev/rules.d/10-early.rules", "KERNEL==\"mmcblk*\", ATTR{queue/scheduler}=\"mq-deadline\"\n");
        List<OtherSetter> found = scan();
        assertEquals(4, found.size(), found.toString());
        OtherSetter early = found.get(0);
        assertEquals("/etc/udev/rules.d/10-early.rules:1", early.where());
        assertEquals("mq-deadline", early.scheduler());
        assertTrue(early.note().contains("Elevator's rule wins"), early.note());
        OtherSetter bfq = found.get(1);
        assertEquals("/usr/lib/udev/rules.d/60-ioschedulers.rules:2", bfq.where());
        assertEquals("bfq", bfq.scheduler());
        assertTrue(bfq.note().contains("runs after Elevator's rules"), bfq.note());
        assertEquals("/usr/lib/udev/rules.d/60-ioschedulers.rules:4", found.get(2).where());
        assertEquals("none", found.get(2).scheduler());
        assertEquals("/etc/udev/rules.d/99-sticks.rules:1", found.get(3).where());
        assertEquals("kyber", found.get(3).scheduler());
        assertEquals(OtherSetter.Source.UDEV, found.get(3).source());
    }

    @Test
    void aFileInEtcHidesTheSameNameInUsrLibAndALinkToDevNullMasksIt() throws IOException {
        write("usr/lib/udev/rules.d/60-ioschedulers.rules", "KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\"\n");
        write("usr/lib/udev/rules.d/61-other.rules", "KERNEL==\"sd*\", ATTR{queue/scheduler}=\"kyber\"\n");
        write("etc/udev/rules.d/61-other.rules", "KERNEL==\"sd*\", ATTR{queue/scheduler}=\"none\"\n");
        Files.createSymbolicLink(root.resolve("etc/udev/rules.d/60-ioschedulers.rules"), Path.of("/dev/null"));
        List<OtherSetter> found = scan();
        assertEquals(1, found.size(), found.toString());
        assertEquals("/etc/udev/rules.d/61-other.rules:1", found.get(0).where());
        assertEquals("none", found.get(0).scheduler());
    }

    @Test
    void elevatorsOwnFileIsNotAnOverriderButAForeignOneAtItsPathIs() throws Exception {
        write("etc/udev/rules.d/60-elevator.rules", ElevatorRulesFile.render(RuleSet.of(List.of(new Rule(Match.of(Kind.USB), "bfq")))));
        write("run/udev/rules.d/70-x.rules", "KERNEL==\"vd*\", ATTR{queue/scheduler}=\"none\"\n");
        assertEquals(List.of("/run/udev/rules.d/70-x.rules:1"), scan().stream().map(OtherSetter::where).toList());
        write("etc/udev/rules.d/60-elevator.rules", "KERNEL==\"sd*\", ATTR{queue/scheduler}=\"bfq\"\n");
        assertEquals(List.of("/etc/udev/rules.d/60-elevator.rules:1", "/run/udev/rules.d/70-x.rules:1"),
                scan().stream().map(OtherSetter::where).toList());
    }

    @Test
    void theActiveTunedProfilesDiskElevatorIsFoundThroughIncludes() throws IOException {
        write("etc/tuned/active_profile", "my-desktop\n");
        write("etc/tuned/my-desktop/tuned.conf", "[main]\nsummary=mine\ninclude=throughput-performance\n\n[cpu]\ngovernor=performance\n");
        write("usr/lib/tuned/throughput-performance/tuned.conf", "[main]\nsummary=fast\n\n[disk]\n# the elevator\nelevator=mq-deadline\nreadahead=>4096\n");
        write("usr/lib/tuned/unused/tuned.conf", "[disk]\nelevator=bfq\n");
        List<OtherSetter> found = scan();
        assertEquals(1, found.size(), found.toString());
        OtherSetter t = found.get(0);
        assertEquals(OtherSetter.Source.TUNED, t.source());
        assertEquals("/usr/lib/tuned/throughput-performance/tuned.conf:6", t.where());
        assertEquals("mq-deadline", t.scheduler());
        assertTrue(t.note().contains("'my-desktop'"), t.note());
    }

    @Test
    void aTunedSectionOfTypeDiskCountsToo() throws IOException {
        write("etc/tuned/active_profile", "p\n");
        write("etc/tuned/profiles/p/tuned.conf", "[sticks]\ntype=disk\ndevices=sd*\nelevator=bfq\n");
        assertEquals("/etc/tuned/profiles/p/tuned.conf:4", scan().get(0).where());
    }

    @Test
    void elevatorOnTheKernelCommandLineIsFoundButNotWhatFollowsTheDoubleDash() throws IOException {
        write("proc/cmdline", "quiet elevator=deadline root=/dev/sda1 -- elevator=noop\n");
        List<OtherSetter> found = scan();
        assertEquals(1, found.size());
        assertEquals(OtherSetter.Source.KERNEL_COMMAND_LINE, found.get(0).source());
        assertEquals("/proc/cmdline:1", found.get(0).where());
        assertEquals("deadline", found.get(0).scheduler());
    }

    @Test
    void aScriptWithoutAPlainNameStillCounts() {
        List<OtherSetter> found = new java.util.ArrayList<>();
        OtherSetterScan.udevLines("/x.rules", "RUN+=\"/usr/local/bin/tune $kernel queue/scheduler\"\n", "n", true, List.of(), root, found);
        assertEquals(1, found.size());
        assertNull(found.get(0).scheduler());
        assertTrue(found.get(0).describe().startsWith("/x.rules:1 — udev rule sets schedulers."), found.get(0).describe());
    }
}
