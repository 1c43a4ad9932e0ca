package io.github.elevator.ui.devices;

import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Scripts;
import io.github.elevator.testing.FakeSysfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The view-model on the calling thread, over a fake sysfs that a helper script really changes. */
class DeviceListViewModelTest {
    @TempDir
    Path root;

    private DeviceListViewModel model(String helperBody) throws Exception {
        Path helper = Scripts.executable(root, "helper.sh", helperBody);
        SchedulerService service = new SchedulerService(new BlockDeviceScanner(root), new HelperRunner(helper, true));
        DeviceListViewModel model = new DeviceListViewModel(service, TaskRunner.immediate());
        model.refresh();
        return model;
    }

    @Test
    void rowsFollowDevicesComingAndGoingAndKeepTheirIdentity() throws Exception {
        FakeSysfs sysfs = new FakeSysfs(root).device("loop0", "[none] bfq").device("vda", "none [mq-deadline]");
        DeviceListViewModel model = model("exit 0");
        assertEquals(List.of("vda", "loop0"), model.rows().stream().map(DeviceRow::name).toList(), "the disk before the loop device");
        DeviceRow vda = model.rows().get(0);

        sysfs.device("loop1", "[none] kyber");
        model.refresh();
        assertEquals(List.of("vda", "loop0", "loop1"), model.rows().stream().map(DeviceRow::name).toList());
        assertSame(vda, model.rows().get(0), "existing rows are updated in place, so selection survives");

        Files.delete(root.resolve("sys/block/loop0"));
        model.refresh();
        assertEquals(List.of("vda", "loop1"), model.rows().stream().map(DeviceRow::name).toList());
    }

    @Test
    void aDeviceHeldByAnotherWindowsBenchmarkIsLockedAndShowsWhereItGoesBack() throws Exception {
        new FakeSysfs(root).device("loop0", "[none] mq-deadline kyber bfq").device("loop1", "[none] bfq");
        DeviceListViewModel model = model("exit 0");
        // the root helper's record of a running benchmark, as another window's session writes it
        Files.createDirectories(root.resolve("run/elevator"));
        Files.writeString(root.resolve("run/elevator/loop0.json"), "{\"device\":\"loop0\",\"originalScheduler\":\"none\","
                + "\"currentScheduler\":\"kyber\",\"holderPid\":4711,\"holderStart\":5000}");
        Path stat = Files.createDirectories(root.resolve("proc/4711")).resolve("stat");
        Files.writeString(stat, "4711 (java) S 1 4711 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 30 0 5000 0 0\n");
        model.followHolds(new io.github.elevator.app.HeldDevices(root, new HelperRunner(Path.of("/bin/false"), true)));
        Files.writeString(root.resolve("sys/block/loop0/queue/scheduler"), "none mq-deadline [kyber] bfq\n"); // the other sweep's temporary one
        model.refresh();
        DeviceRow loop0 = model.rows().get(0);
        assertEquals("another Elevator (pid 4711)", loop0.heldByProperty().get());
        assertTrue(loop0.lockedProperty().get(), "nothing in this window may change it meanwhile");
        assertEquals("none", loop0.activeProperty().get(), "the held state, not the temporary scheduler");
        assertFalse(model.rows().get(1).lockedProperty().get());

        Files.delete(root.resolve("run/elevator/loop0.json")); // that benchmark ended and put none back
        Files.writeString(root.resolve("sys/block/loop0/queue/scheduler"), "[none] mq-deadline kyber bfq\n");
        model.refresh();
        assertNull(loop0.heldByProperty().get());
        assertFalse(loop0.lockedProperty().get());
        assertEquals("none", loop0.activeProperty().get());
    }

