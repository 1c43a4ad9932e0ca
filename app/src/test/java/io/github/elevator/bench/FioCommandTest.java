package io.github.elevator.bench;

import io.github.elevator.bench.Workload;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FioCommandTest {

    @Test
    void randReadIsPreadAtDepthOneOverTheWholeDeviceInAlignedBlocksOfItsSize() {
        assertEquals(List.of("/usr/bin/fio", "--name=rand-read", "--filename=/dev/loop3", "--readonly", "--direct=1", "--thread",
                "--ioengine=psync", "--rw=randread", "--bs=4k", "--iodepth=1", "--norandommap", "--randrepeat=0", "--blockalign=4k",
                "--ramp_time=100ms", "--runtime=5", "--time_based", "--clat_percentiles=0", "--lat_percentiles=1",
                "--percentile_list=99", "--output-format=json"), FioCommand.argv("rand-read", "loop3", 5));
    }

    /** The table says what the workloads do: a workload changed without its fio twin fails here. */
    @Test
    void everyRawReadWorkloadHasItsTwinWithTheSameBlockSizeDepthEngineAndPattern() {
        for (Workload w : Workload.values()) {
            assertEquals(w.raw(), FioCommand.covers(w.id()), w.id());
            if (!w.raw()) continue;
            List<String> argv = FioCommand.argv(w.id(), "nvme0n1", 3);
            String bs = w.blockSize() == 1 << 20 ? "1M" : w.blockSize() / 1024 + "k";
            assertTrue(argv.contains("--bs=" + bs), argv.toString());
            assertTrue(argv.contains("--iodepth=" + w.queueDepth()), argv.toString());
            assertTrue(argv.contains("--ioengine=" + (w.queueDepth() == 1 ? "psync" : "io_uring")), argv.toString());
            assertTrue(argv.contains("--rw=" + (w.random() ? "randread" : "read")), argv.toString());
            assertEquals(w.random(), argv.contains("--blockalign=" + bs), argv.toString());
            assertTrue(argv.containsAll(List.of("--readonly", "--direct=1", "--filename=/dev/nvme0n1", "--runtime=3")), argv.toString());
            assertTrue(argv.stream().noneMatch(a -> a.contains("write") || a.startsWith("--rw=rw")), "fio only reads: " + argv);
        }
    }

    @Test
    void theShownCommandIsTheVectorWithNothingAShellWouldChange() {
        List<String> argv = FioCommand.argv("rand-read-qd32", "mmcblk0", 10);
        String shown = io.github.elevator.bench.FioComparison.shown(argv);
        assertEquals(argv, List.of(shown.split(" ")));
        assertTrue(shown.matches("[A-Za-z0-9/=._%,-]+( [A-Za-z0-9/=._%,-]+)*"), shown);
    }

    @Test
    void refusesWhatTheTableDoesNotHold() {
        assertThrows(IllegalArgumentException.class, () -> FioCommand.argv("small-files", "loop3", 5));
        assertThrows(IllegalArgumentException.class, () -> FioCommand.argv("rand-read", "../sda", 5));
        assertThrows(IllegalArgumentException.class, () -> FioCommand.argv("rand-read", "loop3 --rw=write", 5));
        assertThrows(IllegalArgumentException.class, () -> FioCommand.argv("rand-read", "loop3", 0));
        assertThrows(IllegalArgumentException.class, () -> FioCommand.argv("rand-read", "loop3", 11));
        assertFalse(FioCommand.covers("read-under-write"));
    }

    @Test
    void fioRunsAsLongAsElevatorsRunInWholeSecondsUpToTen() {
        assertEquals(5, io.github.elevator.bench.FioComparison.seconds(5));
        assertEquals(1, io.github.elevator.bench.FioComparison.seconds(0.3));
        assertEquals(10, io.github.elevator.bench.FioComparison.seconds(60));
    }
}
