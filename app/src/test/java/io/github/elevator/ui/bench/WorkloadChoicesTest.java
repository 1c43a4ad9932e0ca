package io.github.elevator.ui.bench;

import io.github.elevator.app.BenchmarkHistory;
import io.github.elevator.app.SchedulerService;
import io.github.elevator.app.TaskRunner;
import io.github.elevator.bench.Workload;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.privilege.HelperRunner;
import io.github.elevator.testing.Fixtures;
import io.github.elevator.ui.devices.DeviceListViewModel;
import io.github.elevator.ui.devices.DeviceRow;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The window's default workloads follow the selected device: a copy of the workstation fixture
 * whose USB stick is mounted on a folder of this machine, so that it can really be written.
 */
class WorkloadChoicesTest {
    @TempDir
    Path dir;

    private Path stick;
    private DeviceListViewModel devices;
    private BenchmarkController bench;
    private final SimulatedSweep sweep = SimulatedSweep.typical();

    @BeforeEach
    void workstationWithItsStickMountedHere() throws Exception {
        Path root = dir.resolve("workstation");
        Process cp = new ProcessBuilder("cp", "-a", Fixtures.workstation().toString(), root.toString()).inheritIO().start();
        assertEquals(0, cp.waitFor(), "copied with its links");
        stick = Files.createDirectory(dir.resolve("CRUZER"));
        Path mountinfo = root.resolve("proc/self/mountinfo");
        Files.writeString(mountinfo, Files.readString(mountinfo).replace("/media/alex/CRUZER", stick.toString()));
        SchedulerService schedulers = new SchedulerService(new BlockDeviceScanner(root), new HelperRunner(dir.resolve("no-helper"), true));
        devices = new DeviceListViewModel(schedulers, TaskRunner.immediate());
        devices.refresh();
        bench = new BenchmarkController(sweep, new BenchmarkHistory(dir.resolve("history")), schedulers, TaskRunner.immediate(),
                s -> { }, () -> { });
    }

    private DeviceRow row(String name) {
        return devices.rows().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    private Set<Workload> ticked() {
        Set<Workload> on = EnumSet.noneOf(Workload.class);
        for (Workload w : Workload.values()) if (bench.model().chosen(w).get()) on.add(w);
        return on;
    }

    private static final Set<Workload> RAW = EnumSet.of(Workload.SEQ_READ, Workload.RAND_READ, Workload.RAND_READ_QD32);

    @Test
    void aWritableStickGetsSmallFilesAndTheWindowSaysWhatItWritesWhere() {
        bench.model().deviceProperty().set(row("sdc"));
        Set<Workload> expected = EnumSet.copyOf(RAW);
        expected.add(Workload.SMALL_FILES);
        assertEquals(expected, ticked());
        String plan = bench.model().writePlanProperty().get();
        assertTrue(plan.matches("small-files writes about [0-9.]+ (KiB|MiB) at a time in a private folder on " + stick
                + ", removed afterwards\\."), plan);
        bench.all();
        assertEquals(List.copyOf(expected), sweep.requests.get(0).workloads(), "the request carries the defaults");
    }

    @Test
    void devicesWithoutAFilesystemToWriteGetTheRawReadsAndNoPlan() {
        // not nvme0n1: the fixture mounts it on /, which root can write here
        for (String name : List.of("sdb", "mmcblk0", "loop0")) {
            bench.model().deviceProperty().set(row(name));
            assertEquals(RAW, ticked(), name);
            assertEquals("", bench.model().writePlanProperty().get(), name);
        }
    }

    @Test
    void aPersonsOwnChoiceForADeviceStaysWhenTheyComeBackToIt() {
        bench.model().deviceProperty().set(row("sdc"));
        bench.model().chosen(Workload.SMALL_FILES).set(false);
        bench.model().chosen(Workload.READ_UNDER_WRITE).set(true);
        assertTrue(bench.model().writePlanProperty().get().startsWith("read-under-write writes at most 8.00 GiB in all, about "),
                bench.model().writePlanProperty().get());
        bench.model().deviceProperty().set(row("sdb"));
        assertEquals(RAW, ticked(), "another device: its own defaults");
        bench.model().deviceProperty().set(row("sdc"));
        Set<Workload> mine = EnumSet.copyOf(RAW);
        mine.add(Workload.READ_UNDER_WRITE);
        assertEquals(mine, ticked(), "the stick: what the person chose for it");
        bench.model().chosen(Workload.SMALL_FILES).set(true);
        assertTrue(bench.model().writePlanProperty().get().startsWith("small-files and read-under-write write about "),
                bench.model().writePlanProperty().get());
    }
}