    @Test
    void manyDevicesComeInOneChangeDisksFirstAndExistingRowsStay() throws Exception {
        FakeSysfs sysfs = new FakeSysfs(root).device("loop2", "[none] bfq");
        DeviceListViewModel model = model("exit 0");
        DeviceRow loop2 = model.rows().get(0);
        for (String name : List.of("loop10", "loop1", "sdb", "loop100", "sda", "nvme0n1")) sysfs.device(name, "[none] bfq");
        List<String> changes = new java.util.ArrayList<>();
        model.rows().addListener((javafx.collections.ListChangeListener<DeviceRow>) c -> changes.add(c.toString()));
        model.refresh();
        assertEquals(List.of("nvme0n1", "sda", "sdb", "loop1", "loop2", "loop10", "loop100"), model.rows().stream().map(DeviceRow::name).toList());
        assertEquals(1, changes.size(), "one change of the list, laid out once: " + changes);
        assertSame(loop2, model.rows().get(4), "the row that was there stays the same row");

        sysfs.device("loop3", "[none] bfq");
        model.refresh();
        assertEquals(List.of("nvme0n1", "sda", "sdb", "loop1", "loop2", "loop3", "loop10", "loop100"), model.rows().stream().map(DeviceRow::name).toList());
    }

    @Test
    void successfulSwitchShowsTheKernelsNewState() throws Exception {
        new FakeSysfs(root).device("loop0", "[none] bfq");
        Path file = root.resolve("sys/devices/virtual/block/loop0/queue/scheduler");
        DeviceListViewModel model = model("printf 'none [bfq] \\n' > '" + file + "'");
        DeviceRow row = model.rows().get(0);
        model.requestSwitch(row, "bfq");
        assertEquals("bfq", row.activeProperty().get());
        assertFalse(row.busyProperty().get());
        assertEquals("loop0 now uses bfq.", model.statusProperty().get());
    }

    @Test
    void failedSwitchReturnsToTheRealStateAndSaysWhy() throws Exception {
        new FakeSysfs(root).device("loop0", "[none] bfq");
        DeviceListViewModel model = model("echo 'elevator-helper: the kernel refused bfq for loop0: Invalid argument' >&2; exit 70");
        DeviceRow row = model.rows().get(0);
        model.requestSwitch(row, "bfq");
        assertEquals("none", row.activeProperty().get());
        assertFalse(row.busyProperty().get());
        assertEquals("Could not switch loop0 to bfq: The kernel refused bfq for loop0: Invalid argument",
                model.statusProperty().get());
    }

    @Test
    void detachedLoopDevicesAreNotShown() throws Exception {
        new FakeSysfs(root).device("loop0", "[none] bfq").device("loop1", "[none] bfq");
        Files.writeString(root.resolve("sys/devices/virtual/block/loop1/size"), "0\n");
        DeviceListViewModel model = model("exit 0");
        assertEquals(List.of("loop0"), model.rows().stream().map(DeviceRow::name).toList());
        assertTrue(model.rows().get(0).flags().contains("solid-state"));
    }

    @Test
    void aDeviceUnderBenchmarkIsLockedAndSwitchesAreRefusedUntilTheRunEnds() throws Exception {
        new FakeSysfs(root).device("loop0", "[none] bfq").device("loop1", "[none] bfq");
        Path ran = root.resolve("helper-ran");
        DeviceListViewModel model = model("touch '" + ran + "'");
        DeviceRow loop0 = model.rows().get(0), loop1 = model.rows().get(1);
        model.underBenchmarkProperty().set(loop0);
        assertTrue(loop0.lockedProperty().get() && loop0.benchmarkedProperty().get());
        assertFalse(loop1.lockedProperty().get());
        model.requestSwitch(loop0, "bfq");
        assertFalse(Files.exists(ran), "no switch of a device under benchmark");
        model.underBenchmarkProperty().set(null);
        assertFalse(loop0.lockedProperty().get());
        model.requestSwitch(loop0, "bfq");
        assertTrue(Files.exists(ran), "after the run it switches again");
    }

