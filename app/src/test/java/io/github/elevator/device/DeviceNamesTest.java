package io.github.elevator.device;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DeviceNamesTest {
    @Test
    void numbersInsideNamesCompareAsNumbers() {
        List<String> expected = List.of("dm-0", "dm-2", "dm-10", "loop0", "loop1", "loop2", "loop10", "loop100", "loop199",
                "md0", "mmcblk0", "nvme0n1", "nvme0n2", "nvme1n1", "nvme10n1", "sda", "sdb", "sdz", "sdaa", "sdab", "vda", "zram0");
        List<String> shuffled = new ArrayList<>(expected);
        Collections.shuffle(shuffled, new java.util.Random(3));
        shuffled.sort(DeviceNames.NATURAL);
        assertEquals(expected, shuffled);
    }

    @Test
    void theOrderIsTotalAndConsistentWithEquals() {
        assertEquals(0, DeviceNames.NATURAL.compare("loop7", "loop7"));
        int a = DeviceNames.NATURAL.compare("loop07", "loop7");
        int b = DeviceNames.NATURAL.compare("loop7", "loop07");
        assertEquals(-Integer.signum(a), Integer.signum(b));
        assertEquals(1, Integer.signum(DeviceNames.NATURAL.compare("loop10", "loop9")));
    }
}
