package io.github.elevator.bench;

import io.github.elevator.device.BlockDevice;
import io.github.elevator.device.BlockDeviceScanner;
import io.github.elevator.testing.Fixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static io.github.elevator.bench.Workload.RAND_READ;
import static io.github.elevator.bench.Workload.RAND_READ_QD32;
import static io.github.elevator.bench.Workload.READ_UNDER_WRITE;
import static io.github.elevator.bench.Workload.SEQ_READ;
import static io.github.elevator.bench.Workload.SMALL_FILES;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The default workloads of the copied workstation's devices, with and without a filesystem to write. */
class DefaultWorkloadsTest {
    private static final List<Workload> RAW = List.of(SEQ_READ, RAND_READ, RAND_READ_QD32);

    private static BlockDevice device(String name) throws IOException {
        return new BlockDeviceScanner(Fixtures.workstation()).find(name).orElseThrow();
    }

    private static List<Workload> plus(Workload w) {
        return List.of(SEQ_READ, RAND_READ, RAND_READ_QD32, w);
    }

    @Test
    void aUsbStickWithAFilesystemToWriteGetsSmallFilesThoughItSaysItRotates() throws IOException {
        BlockDevice stick = device("sdc");
        assertEquals(true, stick.rotational(), "usb-storage reports the stick as rotating");
        assertEquals(plus(SMALL_FILES), DefaultWorkloads.of(stick, true));
    }

    @Test
    void anSdCardWithAFilesystemToWriteGetsSmallFiles() throws IOException {
        assertEquals(plus(SMALL_FILES), DefaultWorkloads.of(device("mmcblk0"), true));
    }

    @Test
    void aHardDiskWithAFilesystemToWriteGetsReadUnderWrite() throws IOException {
        assertEquals(plus(READ_UNDER_WRITE), DefaultWorkloads.of(device("sdb"), true));
    }

    @Test
    void solidStateDisksAndLoopDevicesWithAFilesystemToWriteGetReadUnderWriteToo() throws IOException {
        for (String name : List.of("nvme0n1", "sda", "loop0")) {
            assertEquals(false, device(name).rotational(), name);
            assertEquals(plus(READ_UNDER_WRITE), DefaultWorkloads.of(device(name), true), name);
        }
    }

    @Test
    void withoutAFilesystemToWriteEveryDeviceGetsTheRawReadsOnly() throws IOException {
        for (String name : List.of("sdc", "mmcblk0", "sdb", "vda", "nvme0n1")) {
            assertEquals(RAW, DefaultWorkloads.of(device(name), false), name);
        }
    }

    @Test
    void whatIsWritableIsWhatScratchFinds(@TempDir Path mounted) throws IOException {
        BlockDevice stick = device("sdc");
        assertEquals(RAW, DefaultWorkloads.of(stick, Scratch.writableMount(stick).isPresent()),
                "the fixture's /media/alex/CRUZER is not mounted on this machine");
        BlockDevice here = new BlockDevice(stick.name(), stick.model(), stick.vendor(), stick.serial(), stick.wwn(), stick.sizeBytes(),
                stick.transport(), stick.rotational(), stick.removable(), stick.readOnly(), List.of(mounted.toString()),
                stick.schedulers(), stick.active(), stick.schedulerNote(), stick.zoned(), stick.hwQueues(), stick.tunables(),
                stick.stack(), stick.restsOn(), stick.paths());
        assertEquals(plus(SMALL_FILES), DefaultWorkloads.of(here, Scratch.writableMount(here).isPresent()), "a private folder it can write");
    }
}