    /**
     * A sweep's restore, then its "back on" message, while a read begun before still runs: that
     * read shows the sweep's last switch, and must not make the window's own restore a change from
     * outside. A change made after the message still is one.
     */
    @Test
    void aReadBegunBeforeTheStatusDoesNotContradictIt() throws Exception {
        FakeSysfs sysfs = new FakeSysfs(root).device("loop0", "none [kyber] mq-deadline");
        java.util.ArrayDeque<Runnable> answers = new java.util.ArrayDeque<>();
        TaskRunner readNowAnswerLater = new TaskRunner() {
            @Override
            public <T, U> void run(Task<T, U> work, java.util.function.Consumer<? super U> onUpdate,
                                   java.util.function.Consumer<? super T> onSuccess, java.util.function.Consumer<? super Exception> onFailure) {
                try {
                    T result = work.call(onUpdate::accept);
                    answers.add(() -> onSuccess.accept(result));
                } catch (Exception e) {
                    answers.add(() -> onFailure.accept(e));
                }
            }
        };
        SchedulerService service = new SchedulerService(new BlockDeviceScanner(root), new HelperRunner(root.resolve("none.sh"), true));
        DeviceListViewModel model = new DeviceListViewModel(service, readNowAnswerLater);
        model.refresh();
        while (!answers.isEmpty()) answers.poll().run();
        Path scheduler = sysfs.root().resolve("sys/block/loop0/queue/scheduler");

        model.refresh(); // reads kyber, the sweep's last switch
        Files.writeString(scheduler, "none kyber [mq-deadline]\n");
        model.sayAbout("loop0", "mq-deadline", "Finished; loop0 is back on mq-deadline.");
        while (!answers.isEmpty()) answers.poll().run();
        assertEquals("Finished; loop0 is back on mq-deadline.", model.statusProperty().get(), "the older read does not count");
        model.refresh();
        while (!answers.isEmpty()) answers.poll().run();
        assertEquals("Finished; loop0 is back on mq-deadline.", model.statusProperty().get());

        Files.writeString(scheduler, "none [kyber] mq-deadline\n");
        model.refresh();
        while (!answers.isEmpty()) answers.poll().run();
        assertEquals("loop0 now uses kyber; it was changed outside this window.", model.statusProperty().get());
    }

    @Test
    void devicesAreInNaturalOrder() throws Exception {
        FakeSysfs sysfs = new FakeSysfs(root);
        for (String name : List.of("loop10", "loop2", "loop1", "loop100")) sysfs.device(name, "[none] bfq");
        DeviceListViewModel model = model("exit 0");
        assertEquals(List.of("loop1", "loop2", "loop10", "loop100"), model.rows().stream().map(DeviceRow::name).toList());
        sysfs.device("loop3", "[none] bfq");
        model.refresh();
        assertEquals(List.of("loop1", "loop2", "loop3", "loop10", "loop100"), model.rows().stream().map(DeviceRow::name).toList());
    }

    @Test
    void readingOnlyTheDisksTheKernelNamedLeavesTheOtherRowsAlone() throws Exception {
        FakeSysfs sysfs = new FakeSysfs(root).device("loop0", "[none] bfq").device("loop1", "[none] bfq").device("loop2", "[none] bfq");
        DeviceListViewModel model = model("exit 0");
        DeviceRow loop0 = model.rows().get(0);
        var before = loop0.device();
        Files.writeString(root.resolve("sys/devices/virtual/block/loop0/queue/scheduler"), "none [bfq]\n");
        Files.writeString(root.resolve("sys/devices/virtual/block/loop1/queue/scheduler"), "none [bfq]\n");
        Files.delete(root.resolve("sys/block/loop2"));
        sysfs.device("loop3", "[none] bfq");
        model.refresh(java.util.Set.of("loop1", "loop2", "loop3"));
        assertEquals(List.of("loop0", "loop1", "loop3"), model.rows().stream().map(DeviceRow::name).toList());
        assertSame(before, loop0.device(), "a disk not named is not read again");
        assertEquals("none", loop0.activeProperty().get());
        assertEquals("bfq", model.rows().get(1).activeProperty().get());
    }

