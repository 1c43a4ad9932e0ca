package io.github.elevator.bench;

import io.github.elevator.bench.LoadSnapshot.Kind;
import io.github.elevator.bench.LoadSnapshot.Process;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Other programs' CPU between snapshots, counted from what each process gained, and over the slots only. */
class SlotLoadTest {
    private static final long SECOND = 1_000_000_000L;

    private static LoadSnapshot at(double seconds, long busy, Map<Long, Process> processes) {
        return new LoadSnapshot((long) (seconds * SECOND), busy, processes, 2);
    }

    @Test
    void aKernelThreadThatEndedMeanwhileTakesNothingOffTheKernelsShare() {
        // the loop device's worker did 500 ticks before and 50 since, then the kernel ended it; another worker did 40
        LoadSnapshot before = at(0, 10_000, Map.of(7L, new Process(Kind.KERNEL, 100, 500)));
        LoadSnapshot after = at(1, 10_090, Map.of(8L, new Process(Kind.KERNEL, 900, 40)));
        assertEquals(50, after.otherTicksSince(before), "at most its last 50 ticks are unaccounted, never its 500");
        assertTrue(after.since(before, 0.0).otherCores() <= 0.5, after.since(before, 0.0).toString());
    }

    @Test
    void elevatorsChildThatEndedIsElevatorsAndAPidUsedAgainIsAnotherProcess() {
        // the window (pid 1) waited for fio (pid 2): fio's 300 ticks, 100 of them before, are in the window's now
        LoadSnapshot before = at(0, 0, Map.of(1L, new Process(Kind.OWN, 10, 1000), 2L, new Process(Kind.OWN, 20, 100),
                3L, new Process(Kind.OTHER, 30, 5000)));
        LoadSnapshot after = at(2, 400, Map.of(1L, new Process(Kind.OWN, 10, 1000 + 300),
                3L, new Process(Kind.KERNEL, 35, 60)));
        // own gained 300 - 100 = 200; pid 3 is a new kernel thread (60 ticks); the rest, 140, others'
        assertEquals(140, after.otherTicksSince(before));
        assertEquals(0.7, after.since(before, null).otherCores(), 1e-9);
    }

    @Test
    void neverMoreThanTheMachinesCores() {
        LoadSnapshot before = at(0, 0, Map.of());
        LoadSnapshot after = at(1, 290, Map.of());
        assertEquals(2, after.since(before, 0.0).otherCores(), 1e-9, "290 ticks in a second of 2 cores read as 2, never 2.9");
    }

    @Test
    void aChildElevatorWaitedForCountsAsItsOwnOnThisMachine() throws Exception {
        LoadSnapshot before = LoadSnapshot.take(Path.of("/proc"));
        java.lang.Process spin = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        Thread.sleep(800);
        long spun = ticksOf(spin.pid());
        spin.destroy();
        spin.waitFor();
        LoadSnapshot after = LoadSnapshot.take(Path.of("/proc"));
        long own = after.ownTicks() - before.ownTicks();
        assertTrue(spun >= 5, "the child ran: " + spun + " ticks");
        assertTrue(own >= spun, "the child's " + spun + " ticks, gone from the process list, are in this process's: " + own);
    }

    @Test
    void onlyTheStretchesOfSlotsCount(@TempDir Path proc) throws Exception {
        long self = ProcessHandle.current().pid();
        writeProc(proc, 1000, self, 500);
        SlotLoad slots = new SlotLoad(proc);
        assertEquals(null, slots.load(0.0), "no slot measured yet");
        slots.begin();
        Thread.sleep(400);
        writeProc(proc, 1000 + 20 + 40, self, 500 + 40); // 20 ticks others', 40 Elevator's own
        slots.end();
        writeProc(proc, 1060 + 5000, self, 540); // between the slots: another program's 50 s, not counted
        slots.begin();
        Thread.sleep(400);
        writeProc(proc, 6060 + 20, self, 540);
        slots.end();
        OtherLoad load = slots.load(0.0);
        // 40 ticks of others over about 0.8 s of slots: 0.5 of a core (less where the sleeps ran long)
        assertTrue(load.otherCores() > 0.25 && load.otherCores() <= 0.5 + 1e-9, load.toString());
        assertEquals(0.8, slots.seconds(), 0.4);
    }

    /** A /proc of this process alone: the machine's busy ticks, split into user and system, and this process's. */
    private static void writeProc(Path proc, long busy, long self, long ownTicks) throws Exception {
        java.nio.file.Files.writeString(proc.resolve("stat"), "cpu  " + (busy / 2) + " 0 " + (busy - busy / 2) + " 100000 0 0 0 0 0 0\n");
        Path dir = java.nio.file.Files.createDirectories(proc.resolve(Long.toString(self)));
        // after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
        // priority nice threads itrealvalue starttime
        java.nio.file.Files.writeString(dir.resolve("stat"), self + " (java) S 1 1 1 0 -1 4194560 0 0 0 0 " + ownTicks + " 0 0 0 20 0 30 0 777\n");
    }

    /** utime + stime of a live process, in ticks. */
    private static long ticksOf(long pid) throws Exception {
        String line = java.nio.file.Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] f = line.substring(line.lastIndexOf(')') + 2).trim().split("\\s+");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
