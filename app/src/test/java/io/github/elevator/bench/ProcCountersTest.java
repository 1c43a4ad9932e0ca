package io.github.elevator.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The files a run samples four times a second, read from copies of this kernel's format. */
class ProcCountersTest {
    @TempDir
    Path dir;

    @Test
    void theDevicesOwnLineIsFoundAmongSimilarNames() throws IOException {
        Path diskstats = Files.writeString(dir.resolve("diskstats"), """
                 253       0 vda 9 1 2 3 4 5 6 7 0 8 9 0 0 0 0 0 0
                   7       1 loop1 100 11 800 20 0 22 0 0 3 30 20 0 0 0 0 0 0
                   7      10 loop10 200 5 1600 40 0 9 0 0 7 60 40 0 0 0 0 0 0
                   7     100 loop100 1 1 1 1 1 1 1 1 1 1 1 0 0 0 0 0 0
                """);
        assertEquals(new DiskCounters(11 + 22, 3), DiskCounters.read(diskstats, "loop1"));
        assertEquals(new DiskCounters(5 + 9, 7), DiskCounters.read(diskstats, "loop10"));
        assertEquals(DiskCounters.NONE, DiskCounters.read(diskstats, "loop2"));
    }

    @Test
    void theDevicesOwnStatFileIsPreferredToDiskstats() throws IOException {
        Path proc = Files.createDirectories(dir.resolve("proc"));
        Files.writeString(proc.resolve("diskstats"), """
                   7       1 loop1 100 11 800 20 0 22 0 0 3 30 20 0 0 0 0 0 0
                   7       2 loop2 100 1 800 20 0 2 0 0 4 30 20 0 0 0 0 0 0
                """);
        Path loop1 = Files.createDirectories(dir.resolve("sys/class/block/loop1"));
        // this kernel's format: 17 fields, merges at 2 and 6, in flight at 9
        Files.writeString(loop1.resolve("stat"), "     100       12      800       20        0       23        0        0        5       30       20"
                + "        0        0        0        0        0        0\n");
        assertEquals(new DiskCounters(12 + 23, 5), DiskCounters.of(proc, "loop1"));
        assertEquals(new DiskCounters(1 + 2, 4), DiskCounters.of(proc, "loop2"), "no stat file: its diskstats line");
        Files.writeString(loop1.resolve("stat"), "100 12\n");
        assertThrows(IOException.class, () -> DiskCounters.of(proc, "loop1"));
    }

    @Test
    void theCpuLineIsReadAndTheRestIsNot() throws IOException {
        StringBuilder intr = new StringBuilder("intr 123456");
        for (int i = 0; i < 5000; i++) intr.append(" 0");
        Path stat = Files.writeString(dir.resolve("stat"), "cpu  100 0 50 800 20 5 7 0 0 0\ncpu0 50 0 25 400 10 2 3 0 0 0\n"
                + intr + "\nctxt 42\n");
        CpuTimes t = CpuTimes.read(stat);
        assertEquals(50 + 5 + 7, t.system(), "system, irq and softirq");
        assertEquals(20, t.iowait());
        assertEquals(800, t.idle());
        assertEquals(100 + 50 + 800 + 20 + 5 + 7, t.total());
        Path none = Files.writeString(dir.resolve("empty"), "ctxt 42\n");
        assertThrows(IOException.class, () -> CpuTimes.read(none));
    }
}