    /**
     * Disks the kernel named while a read ran are read once it ends, and only they: reading every
     * device instead cost a second of CPU with 200 disks, on each burst of another program's events.
     */
    @Test
    void disksNamedWhileAReadRunsAreReadAfterItAndOnlyThey() throws Exception {
        FakeSysfs sysfs = new FakeSysfs(root).device("loop0", "[none] bfq").device("loop1", "[none] kyber").device("vda", "none [mq-deadline]");
        java.util.ArrayDeque<Runnable> held = new java.util.ArrayDeque<>();
        TaskRunner later = new TaskRunner() {
            @Override
            public <T, U> void run(Task<T, U> work, java.util.function.Consumer<? super U> onUpdate,
                                   java.util.function.Consumer<? super T> onSuccess, java.util.function.Consumer<? super Exception> onFailure) {
                held.add(() -> TaskRunner.immediate().run(work, onUpdate, onSuccess, onFailure));
            }
        };
        SchedulerService service = new SchedulerService(new BlockDeviceScanner(root), new HelperRunner(root.resolve("none.sh"), true));
        DeviceListViewModel model = new DeviceListViewModel(service, later);
        model.refresh();
        while (!held.isEmpty()) held.poll().run();
        assertEquals(3, model.rows().size());

        model.refresh(java.util.Set.of("loop0"));
        for (String[] line : new String[][] {{"loop0", "none [bfq]"}, {"loop1", "none [kyber]"}, {"vda", "[none] mq-deadline"}}) {
            Files.writeString(sysfs.root().resolve("sys/block").resolve(line[0]).resolve("queue/scheduler"), line[1] + "\n");
        }
        model.refresh(java.util.Set.of("loop1"));
        assertEquals(1, held.size(), "one read at a time");
        while (!held.isEmpty()) held.poll().run();
        assertEquals(List.of("mq-deadline", "bfq", "kyber"), model.rows().stream().map(r -> r.activeProperty().get()).toList(),
                "loop0 and loop1 read again, vda (listed first) not");
    }

    @Test
    void manyLoopDevicesAreLeftOutUntilAskedForButTheOneUnderBenchmarkStays() throws Exception {
        FakeSysfs sysfs = new FakeSysfs(root).device("sda", "[mq-deadline] none");
        for (int i = 0; i < LoopDevicesShown.FEW; i++) sysfs.device("loop" + i, "[none] bfq");
        DeviceListViewModel model = model("exit 0");
        assertFalse(model.loopSwitchOfferedProperty().get(), "a few loop devices are listed, with no switch");
        assertEquals(LoopDevicesShown.FEW + 1, model.shown().size());

        sysfs.device("loop" + LoopDevicesShown.FEW, "[none] bfq");
        model.refresh();
        assertTrue(model.loopSwitchOfferedProperty().get(), "one more, and the list offers to leave them out");
        assertEquals(LoopDevicesShown.FEW + 1, model.loopCountProperty().get());
        assertEquals(List.of("sda"), model.shown().stream().map(DeviceRow::name).toList(), "left out until asked for");
        assertEquals(LoopDevicesShown.FEW + 2, model.rows().size(), "the rows are all there, for the rules and the watcher");

        DeviceRow loop2 = model.rows().stream().filter(r -> r.name().equals("loop2")).findFirst().orElseThrow();
        model.underBenchmarkProperty().set(loop2);
        assertEquals(List.of("sda", "loop2"), model.shown().stream().map(DeviceRow::name).toList(), "a benchmark never runs out of sight");
        model.underBenchmarkProperty().set(null);
        assertEquals(List.of("sda"), model.shown().stream().map(DeviceRow::name).toList());

        model.showLoopDevicesProperty().set(true);
        assertEquals(LoopDevicesShown.FEW + 2, model.shown().size(), "shown when asked for");
        Files.delete(root.resolve("sys/block/loop0"));
        Files.delete(root.resolve("sys/block/loop1"));
        model.showLoopDevicesProperty().set(false);
        model.refresh();
        assertFalse(model.loopSwitchOfferedProperty().get(), "few again: no switch");
        assertEquals(LoopDevicesShown.FEW, model.shown().size(), "and every one listed");
    }
}
