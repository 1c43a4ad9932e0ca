package io.github.elevator.bench;

import io.github.elevator.bench.LoadSnapshot.Kind;
import io.github.elevator.bench.LoadSnapshot.Process;
import org.junit.jupiter.api.Test;

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
        java.lang.Process spin = new ProcessBuilder("timeout", "0.8", "sh", "-c", "while :; do :; done").start();
        spin.waitFor();
        LoadSnapshot after = LoadSnapshot.take(Path.of("/proc"));
        assertTrue(after.ownTicks() - before.ownTicks() >= 40, "the child's CPU, gone from the process list, is in this process's: "
                + (after.ownTicks() - before.ownTicks()) + " ticks");
    }

    @Test
    void onlyTheStretchesOfSlotsCount() throws Exception {
        SlotLoad slots = new SlotLoad(Path.of("/proc"));
        assertEquals(null, slots.load(0.0), "no slot measured yet");
        // another program busy between the slots only: a loop whose parent exits at once is re-parented away from this process
        slots.begin();
        Thread.sleep(300);
        slots.end();
        java.lang.Process starter = new ProcessBuilder("sh", "-c", "(timeout 1.2 sh -c 'while :; do :; done' &) ; exit 0").start();
        assertEquals(0, starter.waitFor());
        Thread.sleep(1300);
        slots.begin();
        Thread.sleep(300);
        slots.end();
        assertEquals(0.6, slots.seconds(), 0.1);
        OtherLoad during = slots.load(0.0);
        LoadSnapshot a = LoadSnapshot.take(Path.of("/proc"));
        java.lang.Process busy = new ProcessBuilder("sh", "-c", "(timeout 1.2 sh -c 'while :; do :; done' &) ; exit 0").start();
        assertEquals(0, busy.waitFor());
        Thread.sleep(1000);
        OtherLoad whole = LoadSnapshot.take(Path.of("/proc")).since(a, 0.0);
        // on a machine others keep busy too, the stretch with the loop reads higher by about the loop's core
        assertTrue(whole.otherCores() - during.otherCores() >= 0.5, "slots " + during + ", with the loop " + whole);
    }
}
